import { z } from 'zod';

/** Upload limits, shared so that the server's checks and the form's hints show the same numbers. */
export const MB = 1024 * 1024;
/** A banner after the browser has compressed it (see the web's compression plan). */
export const BANNER_MAX_BYTES = 5 * MB;
export const PDF_MAX_BYTES = 20 * MB;
/** Pixel-flood guard, read from the image header before anything else looks at the pixels. */
export const IMAGE_MAX_SIDE = 10_000;
export const IMAGE_MAX_PIXELS = 40_000_000;

export const FILE_KINDS = ['banner', 'pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** What each kind accepts, judged by magic bytes only (never by name or the client's mime). */
export const FILE_KIND_MIMES = {
  banner: ['image/jpeg', 'image/png', 'image/webp'],
  pdf: ['application/pdf'],
} as const satisfies Record<FileKind, readonly string[]>;

export const FILE_KIND_MAX_BYTES: Record<FileKind, number> = {
  banner: BANNER_MAX_BYTES,
  pdf: PDF_MAX_BYTES,
};

/** Files are content-addressed: the id is the SHA-256 of the bytes, hex. */
export const FILE_ID = /^[0-9a-f]{64}$/;
export const fileId = z.string().regex(FILE_ID);

export const uploadKind = z.enum(FILE_KINDS);

export const uploadedFile = z.object({
  id: fileId,
  mime: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const fileParams = z.strictObject({ id: fileId });

/** Where the browser fetches a stored file (public: banners and PDFs appear on visitor pages). */
export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}

/**
 * A visitor's file for a form's file field (issue 42), as the public upload answers it and the
 * sign-up's answer carries it: the stored file's id and type, and the name it had on the phone.
 */
export const answerFile = z.object({
  id: fileId,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
