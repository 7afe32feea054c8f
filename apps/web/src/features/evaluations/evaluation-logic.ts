import {
  EVALUATION_FIELD_TYPES,
  RATING_MAX_POINTS,
  RATING_MIN_POINTS,
  type EvaluationFieldType,
  type EvaluationQuestion,
} from '@meetflow/shared/forms/evaluation-definition';
import { conditionValues, isAnswerField } from '@meetflow/shared/forms/form-basics';
import { QUIZ_TYPES } from '@meetflow/shared/forms/quiz';
import type { Localized } from '@meetflow/shared/languages';
import type { Evaluation, EvaluationBody, EvaluationList } from '@meetflow/shared/schemas/evaluations';

/**
 * The evaluation builder's and list's rules (issue 43), without UI: the scopes still free, new
 * questions and the rating scale, the quiz's correct answers, the body a save sends and where the
 * server's messages go.
 */

export { EVALUATION_FIELD_TYPES, RATING_MAX_POINTS, RATING_MIN_POINTS };
export type { EvaluationFieldType, EvaluationQuestion };

const EMPTY: Localized = { 'zh-tw': '', 'zh-cn': '', en: '' };

/** The scale a new rating starts with: five points, lowest first. */
export const DEFAULT_RATING_LABELS: readonly Localized[] = [
  { 'zh-tw': '很差', 'zh-cn': '很差', en: 'Very poor' },
  { 'zh-tw': '差', 'zh-cn': '差', en: 'Poor' },
  { 'zh-tw': '一般', 'zh-cn': '一般', en: 'Fair' },
  { 'zh-tw': '好', 'zh-cn': '好', en: 'Good' },
  { 'zh-tw': '很好', 'zh-cn': '很好', en: 'Very good' },
];
export const DEFAULT_RATING_POINTS = DEFAULT_RATING_LABELS.length;

/** The labels a scale of `points` starts with: the five words, or the numbers 1..points. */
function defaultLabels(points: number): Localized[] {
  if (points === DEFAULT_RATING_POINTS) return DEFAULT_RATING_LABELS.map((l) => ({ ...l }));
  return Array.from({ length: points }, (_, i) => {
    const n = String(i + 1);
    return { 'zh-tw': n, 'zh-cn': n, en: n };
  });
}

const sameText = (a: Localized, b: Localized) =>
  a['zh-tw'] === b['zh-tw'] && a['zh-cn'] === b['zh-cn'] && a.en === b.en;

/**
 * The rating with `points` points: a scale still as it started takes the new count's own labels;
 * one the organiser named keeps its names for the points that stay, and the new points are numbered.
 */
export function withPoints(field: EvaluationQuestion, points: number): EvaluationQuestion {
  const n = Math.min(RATING_MAX_POINTS, Math.max(RATING_MIN_POINTS, Math.round(points)));
  const old = field.options.map((o) => o.label);
  const untouched =
    old.length === 0 || (old.length > 0 && defaultLabels(old.length).every((l, i) => sameText(l, old[i]!)));
  const fresh = defaultLabels(n);
  const labels = untouched ? fresh : fresh.map((label, i) => old[i] ?? label);
  return { ...field, options: labels.map((label, i) => ({ value: `o${i + 1}`, label })) };
}

/** The next free question key (q1, q2 …), one above the highest given, so a key is never reused. */
export function nextKey(prefix: 'q' | 'o', taken: Iterable<string>): string {
  let highest = 0;
  for (const key of taken) {
    const match = new RegExp(`^${prefix}(\\d+)$`).exec(key);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${prefix}${highest + 1}`;
}

export const hasOptions = (type: EvaluationFieldType): boolean =>
  type === 'choice' || type === 'multi_choice';
export const isQuizType = (type: EvaluationFieldType): boolean =>
  (QUIZ_TYPES as readonly string[]).includes(type);

const option = (value: string) => ({ value, label: { ...EMPTY } });

/** A new question of `type`: a rating with the five-point scale, a choice with two options to name. */
export function newQuestion(type: EvaluationFieldType, taken: Iterable<string>): EvaluationQuestion {
  const field: EvaluationQuestion = {
    key: nextKey('q', taken),
    type,
    label: { ...EMPTY },
    help: { ...EMPTY },
    options: hasOptions(type) ? [option('o1'), option('o2')] : [],
    required: type !== 'heading' && type !== 'note',
    min: null,
    max: null,
    user_type_ids: [],
    show_if: null,
    ask_at_door: false,
    on_badge: false,
    personal: false,
    retired: false,
    correct: [],
  };
  return type === 'rating' ? withPoints(field, DEFAULT_RATING_POINTS) : field;
}

/** The question with another type: options kept between choices, the quiz's answers dropped. */
export function changeType(field: EvaluationQuestion, type: EvaluationFieldType): EvaluationQuestion {
  if (field.type === type) return field;
  const base = newQuestion(type, [field.key]);
  const keepOptions = hasOptions(field.type) && hasOptions(type);
  return {
    ...base,
    key: field.key,
    label: field.label,
    help: field.help,
    required: isAnswerField({ type }) ? field.required : false,
    options: keepOptions ? field.options : base.options,
  };
}

/** Marks `value` right (or not): one right answer for a choice or yes/no, any set for a multiple choice. */
export function setCorrect(field: EvaluationQuestion, value: string, right: boolean): EvaluationQuestion {
  if (!isQuizType(field.type)) return field;
  if (field.type === 'multi_choice') {
    const rest = field.correct.filter((v) => v !== value);
    return { ...field, correct: right ? [...rest, value] : rest };
  }
  return { ...field, correct: right ? [value] : field.correct.filter((v) => v !== value) };
}

/** Adds an option with a value free in the question now and as saved. */
export function addOption(field: EvaluationQuestion, saved?: EvaluationQuestion): EvaluationQuestion {
  const taken = [...field.options, ...(saved?.options ?? [])].map((o) => o.value);
  return { ...field, options: [...field.options, option(nextKey('o', taken))] };
}

/** Removes an option, and its mark as a right answer. */
export function removeOption(field: EvaluationQuestion, value: string): EvaluationQuestion {
  return {
    ...field,
    options: field.options.filter((o) => o.value !== value),
    correct: field.correct.filter((v) => v !== value),
  };
}

/** The answers a quiz question may be right with: its options' values, or yes / no. */
export const answerValues = (field: EvaluationQuestion): string[] => conditionValues(field);

export const isQuizQuestion = (field: EvaluationQuestion): boolean =>
  isQuizType(field.type) && field.correct.length > 0;

/** Swaps the question at `index` with its neighbour; the same list at an end. */
export function moveQuestion(
  fields: readonly EvaluationQuestion[],
  index: number,
  direction: -1 | 1,
): EvaluationQuestion[] {
  const other = index + direction;
  const next = [...fields];
  if (index < 0 || other < 0 || other >= fields.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/** The settings the builder edits besides the questions (what a save sends but `fields`, `version`). */
export type EvaluationSettings = Pick<
  Evaluation,
  'title' | 'intro' | 'anonymous' | 'pass_mark' | 'state' | 'remind_after_days' | 'closes_on'
>;

export interface EvaluationDraft {
  settings: EvaluationSettings;
  fields: EvaluationQuestion[];
}

export function draftOf(evaluation: Evaluation): EvaluationDraft {
  const { title, intro, anonymous, pass_mark, state, remind_after_days, closes_on, fields } = evaluation;
  return { settings: { title, intro, anonymous, pass_mark, state, remind_after_days, closes_on }, fields };
}

export const isDirty = (draft: EvaluationDraft, saved: Evaluation): boolean =>
  JSON.stringify(draft) !== JSON.stringify(draftOf(saved));

const trimmed = (text: Localized): Localized => ({
  'zh-tw': text['zh-tw'].trim(),
  'zh-cn': text['zh-cn'].trim(),
  en: text.en.trim(),
});

/** The save's body: texts trimmed, and what a type does not use left out (options of a text, limits). */
export function draftBody(draft: EvaluationDraft, scopeId: number, version: number): EvaluationBody {
  const { settings } = draft;
  return {
    ...settings,
    scope_id: scopeId,
    title: trimmed(settings.title),
    intro: trimmed(settings.intro),
    version,
    fields: draft.fields.map((f) => ({
      ...f,
      label: trimmed(f.label),
      help: trimmed(f.help),
      options:
        hasOptions(f.type) || f.type === 'rating'
          ? f.options.map((o) => ({ ...o, label: trimmed(o.label) }))
          : [],
      required: isAnswerField(f) && f.required,
      correct: isQuizType(f.type) ? f.correct : [],
    })),
  };
}

/** A refused save's messages: on the settings (`title.en`), on a question by its key, or general. */
export interface PlacedErrors {
  settings: Record<string, string>;
  byQuestion: Record<string, Record<string, string>>;
  general: string[];
}
export const NO_ERRORS: PlacedErrors = { settings: {}, byQuestion: {}, general: [] };

const SETTINGS = ['title', 'intro', 'anonymous', 'pass_mark', 'state', 'remind_after_days', 'closes_on'];

/**
 * Places `fields.3.options.1.label.en` on the question it had in the list sent (by key, so the
 * message stays with it when questions move), an option named by its value; `title.zh-tw` on the settings.
 */
export function placeErrors(
  sent: readonly EvaluationQuestion[],
  messages: Record<string, string>,
): PlacedErrors {
  const placed: PlacedErrors = { settings: {}, byQuestion: {}, general: [] };
  for (const [path, message] of Object.entries(messages)) {
    const parts = path.split('.');
    if (SETTINGS.includes(parts[0]!)) {
      placed.settings[path] ??= message;
      continue;
    }
    const field = parts[0] === 'fields' && parts.length > 1 ? sent[Number(parts[1])] : undefined;
    if (!field) {
      placed.general.push(message);
      continue;
    }
    const rest = parts.slice(2);
    if (rest[0] === 'options' && rest.length > 1) rest[1] = field.options[Number(rest[1])]?.value ?? rest[1]!;
    (placed.byQuestion[field.key] ??= {})[rest.join('.')] ??= message;
  }
  return placed;
}

export function errorCount(errors: PlacedErrors): number {
  const inQuestions = Object.values(errors.byQuestion).reduce((n, e) => n + Object.keys(e).length, 0);
  return errors.general.length + Object.keys(errors.settings).length + inQuestions;
}

/** The scopes an evaluation may still be added for: the meeting (0) and its sessions without one. */
export function freeScopes<S extends { id: number }>(
  sessions: readonly S[],
  evaluations: EvaluationList['items'],
): { meeting: boolean; sessions: S[] } {
  const taken = new Set(evaluations.map((e) => e.scope_id));
  return { meeting: !taken.has(0), sessions: sessions.filter((s) => !taken.has(s.id)) };
}

/** An evaluation may be removed only while nobody has answered it. */
export const canDelete = (evaluation: Pick<Evaluation, 'counts' | 'answered_keys'>): boolean =>
  evaluation.counts.completed === 0 && evaluation.answered_keys.length === 0;

/** A 0..1 rate as a whole percent ("67%"); a dash where nobody may answer yet. */
export function ratePercent(rate: number, eligible: number): string {
  return eligible === 0 ? '–' : `${Math.round(rate * 100)}%`;
}

/** The non-responders' page sizes: the server sends at most 100 a page. */
export const NON_RESPONDER_PAGE_SIZES = [20, 50, 100];

/**
 * The page to show of `total` rows at `size` a page: `page`, or the last page when guests who
 * answered meanwhile have left it empty (an empty page would read as "everybody answered").
 */
export function pageWithin(page: number, size: number, total: number): number {
  return Math.max(1, Math.min(page, Math.ceil(total / size)));
}

/** An average to one decimal place, or a dash. */
export const formatAverage = (average: number | null): string =>
  average === null ? '–' : (Math.round(average * 10) / 10).toFixed(1);

/**
 * The title a new evaluation starts with, for the organiser to change in the builder: zh-tw only,
 * so the other languages follow it (a renamed title would otherwise keep stale translations).
 */
export const DEFAULT_TITLE: Localized = { 'zh-tw': '課後評估', 'zh-cn': '', en: '' };
