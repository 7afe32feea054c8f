import {
  CONDITION_SOURCE_TYPES,
  FIELD_MAX_OPTIONS,
  FORM_MAX_FIELDS,
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  conditionValues,
  isAnswerField,
  localText,
  type FormField,
  type FormFieldOption,
  type FormFieldType,
} from '@meetflow/shared/forms/form-definition';
import { linkInLanguage, type Language, type Localized } from '@meetflow/shared/languages';
import type { RegistrationFormBody } from '@meetflow/shared/schemas/forms';
import type { Meeting } from '@meetflow/shared/schemas/meetings';

/**
 * The form builder's rules (issue 42), without UI: the built-in fields each meeting type starts with,
 * new fields and their keys, moves, conditions, the body a save sends and where the server's field
 * messages go. The draft is the list of fields itself, as the server's schema defines them.
 */

type MeetingType = Meeting['meeting_type'];

/** The spec's own fields of each meeting type, always first on the form: shown, never edited here. */
export const BUILT_IN_FIELDS: Record<MeetingType, readonly { id: string; required: boolean }[]> = {
  general: [
    { id: 'name', required: true },
    { id: 'gender', required: true },
    { id: 'localGuest', required: true },
    { id: 'phone', required: true },
    { id: 'email', required: true },
    { id: 'institution', required: false },
    { id: 'jobTitle', required: false },
    { id: 'contactName', required: false },
    { id: 'contactNumber', required: true },
    { id: 'contactPhone', required: true },
  ],
  date_schedule: [
    { id: 'nameZh', required: true },
    { id: 'nameEn', required: true },
    { id: 'phone', required: true },
    { id: 'email', required: true },
    { id: 'organization', required: false },
    { id: 'userType', required: true },
    { id: 'licenseNumber', required: true },
    { id: 'other', required: false },
    { id: 'academyMember', required: false },
    { id: 'collegeCategory', required: false },
    { id: 'sessions', required: true },
  ],
};

/** A field's name in `lang` (zh-tw where that is empty), or `untitled` while it has none. */
export function fieldName(field: Pick<FormField, 'label'>, lang: Language, untitled: string): string {
  return localText(field.label, lang).trim() || untitled;
}

export const EMPTY_TEXT: Localized = { 'zh-tw': '', 'zh-cn': '', en: '' };

/** What a field's min and max limit: a text's length, a number's value, how many choices are ticked. */
export type LimitKind = 'length' | 'value' | 'count';

export function limitKind(type: FormFieldType): LimitKind | null {
  if (type === 'short_text' || type === 'long_text') return 'length';
  if (type === 'number') return 'value';
  if (type === 'multi_choice') return 'count';
  return null;
}

/** The greatest length a text field takes (its default maximum). */
export function lengthCeiling(type: FormFieldType): number {
  return type === 'long_text' ? LONG_TEXT_MAX : SHORT_TEXT_MAX;
}

export const hasOptions = (type: FormFieldType): boolean => type === 'choice' || type === 'multi_choice';
export const isConditionType = (type: FormFieldType): boolean =>
  (CONDITION_SOURCE_TYPES as readonly string[]).includes(type);

/**
 * The next free key with `prefix` (q1, q2 … for fields, o1, o2 … for options): one above the highest
 * number used so far, so a key once given (and perhaps answered under) is not handed out again.
 */
export function nextKey(prefix: 'q' | 'o', taken: Iterable<string>): string {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  const used = new Set(taken);
  let highest = 0;
  for (const key of used) {
    const match = pattern.exec(key);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  let n = highest + 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** Keys a new field may not take: those in the draft, those saved, and those with answers. */
export function takenFieldKeys(
  draft: readonly FormField[],
  saved: readonly FormField[],
  answered: readonly string[],
): string[] {
  return [...draft.map((f) => f.key), ...saved.map((f) => f.key), ...answered];
}

function option(value: string): FormFieldOption {
  return { value, label: { ...EMPTY_TEXT } };
}

/** A new option of `field`: its value is free in the field now and in the field as saved. */
export function newOption(field: FormField, saved: FormField | undefined): FormFieldOption {
  const taken = [...field.options, ...(saved?.options ?? [])].map((o) => o.value);
  return option(nextKey('o', taken));
}

/** A new field of `type` with a free key; a choice starts with two options to name. */
export function newField(type: FormFieldType, takenKeys: Iterable<string>): FormField {
  return {
    key: nextKey('q', takenKeys),
    type,
    label: { ...EMPTY_TEXT },
    help: { ...EMPTY_TEXT },
    options: hasOptions(type) ? [option('o1'), option('o2')] : [],
    required: false,
    min: null,
    max: null,
    user_type_ids: [],
    show_if: null,
    ask_at_door: false,
    on_badge: false,
    personal: true,
    retired: false,
  };
}

export const canAddField = (fields: readonly FormField[]): boolean => fields.length < FORM_MAX_FIELDS;
export const canAddOption = (field: FormField): boolean => field.options.length < FIELD_MAX_OPTIONS;

/** Fields whose condition names `key`. */
export function dependantsOf(fields: readonly FormField[], key: string): FormField[] {
  return fields.filter((f) => f.show_if?.key === key);
}

/**
 * Whether the field at `index` may swap places with its neighbour: a field that depends on another
 * must stay below it (the server refuses a condition on a later field).
 */
export function canMove(fields: readonly FormField[], index: number, direction: -1 | 1): boolean {
  const other = index + direction;
  if (index < 0 || index >= fields.length || other < 0 || other >= fields.length) return false;
  const [upper, lower] =
    direction === -1 ? [fields[other]!, fields[index]!] : [fields[index]!, fields[other]!];
  return lower.show_if?.key !== upper.key;
}

/** The list with the field at `index` moved one place up (-1) or down (1); the same list when it may not. */
export function moveField(fields: readonly FormField[], index: number, direction: -1 | 1): FormField[] {
  if (!canMove(fields, index, direction)) return [...fields];
  const next = [...fields];
  [next[index], next[index + direction]] = [next[index + direction]!, next[index]!];
  return next;
}

/** The same for an option inside its field. */
export function moveOption(field: FormField, index: number, direction: -1 | 1): FormField {
  const other = index + direction;
  if (other < 0 || other >= field.options.length) return field;
  const options = [...field.options];
  [options[index], options[other]] = [options[other]!, options[index]!];
  return { ...field, options };
}

/**
 * Fields the field at `index` may depend on: earlier ones with a fixed list of answers (choice,
 * multiple choice, yes/no) that are still asked (a retired field is never answered again).
 */
export function conditionSources(fields: readonly FormField[], index: number): FormField[] {
  return fields.slice(0, Math.max(0, index)).filter((f) => isConditionType(f.type) && !f.retired);
}

/** The field the condition of `field` names when it is retired: `field` is then never shown. */
export function retiredSource(fields: readonly FormField[], field: FormField): FormField | undefined {
  const source = field.show_if ? fields.find((f) => f.key === field.show_if!.key) : undefined;
  return source?.retired ? source : undefined;
}

/** The field without its condition: shown to every guest again. */
const clearedCondition = (field: FormField): FormField => ({ ...field, show_if: null });

/** Removes the field at `index`; the fields that depended on it are shown to everyone again. */
export function removeField(fields: readonly FormField[], index: number): FormField[] {
  const key = fields[index]?.key;
  return fields
    .filter((_, i) => i !== index)
    .map((f) => (key !== undefined && f.show_if?.key === key ? clearedCondition(f) : f));
}

/**
 * Gives the field at `index` another type: the options stay between the two kinds of choice, the
 * limits only where they mean the same, and fields that depended on it keep the values it can still
 * have (none left, or no longer a condition source: shown to everyone).
 */
export function changeType(fields: readonly FormField[], index: number, type: FormFieldType): FormField[] {
  const before = fields[index];
  if (!before || before.type === type) return [...fields];
  const keepLimits = limitKind(before.type) === limitKind(type);
  const changed: FormField = {
    ...before,
    type,
    options: hasOptions(type)
      ? before.options.length > 0
        ? before.options
        : [option('o1'), option('o2')]
      : [],
    min: keepLimits ? before.min : null,
    max: keepLimits ? before.max : null,
    required: isAnswerField({ type }) ? before.required : false,
  };
  const values = isConditionType(type) ? conditionValues(changed) : [];
  return fields.map((f, i) => {
    if (i === index) return changed;
    if (f.show_if?.key !== before.key) return f;
    const kept = f.show_if.values.filter((v) => values.includes(v));
    return kept.length > 0 ? { ...f, show_if: { key: before.key, values: kept } } : clearedCondition(f);
  });
}

/**
 * Removes an option; a condition naming it forgets that value (one left with no value is flagged on
 * save, for the organiser to choose again).
 */
export function removeOption(fields: readonly FormField[], index: number, optionIndex: number): FormField[] {
  const field = fields[index];
  const value = field?.options[optionIndex]?.value;
  if (!field || value === undefined) return [...fields];
  return fields.map((f, i) => {
    if (i === index) return { ...f, options: f.options.filter((_, o) => o !== optionIndex) };
    if (f.show_if?.key !== field.key) return f;
    return { ...f, show_if: { ...f.show_if, values: f.show_if.values.filter((v) => v !== value) } };
  });
}

/** Options of an answered field that were saved: guests' answers may name them, so they stay. */
export function lockedOptions(saved: FormField | undefined, answered: readonly string[]): Set<string> {
  if (!saved || !answered.includes(saved.key)) return new Set();
  return new Set(saved.options.map((o) => o.value));
}

const trimmed = (text: Localized): Localized => ({
  'zh-tw': text['zh-tw'].trim(),
  'zh-cn': text['zh-cn'].trim(),
  en: text.en.trim(),
});

/**
 * The save's body: texts trimmed, and what a field's type does not use left out (limits of a yes/no,
 * "required" on a heading), so a type changed back and forth sends nothing stale.
 */
export function draftBody(fields: readonly FormField[], version: number): RegistrationFormBody {
  return {
    version,
    fields: fields.map((f) => {
      const answer = isAnswerField(f);
      const limits = limitKind(f.type) !== null;
      return {
        ...f,
        label: trimmed(f.label),
        help: trimmed(f.help),
        options: hasOptions(f.type) ? f.options.map((o) => ({ ...o, label: trimmed(o.label) })) : [],
        required: answer && f.required,
        min: limits ? f.min : null,
        max: limits ? f.max : null,
        ask_at_door: answer && f.ask_at_door,
        on_badge: answer && f.on_badge,
      };
    }),
  };
}

/** Whether the draft differs from what was loaded. */
export function isDirty(draft: readonly FormField[], saved: readonly FormField[]): boolean {
  return JSON.stringify(draft) !== JSON.stringify(saved);
}

/** Field messages placed on the draft: by field key, then by the place inside it; the rest is general. */
export interface PlacedErrors {
  /**
   * field key → place (`label.zh-tw`, `options`, `options.o2.label.en`, `show_if.key` …, or '' for
   * the field as a whole) → message.
   */
  byField: Record<string, Record<string, string>>;
  general: string[];
}

/**
 * Puts the messages of a refused save (`fields.3.show_if.key`, `fields.3.options.1.label.en`, or a
 * local check of the same schema) on the field they are about, found by the key it had in the list
 * that was sent, so they stay on it when fields or options move afterwards. An option is named by its value.
 */
export function placeErrors(sent: readonly FormField[], messages: Record<string, string>): PlacedErrors {
  const placed: PlacedErrors = { byField: {}, general: [] };
  for (const [path, message] of Object.entries(messages)) {
    const parts = path.split('.');
    const field = parts[0] === 'fields' && parts.length > 1 ? sent[Number(parts[1])] : undefined;
    if (!field) {
      placed.general.push(message);
      continue;
    }
    const rest = parts.slice(2);
    if (rest[0] === 'options' && rest.length > 1) {
      const value = field.options[Number(rest[1])]?.value;
      if (value !== undefined) rest[1] = value;
    }
    const place = rest.join('.');
    const own = (placed.byField[field.key] ??= {});
    own[place] ??= message;
  }
  return placed;
}

/** The messages of a field that lie at `place` or inside it (shared with the other builders). */
export { errorsUnder } from '../../lib/field-errors.ts';

/** The field's messages without those at `place` or inside it (the organiser has just changed it). */
export function withoutErrors(errors: PlacedErrors, key: string, place: string): PlacedErrors {
  const own = errors.byField[key];
  if (!own) return errors;
  const kept = Object.fromEntries(
    Object.entries(own).filter(([at]) => !(at === place || at.startsWith(`${place}.`))),
  );
  return { ...errors, byField: { ...errors.byField, [key]: kept } };
}

export function errorCount(errors: PlacedErrors): number {
  return errors.general.length + Object.values(errors.byField).reduce((n, e) => n + Object.keys(e).length, 0);
}

/** The messages the builder and the sign-up page's preview mode exchange (same origin only). */
export const PREVIEW_READY = 'meetflow:form-preview-ready';
export const PREVIEW_FIELDS = 'meetflow:form-preview';

export interface PreviewMessage {
  type: typeof PREVIEW_FIELDS;
  fields: FormField[];
}

/** What the preview shows: the draft as it would be saved, without the retired fields guests no longer see. */
export function previewMessage(fields: readonly FormField[]): PreviewMessage {
  const sent = draftBody(fields, 0).fields as FormField[];
  return { type: PREVIEW_FIELDS, fields: sent.filter((f) => !f.retired) };
}

/** The sign-up page (`…/#/sign-up/<public id>`) in preview mode, in `lang` (the link's language wins there). */
export function previewLink(signUpLink: string, lang: Language): string {
  return linkInLanguage(`${signUpLink}?preview=1`, lang);
}

/** Whether a message comes from the preview saying it is ready for the draft. */
export function isPreviewReady(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PREVIEW_READY;
}
