import type { FileKind, UploadedFile } from '@meetflow/shared/schemas/files';
import { http } from './http.ts';

/** Uploads one file (a meeting's banner or PDF, a certificate's background); answers its id. */
export function uploadFile(kind: FileKind, file: Blob, name: string): Promise<UploadedFile> {
  const form = new FormData();
  // The kind goes first so that the server knows the limit before the bytes arrive.
  form.append('kind', kind);
  form.append('file', file, name);
  return http.post<UploadedFile>('/files', form);
}
