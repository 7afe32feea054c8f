import { doorQuestionsOf } from '@meetflow/shared/forms/door-questions';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import { isEmptyAnswer, visibleKeys } from '@meetflow/shared/forms/form-engine';
import type { OfflineGuest } from '@meetflow/shared/schemas/offline-door';

/*
 * The ask-at-door questions (issue 42) as a station keeps them: the copy holds the meeting's door
 * fields once and, per guest, the keys still open; answers given here close them on this device at
 * once, before the server's copy says so.
 */

/** A guest's open questions, resolved as the server resolves them (shared forms/door-questions.ts). */
export function questionsOf(doorFields: readonly FormField[] | undefined, guest: OfflineGuest): FormField[] {
  return doorQuestionsOf(doorFields ?? [], guest.door_keys ?? []);
}

/**
 * The questions still open once `values` are given: unanswered ones still shown, and follow-ups of a
 * question that stays open (asked again with it). One hidden by an answer given is closed.
 */
export function openKeysAfter(
  questions: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
): string[] {
  const shown = visibleKeys(questions, values, { userTypeId: null });
  const open: string[] = [];
  for (const field of questions) {
    if (!isEmptyAnswer(values[field.key]) && !(field.type === 'consent' && values[field.key] === false))
      continue;
    if (shown.has(field.key) || (field.show_if && open.includes(field.show_if.key))) open.push(field.key);
  }
  return open;
}

/** The guest as the copy holds them after answering `values`. */
export function withoutAnswered(
  doorFields: readonly FormField[] | undefined,
  guest: OfflineGuest,
  values: Readonly<Record<string, unknown>>,
): OfflineGuest {
  if (!guest.door_keys?.length) return guest;
  const { door_keys: _asked, ...rest } = guest;
  const open = openKeysAfter(questionsOf(doorFields, guest), values);
  return open.length > 0 ? { ...rest, door_keys: open } : rest;
}
