import { nameIn } from '@meetflow/shared/languages';
import { field, asDay, useDraft, useListState, usePickerRange } from '../../components/list-toolbar.tsx';
import { dayjs } from '../../lib/dayjs.ts'; // with the date picker's locales
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { useMeetingChoices } from '../../lib/meeting-options.ts';
import { useUserTypes } from '../../lib/dictionary-queries.ts';
import { dayRangeText } from './broadcast-filters.ts';
import {
  answerColumns,
  answerFilterControls,
  answerFilterLabels,
  answerParam,
  knownAnswerFilter,
  parseAnswerItems,
  withAnswerValues,
} from './guest-answers-logic.ts';
import { useGuestPage, useMeetingForm } from './guests-api.ts';
import type { AttendanceStatus, GuestListQuery, GuestSortField } from './guests-types.ts';

export const GUEST_STATUSES: AttendanceStatus[] = ['checked_in', 'not_checked_in', 'left'];
const days = { read: (day: string) => dayjs(day), write: asDay };

/**
 * The guest list's state: the meeting, page, sort and filters (kept in the URL), the query they
 * make and the page of guests it returns.
 */
export function useGuestList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const meetings = useMeetingChoices();

  const list = useListState({
    filters: {
      meeting: field.number(),
      keyword: field.string(),
      type: field.number(),
      status: field.enum(GUEST_STATUSES),
      range: field.dateRange(),
      // The answers to the meeting's own fields: `key:value` items, as the API takes them.
      answer: field.list(field.string()),
    },
    sizes: [20, 50, 100],
    defaultSize: 20,
    sorts: ['name', 'created_at', 'last_in_at'] satisfies GuestSortField[],
    defaultSort: { by: 'created_at', order: 'desc' },
  });
  const { page, size: pageSize, filters } = list;
  const sort = list.sort ?? { by: 'created_at', order: 'desc' };
  const chosenMeeting = filters.meeting;
  // The first meeting until one is chosen.
  const meeting = meetings.data?.items.find((m) => m.id === chosenMeeting) ?? meetings.data?.items[0] ?? null;
  const meetingId = meeting?.id ?? null;
  const userTypes = useUserTypes(meeting?.meeting_type === 'date_schedule' ? meeting.id : undefined);

  const keyword = filters.keyword ?? '';
  const [keywordInput, setKeywordInput] = useDraft(keyword);
  const { type: userTypeId, status, range } = filters;
  const [pickerRange, pickRange] = usePickerRange(range, days);
  const form = useMeetingForm(meetingId);
  const fields = form.data ?? [];
  const linkedAnswers = parseAnswerItems(filters.answer);
  // A link's answer filter waits for the form, which says what it may hold (a stale key would be a 400).
  const answersPending = Object.keys(linkedAnswers).length > 0 && !form.data && !form.isError;
  const answerFilter = knownAnswerFilter(linkedAnswers, fields);
  const answer = answerParam(answerFilter);

  const query: GuestListQuery = {
    page,
    page_size: pageSize,
    sort_by: sort.by,
    sort_order: sort.order,
    ...(keyword ? { keyword } : {}),
    ...(userTypeId ? { user_type_id: userTypeId } : {}),
    ...(status ? { status } : {}),
    ...(pickerRange?.[0] ? { signed_up_from: pickerRange[0].startOf('day').valueOf() } : {}),
    ...(pickerRange?.[1] ? { signed_up_to: pickerRange[1].endOf('day').valueOf() } : {}),
    ...(answer ? { answer } : {}),
  };
  const guests = useGuestPage(answersPending ? null : meetingId, query);

  /** One own field's filter: the guests whose answer is (or holds) one of `values`. */
  const setAnswerValues = (key: string, values: readonly string[]) => {
    const next = answerParam(withAnswerValues(answerFilter, key, values));
    list.setFilters({ answer: next ? next.split(',') : undefined });
  };

  // The meeting stays: it is the list's subject, not a filter of it.
  const resetFilters = () => {
    setKeywordInput('');
    list.setFilters({
      keyword: undefined,
      type: undefined,
      status: undefined,
      range: undefined,
      answer: undefined,
    });
  };

  // Another meeting: its own list, from page 1 and without the last one's filters.
  const chooseMeeting = (id: number) => {
    setKeywordInput('');
    list.update((current) => ({ ...current, page: 1, filters: { meeting: id } }));
  };

  /** The list's filters as text, for the broadcast's recipients. */
  const filterLabels = () => {
    const labels: { label: string; value: string }[] = [];
    if (keyword) labels.push({ label: t('guests.keyword'), value: `“${keyword}”` });
    if (userTypeId) {
      const type = userTypes.data?.find((u) => u.id === userTypeId);
      labels.push({
        label: t('guests.userType'),
        value: type ? nameIn(lang, type.name, type.name_cn, type.name_en) : `#${userTypeId}`,
      });
    }
    if (status) labels.push({ label: t('guests.status'), value: t(`guests.statuses.${status}`) });
    if (range && (range[0] || range[1])) {
      labels.push({ label: t('guests.signUpDate'), value: dayRangeText(range) });
    }
    labels.push(...answerFilterLabels(answerFilter, fields, lang));
    return labels;
  };

  return {
    list,
    meetings,
    meeting,
    meetingId,
    userTypes,
    keyword,
    keywordInput,
    setKeywordInput,
    userTypeId,
    status,
    range,
    pickerRange,
    pickRange,
    query,
    guests,
    fields,
    answerColumns: answerColumns(fields, lang),
    answerControls: answerFilterControls(fields, lang, answerFilter),
    answerFilter,
    setAnswerValues,
    resetFilters,
    chooseMeeting,
    filterLabels,
  };
}

export type GuestListState = ReturnType<typeof useGuestList>;
