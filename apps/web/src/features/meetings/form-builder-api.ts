import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationForm, RegistrationFormBody } from '@meetflow/shared/schemas/forms';
import { http } from '../../lib/http.ts';

export const registrationFormKey = (meetingId: number) => ['meetings', meetingId, 'form'] as const;

const url = (meetingId: number) => `/meetings/${meetingId}/form`;

export function useRegistrationForm(meetingId: number, enabled: boolean) {
  return useQuery({
    queryKey: registrationFormKey(meetingId),
    // Silent: the drawer shows a failed load itself, with a retry.
    queryFn: () => http.get<RegistrationForm>(url(meetingId), { silent: true }),
    enabled,
    // Always edit the latest stored version (and the latest answered keys).
    staleTime: 0,
  });
}

export function useSaveRegistrationForm(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Silent: the drawer says what went wrong (a newer version, messages on their fields, else the reason).
    mutationFn: (body: RegistrationFormBody) =>
      http.put<RegistrationForm>(url(meetingId), body, { silent: true }),
    onSuccess: (saved) => queryClient.setQueryData(registrationFormKey(meetingId), saved),
  });
}
