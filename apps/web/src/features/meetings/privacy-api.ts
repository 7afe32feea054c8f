import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PrivacySettings,
  PrivacySettingsBody,
  PurgeBody,
  PurgeResult,
} from '@meetflow/shared/schemas/privacy';
import { http } from '../../lib/http.ts';

export const privacyKey = (meetingId: number) => ['meetings', meetingId, 'privacy'] as const;

const url = (meetingId: number) => `/meetings/${meetingId}/privacy`;

export function usePrivacySettings(meetingId: number, enabled: boolean) {
  return useQuery({
    queryKey: privacyKey(meetingId),
    // Silent: the drawer shows a failed load itself, with a retry.
    queryFn: () => http.get<PrivacySettings>(url(meetingId), { silent: true }),
    enabled,
    // Always the latest stored version: the purge date and the guests held move on their own.
    staleTime: 0,
  });
}

export function useSavePrivacy(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not silent: the client toasts failures; the drawer also puts field messages on their fields.
    mutationFn: (body: PrivacySettingsBody) => http.put<PrivacySettings>(url(meetingId), body),
    onSuccess: (saved) => queryClient.setQueryData(privacyKey(meetingId), saved),
  });
}

/** "Erase now": the meeting's name typed as confirmation. A wrong name comes back as the field `confirm`. */
export function usePurgePersonalData(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PurgeBody) => http.post<PurgeResult>(`/meetings/${meetingId}/purge`, body),
    // The drawer's state and the guest lists (their names and contacts are gone) are read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: privacyKey(meetingId) }),
        queryClient.invalidateQueries({ queryKey: ['guests'] }),
      ]),
  });
}
