import { useEffect, useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import type { Range } from './use-list-state.ts';

/*
 * Between a list's range filter as the URL holds it (days 'YYYY-MM-DD' or epoch milliseconds, see
 * use-list-state.ts) and antd's RangePicker value (dayjs). No dayjs import here: the meeting list is
 * the admin shell's first screen and goes without it until a range is restored from its URL.
 */

export type PickerRange = [Dayjs | null, Dayjs | null] | null;

/** How one end travels: read into dayjs (null while dayjs is not loaded yet) and written back. */
export interface EndCodec<T> {
  read: ((value: T) => Dayjs) | null;
  write: (day: Dayjs) => T;
}

export const asDay = (day: Dayjs) => day.format('YYYY-MM-DD');
export const asInstant = (day: Dayjs) => day.valueOf();

/**
 * The picker's value for the URL's range, and `pick` to turn what the picker gives into the URL's
 * range (undefined when both ends are empty). What the user picked is shown as picked; a range from
 * the URL is read once per change of its ends, so the picker keeps its own state between renders.
 */
export function usePickerRange<T extends string | number>(
  range: Range<T> | undefined,
  codec: EndCodec<T>,
): [PickerRange, (value: PickerRange) => Range<T> | undefined] {
  const [picked, setPicked] = useState<PickerRange>(null);
  const [from, to] = range ?? [];
  const { read, write } = codec;
  const fromUrl = useMemo<PickerRange>(
    () =>
      (from !== undefined || to !== undefined) && read
        ? [from === undefined ? null : read(from), to === undefined ? null : read(to)]
        : null,
    [from, to, read],
  );
  const end = (day: Dayjs | null | undefined) => (day ? write(day) : undefined);
  const value =
    range === undefined
      ? null
      : picked && end(picked[0]) === from && end(picked[1]) === to
        ? picked
        : fromUrl;
  const pick = (next: PickerRange): Range<T> | undefined => {
    setPicked(next);
    const ends: Range<T> = [end(next?.[0]), end(next?.[1])];
    return ends[0] === undefined && ends[1] === undefined ? undefined : ends;
  };
  return [value, pick];
}

/** dayjs's reader of days, loaded when first `needed` (a range restored from a link or a reload). */
export function useLazyDayReader(needed: boolean): ((day: string) => Dayjs) | null {
  const [reader, setReader] = useState<{ read: (day: string) => Dayjs } | null>(null);
  const load = needed && reader === null;
  useEffect(() => {
    if (load) void import('./dayjs.ts').then(({ dayjs }) => setReader({ read: (day) => dayjs(day) }));
  }, [load]);
  return reader?.read ?? null;
}
