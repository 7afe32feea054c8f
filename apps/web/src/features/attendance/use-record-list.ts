import { field, asInstant, useDraft, useListState, usePickerRange } from '../../components/list-toolbar.tsx';
import { dayjs } from '../../lib/dayjs.ts'; // with the date picker's locales
import type { AttendanceStatus, RecordQuery } from '../../lib/attendance-types.ts';
import { useMeetingChoices, useSessionChoices } from '../../lib/meeting-options.ts';
import { useRecordPage } from './attendance-api.ts';

export const RECORD_STATUSES: AttendanceStatus[] = ['checked_in', 'not_checked_in', 'left'];
const instants = { read: (ms: number) => dayjs(ms), write: asInstant };

/**
 * The records list's state: meeting, page and filters (kept in the URL), the query they make and
 * the page of records it returns. Until a meeting is chosen: the station's, else the first.
 */
export function useRecordList(stationMeetingId: number | null | undefined) {
  const meetings = useMeetingChoices();
  const list = useListState({
    filters: {
      meeting: field.number(),
      session: field.number(),
      type: field.enum(['in', 'out'] as const),
      status: field.enum(RECORD_STATUSES),
      station: field.string(),
      range: field.timeRange(),
    },
    sizes: [20, 50, 100],
    defaultSize: 20,
  });
  const { page, size: pageSize, filters } = list;
  const meetingId = filters.meeting ?? stationMeetingId ?? meetings.data?.items[0]?.id ?? null;
  const { session: scheduleId, type, status } = filters;
  const stationFilter = filters.station ?? '';
  const [stationInput, setStationInput] = useDraft(stationFilter);
  const [rangeFrom, rangeTo] = filters.range ?? [];
  const [range, pickRange] = usePickerRange(filters.range, instants);
  const sessions = useSessionChoices(meetingId);

  const query: RecordQuery | null =
    meetingId === null
      ? null
      : {
          page,
          page_size: pageSize,
          meeting_id: meetingId,
          ...(scheduleId ? { schedule_id: scheduleId } : {}),
          ...(type ? { type } : {}),
          ...(status ? { status } : {}),
          ...(stationFilter ? { station: stationFilter } : {}),
          ...(rangeFrom ? { from: rangeFrom } : {}),
          ...(rangeTo ? { to: rangeTo } : {}),
        };
  const records = useRecordPage(query);

  return {
    list,
    meetings,
    meetingId,
    scheduleId,
    type,
    status,
    stationInput,
    setStationInput,
    range,
    pickRange,
    sessions,
    query,
    records,
  };
}

export type RecordListState = ReturnType<typeof useRecordList>;
