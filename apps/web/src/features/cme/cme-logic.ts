import { CME_RETURN_COLUMNS, type CmeReturnColumn } from '@meetflow/shared/schemas/cme';
import { dayIn } from '../../lib/date-time.ts';

/*
 * The CME screens' rules without UI: the yearly return's column chooser (which columns, in which
 * order), the years offered, and how credits and meeting days are written.
 */

export interface ColumnChoice {
  column: CmeReturnColumn;
  chosen: boolean;
}

/** The saved columns first, in their order, then the others (unticked) in the product's order. */
export function columnChoices(saved: readonly CmeReturnColumn[]): ColumnChoice[] {
  const rest = CME_RETURN_COLUMNS.filter((column) => !saved.includes(column));
  return [
    ...saved.map((column) => ({ column, chosen: true })),
    ...rest.map((column) => ({ column, chosen: false })),
  ];
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveChoice(list: readonly ColumnChoice[], index: number, delta: -1 | 1): ColumnChoice[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function toggleChoice(list: readonly ColumnChoice[], column: CmeReturnColumn): ColumnChoice[] {
  return list.map((item) => (item.column === column ? { ...item, chosen: !item.chosen } : item));
}

/** What "Save columns" sends: the ticked columns in the order shown. */
export function chosenColumns(list: readonly ColumnChoice[]): CmeReturnColumn[] {
  return list.filter((item) => item.chosen).map((item) => item.column);
}

/** Years a return can be asked for: the next one, this one and the nine before, newest first. */
export function returnYears(now: number): number[] {
  const year = new Date(now).getFullYear();
  return Array.from({ length: 11 }, (_, n) => year + 1 - n);
}

/** Credits as people write them: 2.5, 3, 0.25 (no trailing zeros, at most two decimals). */
export function formatCredits(credits: number): string {
  return String(Math.round(credits * 100) / 100);
}

/** A meeting's days in the organisation's zone: '2027-01-10' or '2027-01-10 – 2027-01-12'. */
export function meetingDays(start: number, end: number, timeZone: string): string {
  const first = dayIn(start, timeZone);
  const last = dayIn(end, timeZone);
  return first === last ? first : `${first} – ${last}`;
}

/** A certificate code as printed, in groups of four. */
export function groupedCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}
