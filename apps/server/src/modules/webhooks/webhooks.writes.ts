import type { Db } from '../../db/database.ts';
import * as webhooks from './webhooks.repository.ts';

/*
 * The writes other modules make to the webhook outbox (an erasure): the statements stay with the
 * webhooks repository, the owner of the table. Imports only the module's repository, never a service.
 */

/**
 * Keeps only the answers under `kept` keys in the events of a meeting's guests (all, or one) still in
 * the outbox, pending or finished: a guest event carries the guest's answers, and an erasure must
 * reach every copy. Answers how many deliveries were rewritten.
 */
export async function eraseDeliveredAnswers(
  db: Db,
  meetingId: number,
  guestId: number | undefined,
  kept: ReadonlySet<string>,
): Promise<number> {
  let rewritten = 0;
  for (const row of await webhooks.deliveriesWithAnswers(db, meetingId, guestId)) {
    const message = JSON.parse(row.payload) as { data?: { answers?: Record<string, unknown> } };
    const answers = message.data?.answers;
    if (!answers || typeof answers !== 'object') continue;
    const keys = Object.keys(answers);
    if (keys.every((key) => kept.has(key))) continue;
    message.data!.answers = Object.fromEntries(keys.filter((k) => kept.has(k)).map((k) => [k, answers[k]]));
    await webhooks.rewritePayload(db, row.id, JSON.stringify(message));
    rewritten += 1;
  }
  return rewritten;
}
