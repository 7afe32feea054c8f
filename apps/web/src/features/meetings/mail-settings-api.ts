import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailSettings, MailSettingsBody } from '@meetflow/shared/schemas/mail';
import { http } from '../../lib/http.ts';

export const mailSettingsKey = (meetingId: number) => ['meetings', meetingId, 'mail-settings'] as const;

const url = (meetingId: number) => `/meetings/${meetingId}/mail-settings`;

export function useMailSettings(meetingId: number, enabled: boolean) {
  return useQuery({
    queryKey: mailSettingsKey(meetingId),
    // Silent: the drawer shows a failed load itself, with a retry.
    queryFn: () => http.get<MailSettings>(url(meetingId), { silent: true }),
    enabled,
    // Always edit the latest stored version.
    staleTime: 0,
  });
}

export function useSaveMailSettings(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not silent: the client toasts failures; the drawer also puts field messages on their fields.
    mutationFn: (body: MailSettingsBody) => http.put<MailSettings>(url(meetingId), body),
    onSuccess: (saved) => queryClient.setQueryData(mailSettingsKey(meetingId), saved),
  });
}
