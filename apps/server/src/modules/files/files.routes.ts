import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  fileParams,
  MB,
  PDF_MAX_BYTES,
  uploadedFile,
  uploadKind,
  type FileKind,
} from '@meetflow/shared/schemas/files';
import { AppError } from '../../lib/app-error.ts';
import { readUpload } from '../../lib/multipart-upload.ts';
import { fileAnswer, multipartForm } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { FilesService } from './files.service.ts';

const tags = ['files'];

/** A year: the id is the hash of the bytes, so a given URL never changes content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Even if a browser were tricked into rendering a stored image as a page, it could run nothing. */
const IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
/**
 * PDFs get no `sandbox`: Chromium and Safari refuse to start their built-in PDF viewer in a sandboxed
 * document (blank page). The bytes were checked to be a PDF and travel as application/pdf with nosniff,
 * so only the viewer ever renders them; nothing else may load.
 */
const PDF_CSP =
  "default-src 'none'; img-src 'self' data: blob:; style-src 'unsafe-inline'; frame-ancestors 'self'";

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  // Registered inside this plugin only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { files: 1, fields: 4, parts: 6, fieldSize: 1024, fileSize: PDF_MAX_BYTES, headerPairs: 50 },
  });

  app.post(
    '/api/files',
    {
      config: { auth: 'meeting:edit' },
      // The application's 1 MB body limit is raised for this route alone.
      bodyLimit: PDF_MAX_BYTES + MB,
      schema: {
        tags,
        summary:
          'Upload one file (multipart: field `kind` = banner|pdf, then field `file`). The type is judged by its bytes.',
        security: [{ bearer: [] }],
        multipartBody: multipartForm({ kind: uploadKind }),
        response: { 200: envelope(uploadedFile) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { fields, file } = await readUpload(request);
      const kindValue = fields.kind;
      const kind = uploadKind.safeParse(kindValue);
      if (!kind.success) {
        throw new AppError('VALIDATION_FAILED', {
          data: { fields: { kind: kindValue === undefined ? 'required' : 'invalidOption' } },
        });
      }
      if (!file) throw new AppError('FILE_REQUIRED');
      return ok(request, await files.upload(user, kind.data satisfies FileKind, file.bytes, request.ip));
    },
  );

  app.get(
    '/api/files/:id',
    {
      // Banners and PDFs appear on the public pages; ids are 256-bit content hashes, not guessable.
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The bytes of a stored file, cacheable forever (ETag = id)',
        params: fileParams,
        response: { 200: fileAnswer(Object.keys(EXTENSIONS), 'The file: a banner image or a PDF') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const etag = `"${id}"`;
      const cacheHeaders = (mime: string) =>
        reply
          .header('etag', etag)
          .header('cache-control', IMMUTABLE)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', mime === 'application/pdf' ? PDF_CSP : IMAGE_CSP);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        // Browsers merge a 304's headers into the cached response: send the same policy as the 200 did.
        const mime = await files.mime(id);
        // A 304 has no body, so no schema to declare: the reply is widened past the declared 200.
        return (cacheHeaders(mime) as FastifyReply).status(304).send();
      }
      // A miss throws before any caching header is set: a 404 must not be cached for a year.
      const file = await files.get(id);
      const extension = EXTENSIONS[file.mime] ?? 'bin';
      return cacheHeaders(file.mime)
        .header('content-type', file.mime)
        .header('content-disposition', `inline; filename="${id.slice(0, 16)}.${extension}"`)
        .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    },
  );
};
