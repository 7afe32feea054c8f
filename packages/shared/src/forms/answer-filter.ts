import { CONDITION_SOURCE_TYPES, conditionValues, isAnswerField, type FormField } from './form-definition.ts';

/**
 * The guest list's, the export's and a broadcast's filter on the answers to a meeting's own fields
 * (issue 42). One query parameter, `answer`, holds `key:value` items: repeated
 * (`answer=diet:veg&answer=member:yes`) or comma-separated (`answer=diet:veg,member:yes`), or both.
 * A guest matches when, for every key named, their answer has one of the values named for it: a
 * choice is that option, a multiple choice has it among its options, a yes/no is `yes` or `no`.
 * Keys and option values are field keys (`FIELD_KEY`), so neither ':' nor ',' can be part of one.
 */

/** The fields an answer filter may name: their answers come from a fixed list. */
export const FILTER_FIELD_TYPES = CONDITION_SOURCE_TYPES;
/** One item of the `answer` parameter, and the most items one filter holds (the list's schema). */
export { ANSWER_FILTER_ITEM, ANSWER_FILTER_MAX } from '../schemas/guests.ts';

/** Field key → the values any of which matches, in the order first named. */
export type AnswerFilter = Record<string, string[]>;

/** The items (already split and checked against `ANSWER_FILTER_ITEM`) grouped by key, each value once. */
export function groupAnswerFilter(items: readonly string[]): AnswerFilter {
  const filter: AnswerFilter = {};
  for (const item of items) {
    const at = item.indexOf(':');
    const key = item.slice(0, at);
    const value = item.slice(at + 1);
    const values = (filter[key] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  return filter;
}

/** The parameter's items as text, comma-separated; '' for no filter. */
export function formatAnswerFilter(filter: Readonly<AnswerFilter>): string {
  return Object.entries(filter)
    .flatMap(([key, values]) => values.map((value) => `${key}:${value}`))
    .join(',');
}

/** The fields of a form the list can filter on, in the form's order (retired ones included). */
export function filterableFields(fields: readonly FormField[]): FormField[] {
  return fields.filter((f) => isAnswerField(f) && (FILTER_FIELD_TYPES as readonly string[]).includes(f.type));
}

/** The values a filter on `field` may name: its options' values, or 'yes' and 'no'. */
export const filterValues = (field: FormField): string[] => conditionValues(field);
