import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailPreview, MailPreviewBody } from '@meetflow/shared/schemas/mail';
import { http } from './http.ts';

/**
 * A mail as a guest would get it, with the text being edited (not yet saved): the mail settings'
 * texts and broadcasts. `body` null: nothing to preview (a part is empty). The last preview stays on
 * screen while the next one loads.
 */
export function useMailPreview(meetingId: number, body: MailPreviewBody | null) {
  return useQuery({
    queryKey: ['meetings', meetingId, 'mail-preview', body],
    // Silent: typing must not raise a toast per keystroke; the preview shows its own failure.
    queryFn: () => http.post<MailPreview>(`/meetings/${meetingId}/mail-preview`, body, { silent: true }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
