import { useQuery } from '@tanstack/react-query';
import type { CollegeCategory, Schedule, UserType } from '@meetflow/shared/schemas/dictionary';
import { http } from './http.ts';

// The dictionary reads that the guest pages use as well as the dictionary pages.

export const dictionaryKeys = {
  meetingTimes: ['dictionary', 'meeting-times'] as const,
  collegeCategories: ['dictionary', 'college-categories'] as const,
  entries: ['dictionary', 'entries'] as const,
  /** Sessions, user types and the map of one meeting: they change together. */
  meeting: (meetingId: number) => ['dictionary', 'meeting', meetingId] as const,
  meetingOptions: ['dictionary', 'meeting-options'] as const,
};

export function useSchedules(meetingId: number | undefined) {
  return useQuery({
    queryKey: [...dictionaryKeys.meeting(meetingId ?? 0), 'schedules'],
    queryFn: () => http.get<Schedule[]>(`/meetings/${meetingId}/schedules`),
    enabled: meetingId !== undefined,
  });
}

export function useUserTypes(meetingId: number | undefined) {
  return useQuery({
    queryKey: [...dictionaryKeys.meeting(meetingId ?? 0), 'user-types'],
    queryFn: () => http.get<UserType[]>(`/meetings/${meetingId}/user-types`),
    enabled: meetingId !== undefined,
  });
}

export function useCollegeCategories() {
  return useQuery({
    queryKey: dictionaryKeys.collegeCategories,
    queryFn: () => http.get<CollegeCategory[]>('/college-categories'),
  });
}
