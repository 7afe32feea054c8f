import {
  ANSWER_FILTER_ITEM,
  filterableFields,
  filterValues,
  formatAnswerFilter,
  groupAnswerFilter,
  type AnswerFilter,
} from '@meetflow/shared/forms/answer-filter';
import { answerText } from '@meetflow/shared/forms/answer-text';
import { isAnswerField, localText, type FormField } from '@meetflow/shared/forms/form-definition';
import type { Answers, PhoneAnswer } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import { FILE_ID } from '@meetflow/shared/schemas/files';

/*
 * The answers to a meeting's own fields in the guest list: the answer columns, the choice filters
 * (kept in the URL as the API takes them: `answer=key:value,…`) and the add/edit form's values.
 */

/** A list column of one own field: its key in the table (`answer.<key>`), the answer's key, its title. */
export interface AnswerColumn {
  columnKey: string;
  key: string;
  title: string;
  retired: boolean;
  wide: boolean;
}

/** One column per field that takes an answer, in the form's order, retired fields after the others. */
export function answerColumns(fields: readonly FormField[], lang: Language): AnswerColumn[] {
  const answered = fields.filter(isAnswerField);
  return [...answered.filter((f) => !f.retired), ...answered.filter((f) => f.retired)].map((f) => ({
    columnKey: `answer.${f.key}`,
    key: f.key,
    title: localText(f.label, lang),
    retired: f.retired,
    wide: f.type === 'long_text' || f.type === 'multi_choice',
  }));
}

/** A filter control: a field the list filters on, with its values as options in `lang`. */
export interface AnswerFilterControl {
  key: string;
  label: string;
  /** yes/no takes one value; a choice or multiple choice any of several. */
  multiple: boolean;
  options: { value: string; label: string }[];
}

/**
 * The list's filter controls: the form's choice, multiple-choice and yes/no fields still in use,
 * and a retired one while a filter (a link) names it, so that it can be seen and cleared.
 */
export function answerFilterControls(
  fields: readonly FormField[],
  lang: Language,
  active: AnswerFilter = {},
): AnswerFilterControl[] {
  return filterableFields(fields)
    .filter((f) => !f.retired || f.key in active)
    .map((f) => ({
      key: f.key,
      label: localText(f.label, lang),
      multiple: f.type !== 'yes_no',
      options: filterValues(f).map((value) => ({ value, label: valueLabel(f, value, lang) })),
    }));
}

/** One value a filter names, in words: an option's label, or Yes / No. */
function valueLabel(field: FormField, value: string, lang: Language): string {
  if (field.type === 'yes_no') return answerText(field, value === 'yes', lang);
  return answerText(field, field.type === 'multi_choice' ? [value] : value, lang);
}

/** The URL's `answer` items as a filter, syntax checked (the meeting's form is not known yet). */
export function parseAnswerItems(items: readonly string[] | undefined): AnswerFilter {
  return groupAnswerFilter((items ?? []).filter((item) => ANSWER_FILTER_ITEM.test(item)));
}

/**
 * The part of a filter the meeting's form knows (a key of a choice, multiple-choice or yes/no field
 * and its values): a link from before the form changed must not turn the list into an error.
 */
export function knownAnswerFilter(filter: AnswerFilter, fields: readonly FormField[]): AnswerFilter {
  const byKey = new Map(filterableFields(fields).map((f) => [f.key, f]));
  const known: AnswerFilter = {};
  for (const [key, values] of Object.entries(filter)) {
    const field = byKey.get(key);
    const kept = field ? values.filter((v) => filterValues(field).includes(v)) : [];
    if (kept.length > 0) known[key] = kept;
  }
  return known;
}

/** The filter with `key`'s values replaced (none: the key left out). */
export function withAnswerValues(filter: AnswerFilter, key: string, values: readonly string[]): AnswerFilter {
  const next: AnswerFilter = { ...filter };
  if (values.length > 0) next[key] = [...values];
  else delete next[key];
  return next;
}

/** The filter as the URL and the API's `answer` parameter hold it; undefined for none. */
export function answerParam(filter: AnswerFilter): string | undefined {
  return formatAnswerFilter(filter) || undefined;
}

/** The filter as text, for a broadcast's recipients: "Specialty: Surgery / Medicine". */
export function answerFilterLabels(
  filter: AnswerFilter,
  fields: readonly FormField[],
  lang: Language,
): { label: string; value: string }[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  return Object.entries(filter).flatMap(([key, values]) => {
    const field = byKey.get(key);
    if (!field) return [];
    return [
      {
        label: localText(field.label, lang),
        value: values.map((v) => valueLabel(field, v, lang)).join(' / '),
      },
    ];
  });
}

/** A stored phone answer as the form edits it: the number without its area code's prefix. */
function phoneForForm(value: PhoneAnswer): PhoneAnswer {
  const prefix = `+${value.area_code}`;
  return {
    area_code: value.area_code,
    phone: value.phone.startsWith(prefix) ? value.phone.slice(prefix.length) : value.phone,
  };
}

/** The form's starting answers: the stored ones (phones without their prefix); none for a new guest. */
export function answersForForm(stored: Answers | undefined): Answers {
  const answers: Answers = {};
  for (const [key, value] of Object.entries(stored ?? {})) {
    const phone =
      typeof value === 'object' && value !== null && !Array.isArray(value) && 'area_code' in value;
    answers[key] = phone ? phoneForForm(value) : value;
  }
  return answers;
}

/** The detail's answers as stored values by key (the unanswered left out): what an edit starts from. */
export function storedAnswers(answers: readonly { key: string; value?: unknown }[]): Answers {
  return Object.fromEntries(
    answers.filter((a) => a.value !== null && a.value !== undefined).map((a) => [a.key, a.value]),
  ) as Answers;
}

/** A file answer as the detail downloads it: the stored file's id and the name the guest's file kept. */
export interface AnswerFile {
  id: string;
  name: string;
}

/**
 * The file a detail answer names, or null (not a file field, not answered, or not a stored file's
 * shape): the detail shows such an answer as a download, through the guest (never the public file URL).
 */
export function answerFile(answer: { type: string; value?: unknown; text: string }): AnswerFile | null {
  if (answer.type !== 'file') return null;
  const value = answer.value as { id?: unknown; name?: unknown } | null | undefined;
  if (typeof value?.id !== 'string' || !FILE_ID.test(value.id)) return null;
  const name = typeof value.name === 'string' && value.name ? value.name : answer.text;
  return { id: value.id, name: name || value.id.slice(0, 16) };
}

/** Where the back office reads a guest's file answer (the API path under /api). */
export function answerFilePath(guestId: number, fileId: string): string {
  return `/guests/${guestId}/answer-files/${fileId}`;
}
