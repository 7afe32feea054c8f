import type { Db } from '../../db/database.ts';
import { isAnswerField } from '@meetflow/shared/forms/form-definition';
import type { AnswerValue, Answers } from '@meetflow/shared/forms/form-engine';
import { deleteFiles } from '../files/files.writes.ts';
import { parseAnswers, parseFields } from '../guests/guest-rules.ts';
import { meetingFormJson } from '../guests/guests.reads.ts';
import { eraseDeliveredAnswers } from '../webhooks/webhooks.writes.ts';
import * as repo from './privacy.repository.ts';

/** Guests read a page at a time: a purge of 100,000 never holds every answer in memory at once. */
const PAGE = 2_000;

/** A file answer (`{id, name, mime, size}`): its stored file's id. */
function answerFileId(value: AnswerValue): string | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) && 'mime' in value && 'id' in value
    ? value.id
    : undefined;
}

/**
 * The answers to the meeting's personal fields (and to keys its form does not know) out of its guests'
 * answers — all of them, or one guest's — and out of their events in the webhook outbox; answers to
 * fields not marked personal stay, for the figures. A file answered with is deleted once no answer,
 * waiting place, meeting or certificate template names it any more. Runs before the guests are
 * marked erased: it picks the guests not erased yet.
 */
export async function eraseAnswers(trx: Db, meetingId: number, guestId?: number): Promise<void> {
  const fields = parseFields(await meetingFormJson(trx, meetingId));
  const kept = new Set(fields.filter((f) => isAnswerField(f) && !f.personal).map((f) => f.key));
  const files = new Set<string>();
  for (let after = 0; ;) {
    const rows = await repo.answersPage(trx, meetingId, guestId, after, PAGE);
    for (const [answers, ids] of keptAnswers(rows, kept, files)) await repo.setAnswers(trx, ids, answers);
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  await eraseDeliveredAnswers(trx, meetingId, guestId, kept);
  const unused = await repo.unreferencedFiles(trx, [...files]);
  if (unused.length > 0) await deleteFiles(trx, unused);
}

/**
 * What each of these guests keeps (the `kept` keys of their answers, as JSON) → the guests left with
 * it, those whose answers change only; the files the other keys named go into `files`. Guests left
 * with the same answers (most often none) are then rewritten by one statement.
 */
function keptAnswers(
  rows: readonly { id: number; answers: string }[],
  kept: ReadonlySet<string>,
  files: Set<string>,
): Map<string, number[]> {
  const byResult = new Map<string, number[]>();
  for (const row of rows) {
    const left: Answers = {};
    for (const [key, value] of Object.entries(parseAnswers(row.answers))) {
      if (kept.has(key)) left[key] = value;
      else {
        const file = answerFileId(value);
        if (file) files.add(file);
      }
    }
    const json = JSON.stringify(left);
    if (json === row.answers) continue;
    // Appended in place: copying the list for each guest made a purge's time grow with its square.
    const ids = byResult.get(json);
    if (ids) ids.push(row.id);
    else byResult.set(json, [row.id]);
  }
  return byResult;
}
