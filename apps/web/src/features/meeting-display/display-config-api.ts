import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MeetingDisplayConfig,
  MeetingDisplayConfigInput,
} from '@meetflow/shared/schemas/meeting-display';
import { http } from '../../lib/http.ts';

export const displayConfigKey = (meetingId: number) => ['meetings', meetingId, 'display-config'] as const;

const url = (meetingId: number) => `/meetings/${meetingId}/display-config`;

export function useDisplayConfig(meetingId: number, enabled: boolean) {
  return useQuery({
    queryKey: displayConfigKey(meetingId),
    queryFn: () => http.get<MeetingDisplayConfig>(url(meetingId)),
    enabled,
    // Always edit the latest stored version.
    staleTime: 0,
  });
}

export function useSaveDisplayConfig(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not silent: the client toasts failures and handles an ended session; the drawer also puts
    // validation messages on their fields.
    mutationFn: (config: MeetingDisplayConfigInput) => http.put<MeetingDisplayConfig>(url(meetingId), config),
    onSuccess: (saved) => queryClient.setQueryData(displayConfigKey(meetingId), saved),
  });
}
