import * as answers from './evaluation-answers.repository.ts';
import * as evaluations from './evaluations.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * Evaluations as other modules read them (the certificate rule asks which evaluations a meeting
 * offers and who completed them). This file imports only the evaluations' repositories (never a
 * service), so asking it pulls no module's services into the caller's imports.
 */

/** The offered (open or closed) evaluations of the meetings: id, meeting and scope. */
export async function offeredEvaluations(
  db: Db,
  meetingIds: readonly number[],
): Promise<{ id: number; meeting_id: number; scope_id: number }[]> {
  const rows = await evaluations.findOfferedEvaluations(db, meetingIds);
  return rows.map(({ id, meeting_id, scope_id }) => ({ id, meeting_id, scope_id }));
}

/** The guests' completions of the evaluations, with the quiz's pass (1), fail (0) or none (null). */
export function guestCompletions(db: Db, guestIds: readonly number[], evaluationIds: readonly number[]) {
  return answers.findGuestCompletions(db, guestIds, evaluationIds);
}
