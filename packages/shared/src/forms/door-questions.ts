import { isAnswerField, type FormField } from './form-definition.ts';
import {
  isEmptyAnswer,
  validateAnswers,
  visibleKeys,
  type AnswerError,
  type Answers,
  type FormContext,
} from './form-engine.ts';

/*
 * Fields marked "ask at the door" (issue 42): which of them a guest is still to be asked at
 * check-in, and the check of the answers given there. One rule for the server's scan answer, the
 * offline copy, the upload of an offline station's answers and the station's own form.
 *
 * The door sees only the questions, not the guest's other answers: each question comes *resolved*,
 * its registration types and any condition on a field the door does not ask already decided from the
 * guest's stored answers. A condition stays only where it names another question asked in the same
 * go (a yes/no asked at the door that opens a follow-up), and the door's form evaluates it as the
 * answers are typed.
 */

/** The types a door station answers; a phone number or a file is shown with a note, not asked. */
export const DOOR_ANSWER_TYPES = [
  'short_text',
  'long_text',
  'number',
  'choice',
  'multi_choice',
  'yes_no',
  'date',
  'email',
  'consent',
] as const;

export function answeredAtDoor(field: Pick<FormField, 'type'>): boolean {
  return (DOOR_ANSWER_TYPES as readonly string[]).includes(field.type);
}

/** A meeting's ask-at-door fields that take an answer (not retired): what an offline copy carries once. */
export function doorFields(fields: readonly FormField[]): FormField[] {
  return fields.filter((f) => f.ask_at_door && !f.retired && isAnswerField(f));
}

/**
 * The ask-at-door questions a guest has not answered, resolved (see above), in the form's order:
 * those shown to them now, and those a question asked with them may open.
 */
export function doorQuestions(
  fields: readonly FormField[],
  stored: Readonly<Record<string, unknown>>,
  context: FormContext,
): FormField[] {
  const shown = visibleKeys(fields, stored, context);
  const asked = new Set<string>();
  const questions: FormField[] = [];
  for (const field of doorFields(fields)) {
    if (!isEmptyAnswer(stored[field.key])) continue;
    if (field.user_type_ids.length > 0 && !field.user_type_ids.includes(context.userTypeId ?? -1)) continue;
    const condition = field.show_if;
    if (condition && asked.has(condition.key)) {
      questions.push({ ...field, user_type_ids: [] });
    } else if (shown.has(field.key)) {
      questions.push({ ...field, user_type_ids: [], show_if: null });
    } else continue;
    asked.add(field.key);
  }
  return questions;
}

/** The questions named by `keys` (an offline copy's guest), resolved from the copy's door fields. */
export function doorQuestionsOf(fields: readonly FormField[], keys: readonly string[]): FormField[] {
  const asked = new Set(keys);
  return fields
    .filter((f) => asked.has(f.key))
    .map((f) => ({
      ...f,
      user_type_ids: [],
      show_if: f.show_if && asked.has(f.show_if.key) ? f.show_if : null,
    }));
}

/** The door's form: a question the door cannot answer (a phone, a file) is never required there. */
function asAskedAtDoor(field: FormField): FormField {
  return answeredAtDoor(field) ? field : { ...field, required: false };
}

/**
 * What a door form's answers amount to, on the station: the engine's check of resolved questions
 * (their conditions among themselves only), with the door's rule on what it must answer.
 */
export function validateDoorForm(
  questions: readonly FormField[],
  raw: Readonly<Record<string, unknown>>,
): { answers: Answers; errors: Record<string, AnswerError> } {
  return validateAnswers(questions.map(asAskedAtDoor), raw, { userTypeId: null });
}

/**
 * Answers given at the door, checked against the guest's whole form and stored answers: only
 * ask-at-door fields shown to the guest (with the new answers) are taken; a key the door may not
 * answer is dropped, as the engine drops a hidden field's answer. A required question the door can
 * answer must be answered (now or before). `answers` holds the given answers to merge, normalised;
 * answers stored earlier, of any field, are not touched.
 */
export function checkDoorAnswers(
  fields: readonly FormField[],
  stored: Readonly<Record<string, unknown>>,
  given: Readonly<Record<string, unknown>>,
  context: FormContext,
): { answers: Answers; errors: Record<string, AnswerError> } {
  const door = doorFields(fields);
  // Only the door's own keys count, for what is shown too: a registration answer sent along opens nothing.
  const doorGiven = Object.fromEntries(door.filter((f) => f.key in given).map((f) => [f.key, given[f.key]]));
  const merged = { ...stored, ...doorGiven };
  const shown = visibleKeys(fields, merged, context);
  const asked = door.filter(
    (f) =>
      shown.has(f.key) &&
      (f.key in doorGiven || (f.required && answeredAtDoor(f) && isEmptyAnswer(merged[f.key]))),
  );
  // Shown already decided on the whole form: the engine checks each value and the required rule.
  const { answers, errors } = validateAnswers(
    asked.map((f) => ({ ...asAskedAtDoor(f), user_type_ids: [], show_if: null })),
    Object.fromEntries(asked.map((f) => [f.key, merged[f.key]])),
    context,
  );
  return {
    answers: Object.fromEntries(Object.entries(answers).filter(([key]) => key in doorGiven)),
    errors,
  };
}
