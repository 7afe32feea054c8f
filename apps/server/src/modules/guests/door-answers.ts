import { doorQuestions, checkDoorAnswers } from '@meetflow/shared/forms/door-questions';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { AnswerError } from '@meetflow/shared/forms/form-engine';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { findGuestAnswers, updateGuestAnswers } from './guests.repository.ts';
import { reindexAnswers } from './guest-search.ts';
import { formFieldsOf, parseAnswers } from './registration-form.ts';

/*
 * Answers given at the door (issue 42), part of the guest core's write API (exported through
 * guest-rules.ts): the attendance module's scans and offline uploads call it, in their transaction.
 */

/** A few tries when parallel doors answer for one guest: each merges into what the other wrote. */
const MERGE_TRIES = 5;

export type DoorAnswersOutcome =
  /** The guest is not a live guest of the meeting (cancelled, erased, another meeting's). */
  | { kind: 'gone' }
  /** Refused by the form: each field's error, with the fields to name them. */
  | { kind: 'invalid'; errors: Record<string, AnswerError>; fields: FormField[] }
  /**
   * Merged: the keys written (none when every answer was already stored), the audit's before and
   * after (values of personal fields masked) and the questions still open.
   */
  | { kind: 'saved'; saved: string[]; changes: FieldChange[]; questions: FormField[] };

/**
 * Checks answers given at the door against the guest's form and stored answers (ask-at-door fields
 * shown to the guest only, forms/door-questions.ts) and merges them in: later answers overwrite
 * earlier ones field by field, and no other answer is touched. Marks the guest changed for the
 * door copies and emits `guest.updated` in the caller's transaction.
 */
export async function saveDoorAnswers(
  trx: Db,
  webhooks: WebhookEmitter,
  input: { meetingId: number; guestId: number; given: Readonly<Record<string, unknown>>; now: number },
): Promise<DoorAnswersOutcome> {
  const fields = await formFieldsOf(trx, input.meetingId);
  for (let tries = 0; tries < MERGE_TRIES; tries += 1) {
    const row = await findGuestAnswers(trx, input.guestId);
    if (!row || row.meeting_id !== input.meetingId || row.cancelled_at !== null || row.erased_at !== null)
      return { kind: 'gone' };
    const stored = parseAnswers(row.answers);
    const context = { userTypeId: row.user_type_id };
    const { answers, errors } = checkDoorAnswers(fields, stored, input.given, context);
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors, fields };
    const saved = Object.keys(answers).filter(
      (key) => JSON.stringify(stored[key]) !== JSON.stringify(answers[key]),
    );
    const after = { ...stored, ...answers };
    if (saved.length === 0)
      return { kind: 'saved', saved, changes: [], questions: doorQuestions(fields, after, context) };
    const change = { before: row.answers, after: JSON.stringify(after) };
    if (!(await updateGuestAnswers(trx, input.guestId, change, input.now))) continue;
    // The list's answer filters find the guest by what was answered at the door.
    await reindexAnswers(trx, row, change);
    const personal = fields.filter((f) => f.personal).map((f) => `answers.${f.key}`);
    const prefixed = (values: Record<string, unknown>) =>
      Object.fromEntries(saved.map((key) => [`answers.${key}`, values[key] ?? null]));
    const changes = fieldChanges(prefixed(stored), prefixed(after), { personal });
    await webhooks.emit(trx, {
      type: 'guest.updated',
      meetingId: input.meetingId,
      guestId: input.guestId,
      data: { guest_id: input.guestId, changed: saved.map((key) => `answers.${key}`), source: 'door' },
    });
    return { kind: 'saved', saved, changes, questions: doorQuestions(fields, after, context) };
  }
  throw new Error(`guest ${input.guestId}: answers changed under ${MERGE_TRIES} door merges in a row`);
}
