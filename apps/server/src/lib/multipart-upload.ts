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

const tooLarge = () => Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });

/**
 * A file part's bytes, copied once into a buffer of the largest size allowed: the memory is the
 * system's until written, so the process grows by the file's size, not by twice it (collecting the
 * chunks, then joining them, as `toBuffer` does).
 */
async function fileBytes(stream: AsyncIterable<Buffer> & { truncated?: boolean }, maxBytes: number) {
  const buffer = Buffer.allocUnsafeSlow(maxBytes);
  let length = 0;
  for await (const chunk of stream) {
    if (length + chunk.length > maxBytes) throw tooLarge();
    chunk.copy(buffer, length);
    length += chunk.length;
  }
  if (stream.truncated) throw tooLarge();
  return buffer.subarray(0, length);
}

/**
 * The text fields and the part named `file` (the first one; strays are drained and dropped). With
 * `maxFileBytes` (the plugin's file size limit) the file is read into one buffer of that size.
 */
export async function readUpload(request: FastifyRequest, maxFileBytes?: number): Promise<Upload> {
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
        const bytes = maxFileBytes ? await fileBytes(part.file, maxFileBytes) : await part.toBuffer();
        upload.file = { name: part.filename, bytes };
      } else {
        await part.toBuffer(); // drain a stray part so the request completes
      }
    }
  } catch (error) {
    throw multipartError(error) ?? error;
  }
  return upload;
}
