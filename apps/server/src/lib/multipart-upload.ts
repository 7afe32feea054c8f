import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/*
 * Reading one uploaded file and a few small text fields from a multipart request (the plugin is
 * registered by the routes that take uploads, with their own limits). Its errors answer in our
 * catalogue: too large is 413 FILE_TOO_LARGE, anything malformed 400.
 */

export interface Upload {
  fields: Record<string, string>;
  file?: { name: string; bytes: Buffer };
}

/** Multipart errors of @fastify/multipart / busboy, mapped onto our catalogue. */
export function multipartError(error: unknown): AppError | undefined {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('FILE_TOO_LARGE');
  if (typeof code === 'string' && (code.startsWith('FST_') || code.startsWith('ERR_'))) {
    return new AppError('BAD_REQUEST');
  }
  if (error instanceof Error && /multipart|boundary|terminated early/i.test(error.message)) {
    return new AppError('BAD_REQUEST');
  }
  return undefined;
}

/** The text fields and the part named `file` (the first one; strays are drained and dropped). */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  // An upload its route does not describe is one generated clients cannot send: fail its test.
  if (!request.routeOptions.schema?.multipartBody) {
    throw new Error(`${request.routeOptions.url} reads an upload without declaring its multipartBody`);
  }
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const upload: Upload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !upload.file) {
        upload.file = { name: part.filename, bytes: await part.toBuffer() };
      } else {
        await part.toBuffer(); // drain a stray part so the request completes
      }
    }
  } catch (error) {
    throw multipartError(error) ?? error;
  }
  return upload;
}
