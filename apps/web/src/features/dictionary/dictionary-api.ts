import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollegeCategory,
  CollegeCategoryBody,
  DictionaryEntry,
  DictionaryEntryBody,
  MeetingTime,
  MeetingTimeBody,
  Schedule,
  ScheduleBody,
  ScheduleMap,
  ScheduleMapBody,
  UserType,
  UserTypeBody,
} from '@meetflow/shared/schemas/dictionary';
import type { Meeting, MeetingPage } from '@meetflow/shared/schemas/meetings';
import { http } from '../../lib/http.ts';
import {
  dictionaryKeys,
  useCollegeCategories,
  useSchedules,
  useUserTypes,
} from '../../lib/dictionary-queries.ts';

// The reads the guest pages share live in lib/; the dictionary pages import them from here too.
export { dictionaryKeys, useCollegeCategories, useSchedules, useUserTypes };

/** The meetings offered by the meeting picker (the first 100 the user may see). */
export function useMeetingOptions() {
  return useQuery({
    queryKey: dictionaryKeys.meetingOptions,
    queryFn: () => http.get<MeetingPage>('/meetings', { params: { page: 1, page_size: 100 } }),
  });
}

/** One meeting, for its dates (the schedule editor opens with an id only). */
export function useMeeting(meetingId: number, enabled = true) {
  return useQuery({
    queryKey: ['dictionary', 'meeting-detail', meetingId],
    queryFn: () => http.get<Meeting>(`/meetings/${meetingId}`),
    enabled,
  });
}

export function useMeetingTimes() {
  return useQuery({
    queryKey: dictionaryKeys.meetingTimes,
    queryFn: () => http.get<MeetingTime[]>('/meeting-times'),
  });
}

export function useScheduleMap(meetingId: number, enabled = true) {
  return useQuery({
    queryKey: [...dictionaryKeys.meeting(meetingId), 'map'],
    queryFn: () => http.get<ScheduleMap>(`/meetings/${meetingId}/schedule-map`),
    enabled,
  });
}

export function useDictionaryEntries(type: string | undefined) {
  return useQuery({
    queryKey: [...dictionaryKeys.entries, type ?? ''],
    queryFn: () => http.get<DictionaryEntry[]>('/dictionary-entries', { params: type ? { type } : {} }),
  });
}

/**
 * Create, update and delete for one resource. Failures are not silent: the client toasts the
 * server's message (why a delete was refused); forms also put field errors beside their fields.
 */
export interface CrudApi<B> {
  create: (body: B) => Promise<unknown>;
  update: (id: number, body: B) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

function useCrud<B>(invalidate: readonly unknown[], api: CrudApi<B>): CrudApi<B> {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invalidate });
  const create = useMutation({ mutationFn: api.create, onSuccess: refresh });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: B }) => api.update(id, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: api.remove, onSuccess: refresh });
  return {
    create: (body) => create.mutateAsync(body),
    update: (id, body) => update.mutateAsync({ id, body }),
    remove: (id) => remove.mutateAsync(id),
  };
}

export const useMeetingTimeCrud = () =>
  // A time slot shows inside sessions too: refresh every dictionary query.
  useCrud<MeetingTimeBody>(['dictionary'], {
    create: (body) => http.post<MeetingTime>('/meeting-times', body),
    update: (id, body) => http.put<MeetingTime>(`/meeting-times/${id}`, body),
    remove: (id) => http.delete<null>(`/meeting-times/${id}`),
  });

export const useScheduleCrud = (meetingId: number) =>
  useCrud<ScheduleBody>(dictionaryKeys.meeting(meetingId), {
    create: (body) => http.post<Schedule>(`/meetings/${meetingId}/schedules`, body),
    update: (id, body) => http.put<Schedule>(`/schedules/${id}`, body),
    remove: (id) => http.delete<null>(`/schedules/${id}`),
  });

export const useUserTypeCrud = (meetingId: number) =>
  useCrud<UserTypeBody>(dictionaryKeys.meeting(meetingId), {
    create: (body) => http.post<UserType>(`/meetings/${meetingId}/user-types`, body),
    update: (id, body) => http.put<UserType>(`/user-types/${id}`, body),
    remove: (id) => http.delete<null>(`/user-types/${id}`),
  });

export const useCollegeCategoryCrud = () =>
  useCrud<CollegeCategoryBody>(dictionaryKeys.collegeCategories, {
    create: (body) => http.post<CollegeCategory>('/college-categories', body),
    update: (id, body) => http.put<CollegeCategory>(`/college-categories/${id}`, body),
    remove: (id) => http.delete<null>(`/college-categories/${id}`),
  });

export const useDictionaryEntryCrud = () =>
  useCrud<DictionaryEntryBody>(dictionaryKeys.entries, {
    create: (body) => http.post<DictionaryEntry>('/dictionary-entries', body),
    update: (id, body) => http.put<DictionaryEntry>(`/dictionary-entries/${id}`, body),
    remove: (id) => http.delete<null>(`/dictionary-entries/${id}`),
  });

export function useSaveScheduleMap(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleMapBody) => http.put<ScheduleMap>(`/meetings/${meetingId}/schedule-map`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionaryKeys.meeting(meetingId) }),
  });
}
