import type { CertificateRule } from '@meetflow/shared/schemas/certificates';
import type { Db } from '../../db/database.ts';
import { guestCompletions, offeredEvaluations } from '../evaluations/evaluations.reads.ts';

/*
 * The certificate rule's evaluation switches (issue 43): presence earns the certificate, then it
 * waits until every required evaluation that is offered has been completed with its quiz (if any)
 * passed. A draft is not offered and so asks nothing.
 */

/** Guests whose completions are read per query. */
const SLICE = 500;

/** The ids of the meeting's offered evaluations that the rule asks for. */
export async function requiredEvaluationIds(
  db: Db,
  meetingId: number,
  rule: CertificateRule,
): Promise<number[]> {
  if (!rule.meeting_evaluation_required && !rule.session_evaluations_required) return [];
  const sessions = new Set(rule.required_session_ids);
  return (await offeredEvaluations(db, [meetingId]))
    .filter((e) =>
      e.scope_id === 0
        ? rule.meeting_evaluation_required
        : rule.session_evaluations_required && sessions.has(e.scope_id),
    )
    .map((e) => e.id);
}

/** For each listed guest, the required evaluations not yet completed and passed ([] for none). */
export async function awaitedEvaluations(
  db: Db,
  meetingId: number,
  rule: CertificateRule,
  guestIds: readonly number[],
): Promise<Map<number, number[]>> {
  const required = guestIds.length === 0 ? [] : await requiredEvaluationIds(db, meetingId, rule);
  const done = new Set<string>();
  for (let i = 0; required.length > 0 && i < guestIds.length; i += SLICE) {
    for (const c of await guestCompletions(db, guestIds.slice(i, i + SLICE), required))
      if (c.passed !== 0) done.add(`${c.guest_id}:${c.evaluation_id}`);
  }
  return new Map(guestIds.map((id) => [id, required.filter((e) => !done.has(`${id}:${e}`))]));
}
