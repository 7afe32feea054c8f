import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleImportPreview, ScheduleImportResult } from '@meetflow/shared/schemas/imports';
import { http } from '../../lib/http.ts';

/** Reading a workbook takes the server longer than the usual minute at worst. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export const scheduleTemplatePath = (meetingId: number) => `/meetings/${meetingId}/schedule-imports/template`;

/** Silent: the dialog shows the server's reason for refusing the file. */
export function useUploadScheduleWorkbook(meetingId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return http.post<ScheduleImportPreview>(`/meetings/${meetingId}/schedule-imports`, form, {
        silent: true,
        timeout: UPLOAD_TIMEOUT_MS,
      });
    },
  });
}

/**
 * Applies a previewed workbook whole. Sessions, user types, college categories and the map all
 * change: every dictionary query is read again. Silent: the dialog shows why it was refused.
 */
export function useApplyScheduleWorkbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) =>
      http.post<ScheduleImportResult>(`/schedule-imports/${importId}/apply`, undefined, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dictionary'] }),
  });
}
