import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationForm } from '@meetflow/shared/schemas/forms';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import type { SignUpBody } from '@meetflow/shared/schemas/public';
import { downloadFile } from '../../lib/authorized-fetch.ts';
import { http } from '../../lib/http.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { answerFilePath, type AnswerFile } from './guest-answers-logic.ts';
import type { AdminGuest, GuestDetail, GuestListQuery, GuestMessages, GuestPage } from './guests-types.ts';

export const guestsKey = ['guests'] as const;

export function useGuestPage(meetingId: number | null, query: GuestListQuery) {
  return useQuery({
    // Type and category names come in the request's language: a language switch fetches again.
    queryKey: [...guestsKey, 'list', meetingId, query, currentLanguage()],
    queryFn: () => http.get<GuestPage>(`/meetings/${meetingId}/guests`, { params: query }),
    enabled: meetingId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The meeting's own fields (retired ones too): the list's answer columns and filters, the add and
 * edit form. Read afresh when a page opens: the builder may have changed them since.
 */
export function useMeetingForm(meetingId: number | null) {
  return useQuery({
    queryKey: [...guestsKey, 'form', meetingId],
    queryFn: () => http.get<RegistrationForm>(`/meetings/${meetingId}/form`),
    enabled: meetingId !== null,
    select: (form) => form.fields,
  });
}

export function useGuestDetail(guestId: number | null) {
  return useQuery({
    queryKey: [...guestsKey, 'detail', guestId, currentLanguage()],
    queryFn: () => http.get<GuestDetail>(`/guests/${guestId}`),
    enabled: guestId !== null,
  });
}

/** While a mail server works through the guest's queue, the history follows it. */
const MESSAGES_FOLLOW_MS = 5_000;

/** The guest's mail: queued, sending, sent, failed or skipped, newest first. */
export function useGuestMessages(guestId: number) {
  return useQuery({
    queryKey: [...guestsKey, 'messages', guestId],
    // Silent: the section shows the failure itself, with a retry.
    queryFn: () => http.get<GuestMessages>(`/guests/${guestId}/messages`, { silent: true }),
    // Without a mail server nothing moves until one is configured: no polling then.
    refetchInterval: ({ state: { data } }) =>
      data?.mail_server_configured && data.items.some((m) => m.status === 'queued' || m.status === 'sending')
        ? MESSAGES_FOLLOW_MS
        : false,
  });
}

/** A new confirmation with the guest's current sessions; the history shows it as a new row. */
export function useResendConfirmation(guestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<null>(`/guests/${guestId}/messages/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...guestsKey, 'messages', guestId] }),
  });
}

/** Add (no id) or edit a guest with the sign-up form's fields; the server applies the same rules. */
export function useSaveGuest(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SignUpBody }) =>
      id === null
        ? http.post<AdminGuest>(`/meetings/${meetingId}/guests`, body)
        : http.put<AdminGuest>(`/guests/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestsKey }),
  });
}

export function useDeleteGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<null>(`/guests/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestsKey }),
  });
}

/** The export's path with the list's filters (no paging): the file holds every matching guest. */
export function guestExportPath(meetingId: number, query: GuestListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'page_size' || value === undefined) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `/meetings/${meetingId}/guests/export${search ? `?${search}` : ''}`;
}

/** Everything held about the guest, as they would download it themselves (audited by the server). */
export function fetchGuestPersonalData(guestId: number): Promise<GuestPersonalData> {
  return http.get<GuestPersonalData>(`/guests/${guestId}/personal-data`);
}

/**
 * Withdraws a guest on their request: the sign-up cancelled (seats freed, waiting lists moved on) and
 * their personal data erased, for good. The lists are read again.
 */
export function useWithdrawGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guestId: number) => http.post<null>(`/guests/${guestId}/withdraw`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestsKey }),
  });
}

/** A guest's file answer, saved under its answer's name (the server audits the download). */
export function downloadAnswerFile(guestId: number, file: AnswerFile) {
  return downloadFile(answerFilePath(guestId, file.id), file.name);
}
