import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GuestImport,
  GuestImportPreview,
  ImportEncoding,
  ImportEncodingBody,
  ImportPreviewBody,
  ImportStartBody,
} from '@meetflow/shared/schemas/imports';
import { http } from '../../lib/http.ts';
import { guestImportKey, guestImportsKey } from './import-list-api.ts';
import { IMPORT_FOLLOW_MS, importActive } from './import-status.ts';

/** Reading a 15 MB workbook of 30,000 rows takes the server a while: more than the usual minute. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export const importTemplatePath = (meetingId: number) => `/meetings/${meetingId}/guest-imports/template`;
export const failedRowsPath = (importId: number) => `/guest-imports/${importId}/failed-rows`;

/** One import, followed every second while the server works on it. Silent: the drawer shows failures. */
export function useGuestImport(importId: number | null) {
  return useQuery({
    queryKey: guestImportKey(importId ?? 0),
    queryFn: () => http.get<GuestImport>(`/guest-imports/${importId}`, { silent: true }),
    enabled: importId !== null,
    refetchInterval: ({ state: { data } }) => (data && importActive(data) ? IMPORT_FOLLOW_MS : false),
  });
}

/** The calls of the drawer; each answer that is the import itself replaces the cached one. */
export function useImportActions(meetingId: number) {
  const queryClient = useQueryClient();
  const keep = (entry: GuestImport) => {
    queryClient.setQueryData(guestImportKey(entry.id), entry);
    void queryClient.invalidateQueries({ queryKey: guestImportsKey(meetingId) });
  };

  /** Silent: the upload step shows the server's reason (too large, not a spreadsheet, too many rows…). */
  const upload = useMutation({
    mutationFn: ({ file, encoding }: { file: File; encoding: ImportEncoding }) => {
      const form = new FormData();
      // The encoding first: the server reads the fields in order and the file streams last.
      form.append('encoding', encoding);
      form.append('file', file);
      return http.post<GuestImport>(`/meetings/${meetingId}/guest-imports`, form, {
        silent: true,
        timeout: UPLOAD_TIMEOUT_MS,
      });
    },
    onSuccess: keep,
  });

  /** A CSV read again in another encoding: new headers, sample and suggested mapping. */
  const encoding = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ImportEncodingBody }) =>
      http.patch<GuestImport>(`/guest-imports/${id}`, body),
    onSuccess: keep,
  });

  /** Silent: the preview step shows the failure with a retry. */
  const preview = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ImportPreviewBody }) =>
      http.post<GuestImportPreview>(`/guest-imports/${id}/preview`, body, {
        silent: true,
        timeout: UPLOAD_TIMEOUT_MS,
      }),
  });

  /** Silent: the preview step shows why it could not start. */
  const start = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ImportStartBody }) =>
      http.post<GuestImport>(`/guest-imports/${id}/start`, body, { silent: true }),
    onSuccess: keep,
  });

  const discard = useMutation({
    mutationFn: (id: number) => http.delete<null>(`/guest-imports/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: guestImportKey(id) });
      void queryClient.invalidateQueries({ queryKey: guestImportsKey(meetingId) });
    },
  });

  return { upload, encoding, preview, start, discard };
}
