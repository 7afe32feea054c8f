import type { UserType } from '@meetflow/shared/schemas/dictionary';

/** The YYYY-MM-DD local day of an instant (the browser's zone, as the server uses its own). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export interface DayRange {
  first: string;
  last: string;
}

/** The days a meeting covers: a session's date must fall within them (both edges included). */
export function meetingDays(meeting: { start_at: number; end_at: number }): DayRange {
  return { first: localDay(meeting.start_at), last: localDay(meeting.end_at) };
}

/** For the date picker: a day outside the range is disabled. YYYY-MM-DD strings compare in date order. */
export function isOutsideDays(day: string, range: DayRange | undefined): boolean {
  if (!range) return false;
  return day < range.first || day > range.last;
}

/** user type id → ticked session ids: the editable state of the guest–schedule matrix. */
export type ScheduleSets = Record<number, number[]>;

export function setsOf(userTypes: readonly Pick<UserType, 'id' | 'schedule_ids'>[]): ScheduleSets {
  return Object.fromEntries(userTypes.map((t) => [t.id, [...t.schedule_ids].sort((a, b) => a - b)]));
}

/** Ticks or unticks one cell, keeping ids sorted and unique. */
export function toggleCell(
  sets: ScheduleSets,
  userTypeId: number,
  scheduleId: number,
  on: boolean,
): ScheduleSets {
  const current = sets[userTypeId] ?? [];
  const next = on ? [...new Set([...current, scheduleId])] : current.filter((id) => id !== scheduleId);
  return { ...sets, [userTypeId]: next.sort((a, b) => a - b) };
}

/** Ticks or unticks a whole column (one session for every user type). */
export function toggleColumn(sets: ScheduleSets, scheduleId: number, on: boolean): ScheduleSets {
  let next = sets;
  for (const id of Object.keys(sets).map(Number)) next = toggleCell(next, id, scheduleId, on);
  return next;
}

/** Only the user types whose set changed: what PUT schedule-map needs to send. */
export function changedSets(
  original: ScheduleSets,
  edited: ScheduleSets,
): { id: number; schedule_ids: number[] }[] {
  const same = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length &&
    [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
  return Object.keys(edited)
    .map(Number)
    .sort((a, b) => a - b)
    .filter((id) => !same(original[id] ?? [], edited[id] ?? []))
    .map((id) => ({ id, schedule_ids: [...(edited[id] ?? [])].sort((a, b) => a - b) }));
}

/** User types left without any session: the map cannot be saved while there are any. */
export function emptySets(sets: ScheduleSets): number[] {
  return Object.entries(sets)
    .filter(([, ids]) => ids.length === 0)
    .map(([id]) => Number(id));
}

/**
 * Whether a user may change an entry owned by `owner` (null: shared by every organisation): global
 * entries are the administrators' (users bound to no organisation); the others the list shows are
 * of the user's own subtree.
 */
export function mayChangeEntry(userOrganization: number | null, owner: number | null): boolean {
  return userOrganization === null || owner !== null;
}

/** A meeting time's slot, "09:00–12:00" (empty without one). */
export function timeSlotText(time: { start_time: string; end_time: string } | null | undefined): string {
  return time ? `${time.start_time}–${time.end_time}` : '';
}
