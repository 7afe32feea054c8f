import type { Db } from '../../db/database.ts';

/*
 * What other modules write in the evaluations' tables (the privacy module's shredder): asked here
 * rather than written by them. Anonymous responses are not here: nothing links them to a guest.
 */

/**
 * A named evaluation's answers are the guest's personal data: erased with the guest (a purge of the
 * meeting, a withdrawal). The completion stays without them — that the guest completed, when, and
 * the quiz's pass — as the certificate it unlocked and the response figures still rest on it.
 */
export async function eraseNamedAnswers(trx: Db, meetingId: number, guestId?: number): Promise<void> {
  const guests = trx
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('id', '=', guestId!));
  await trx
    .updateTable('evaluation_completions')
    .set({ answers: null })
    .where('guest_id', 'in', guests)
    .where('answers', 'is not', null)
    .execute();
}
