import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdmissionSettings,
  AdmissionSettingsBody,
  ApplicationItem,
  ApplicationPage,
  ApplicationQuery,
  DecideBody,
  DecideResult,
} from '@meetflow/shared/schemas/approval';
import type { Meeting } from '@meetflow/shared/schemas/meetings';
import { http } from '../../lib/http.ts';

export type { AdmissionSettings, ApplicationItem, ApplicationPage, DecideResult };

const approvalKey = (meetingId: number) => ['approval', meetingId] as const;

/** The meeting as it is now (its type decides whether approval by registration type is offered). */
export function useMeetingDetail(meetingId: number | null) {
  return useQuery({
    queryKey: ['meetings', 'detail', meetingId ?? 0],
    queryFn: () => http.get<Meeting>(`/meetings/${meetingId}`),
    enabled: meetingId !== null,
  });
}

export function useAdmissionSettings(meetingId: number | null) {
  return useQuery({
    queryKey: [...approvalKey(meetingId ?? 0), 'settings'],
    queryFn: () => http.get<AdmissionSettings>(`/meetings/${meetingId}/admission`),
    enabled: meetingId !== null,
  });
}

export function useSaveAdmission(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdmissionSettingsBody) =>
      http.put<AdmissionSettings>(`/meetings/${meetingId}/admission`, body, { silent: true }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKey(meetingId) });
      // The registration types' "needs approval" lives in the dictionary.
      void queryClient.invalidateQueries({ queryKey: ['dictionary', 'meeting', meetingId] });
      void queryClient.invalidateQueries({ queryKey: ['meetings'] });
    },
  });
}

export function useApplications(meetingId: number, query: ApplicationQuery) {
  return useQuery({
    queryKey: [...approvalKey(meetingId), 'list', query],
    queryFn: () => http.get<ApplicationPage>(`/meetings/${meetingId}/applications`, { params: query }),
    placeholderData: keepPreviousData,
  });
}

/** Approves or rejects the chosen applications in one request; each is decided on its own. */
export function useDecide(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideBody) =>
      http.post<DecideResult>(`/meetings/${meetingId}/applications/decide`, body, { silent: true }),
    onSettled: () => {
      // The counts, the seats, and what the guest list and the meeting list show.
      for (const queryKey of [approvalKey(meetingId), ['meetings'], ['guests'], ['waitlist', meetingId]])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
