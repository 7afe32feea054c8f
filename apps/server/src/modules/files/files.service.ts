import { createHash } from 'node:crypto';
import {
  FILE_KIND_MAX_BYTES,
  FILE_KIND_MIMES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  type FileKind,
  type UploadedFile,
} from '@meetflow/shared/schemas/files';
import { ANSWER_FILE_MAX_BYTES, ANSWER_FILE_MIMES } from '@meetflow/shared/forms/form-basics';
import type { FileAnswer } from '@meetflow/shared/forms/form-engine';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import {
  findFile,
  findFileMimes,
  findPublicFileMime,
  insertFileIfAbsent,
  type StoredFile,
} from './files.repository.ts';

/** Stored files' MIME types by id, for modules that check the files a body refers to (meetings). */
export { findFileMimes };

// The sniffers are loaded with the first upload, not at start-up.
const loadFileType = onFirstUse(() => import('file-type'));
const loadImageSize = onFirstUse(() => import('image-size'));

/** The type of the bytes, from their magic numbers only: the file name and the client's mime are ignored. */
export async function sniffMime(bytes: Uint8Array): Promise<string | undefined> {
  const { fileTypeFromBuffer } = await loadFileType();
  return (await fileTypeFromBuffer(bytes))?.mime;
}

/**
 * Refuses images whose header announces more pixels than we accept, before anything decodes them
 * (a small file can declare a gigantic canvas).
 */
export async function assertImageDimensions(bytes: Uint8Array): Promise<void> {
  const { imageSize } = await loadImageSize();
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED');
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width <= 0 || height <= 0) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new AppError('IMAGE_DIMENSIONS_TOO_LARGE');
  }
}

const ANSWER_EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * The name a visitor's file keeps in their answer: the last part of what the phone sent, without
 * control characters, at most 200 characters; 'file.<type>' when nothing is left.
 */
export function answerFileName(name: string | undefined, mime: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim();
  // Counted in characters, so a name in Chinese or with an emoji is not cut inside one.
  return [...clean].slice(0, 200).join('') || `file.${ANSWER_EXTENSIONS[mime] ?? 'bin'}`;
}

/**
 * A visitor's file for a form's file field (issue 42), stored like every upload by the hash of its
 * bytes: a PDF, JPEG or PNG by its magic bytes (never its name or the phone's type), at most
 * ANSWER_FILE_MAX_BYTES, an image's header within the pixel limits. Stored private: the public file
 * route does not serve it, the back office opens it through its guest (bytes already stored as a
 * public banner or PDF stay public: they were public before). Nothing is logged: the uploader is
 * anonymous and the file is personal data.
 */
export async function storeAnswerFile(
  deps: { db: Db; clock: () => number },
  file: { name?: string; bytes: Buffer },
): Promise<FileAnswer> {
  const { bytes } = file;
  if (bytes.length === 0) throw new AppError('FILE_REQUIRED');
  if (bytes.length > ANSWER_FILE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
  const mime = await sniffMime(bytes);
  if (!mime || !(ANSWER_FILE_MIMES as readonly string[]).includes(mime)) {
    throw new AppError('FILE_TYPE_NOT_ALLOWED');
  }
  if (mime !== 'application/pdf') await assertImageDimensions(bytes);
  const id = createHash('sha256').update(bytes).digest('hex');
  await insertFileIfAbsent(deps.db, {
    id,
    mime,
    size: bytes.length,
    data: bytes,
    createdAt: deps.clock(),
    private: true,
  });
  return { id, name: answerFileName(file.name, mime), mime, size: bytes.length };
}

export function createFilesService(deps: { db: Db; systemLog: SystemLog; clock: () => number }) {
  const { db, systemLog, clock } = deps;
  return {
    async upload(user: AuthUser, kind: FileKind, bytes: Buffer, ip: string): Promise<UploadedFile> {
      if (bytes.length === 0) throw new AppError('FILE_REQUIRED');
      if (bytes.length > FILE_KIND_MAX_BYTES[kind]) throw new AppError('FILE_TOO_LARGE');
      const mime = await sniffMime(bytes);
      const allowed: readonly string[] = FILE_KIND_MIMES[kind];
      if (!mime || !allowed.includes(mime)) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      if (kind === 'banner') await assertImageDimensions(bytes);
      const id = createHash('sha256').update(bytes).digest('hex');
      // Bytes a visitor once uploaded privately become public: they are now this banner or PDF.
      await insertFileIfAbsent(db, { id, mime, size: bytes.length, data: bytes, createdAt: clock() });
      await systemLog.record({
        action: 'create',
        source: 'admin',
        message: { key: 'file.uploaded', params: { kind, id, mime, size: bytes.length } },
        username: user.auditName,
        ip,
      });
      return { id, mime, size: bytes.length };
    },

    /** A public file's stored type only (for a 304), without reading the bytes; 404 for a private one. */
    async mime(id: string): Promise<string> {
      const mime = await findPublicFileMime(db, id);
      if (!mime) throw new AppError('NOT_FOUND');
      return mime;
    },

    /** A public file (a banner or PDF); a visitor's private answer file is 404 here. */
    async get(id: string): Promise<StoredFile> {
      const file = await findFile(db, id);
      if (!file || file.private) throw new AppError('NOT_FOUND');
      return file;
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
