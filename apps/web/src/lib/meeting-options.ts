import { useQuery } from '@tanstack/react-query';
import type { Schedule } from '@meetflow/shared/schemas/dictionary';
import type { Meeting, MeetingPage } from '@meetflow/shared/schemas/meetings';
import { nameIn } from '@meetflow/shared/languages';
import { http } from './http.ts';
import { currentLanguage } from './i18n.ts';

/** The meetings offered by the pickers of the attendance pages: the latest 100 the user may see. */
export function useMeetingChoices() {
  return useQuery({
    queryKey: ['attendance', 'meeting-choices'],
    queryFn: () =>
      http.get<MeetingPage>('/meetings', {
        params: { page: 1, page_size: 100, sort_by: 'start_at', sort_order: 'desc' },
      }),
    staleTime: 60_000,
  });
}

/** A meeting's sessions, for the session pickers; empty for a general meeting. */
export function useSessionChoices(meetingId: number | null | undefined) {
  return useQuery({
    queryKey: ['dictionary', 'meeting', meetingId ?? 0, 'schedules'],
    queryFn: () => http.get<Schedule[]>(`/meetings/${meetingId}/schedules`, { silent: true }),
    enabled: !!meetingId,
  });
}

export function meetingOptions(meetings: Meeting[] | undefined) {
  const lang = currentLanguage();
  return (meetings ?? []).map((m) => ({ value: m.id, label: nameIn(lang, m.name, m.name_cn, m.name_en) }));
}

export function sessionLabel(schedule: Schedule): string {
  const lang = currentLanguage();
  const time = schedule.meeting_time
    ? ` ${schedule.meeting_time.start_time}–${schedule.meeting_time.end_time}`
    : '';
  return `${nameIn(lang, schedule.name, schedule.name_cn, schedule.name_en)} (${schedule.date}${time})`;
}

export function sessionOptions(schedules: Schedule[] | undefined) {
  return (schedules ?? []).map((s) => ({ value: s.id, label: sessionLabel(s) }));
}
