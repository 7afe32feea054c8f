import type { Db } from '../../db/database.ts';
import * as answers from './evaluation-answers.repository.ts';

/*
 * The writes other modules make to the evaluations' tables (the privacy module's shredder): the
 * statements stay with their owner. Anonymous responses are not here: nothing links them to a guest.
 */

/**
 * A named evaluation's answers are the guest's personal data: erased with the guest (a purge of the
 * meeting, a withdrawal). The completion stays without them — that the guest completed, when, and
 * the quiz's pass — as the certificate it unlocked and the response figures still rest on it.
 */
export function eraseNamedAnswers(trx: Db, meetingId: number, guestId?: number): Promise<void> {
  return answers.eraseNamedAnswers(trx, meetingId, guestId);
}
