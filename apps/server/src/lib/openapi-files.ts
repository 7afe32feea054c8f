import { z } from 'zod';
import { XLSX_MIME } from './xlsx-export.ts';

/*
 * How routes that take or give files describe them to the OpenAPI document, so clients generated
 * from it can upload and download: a file answer names its media types with a binary body, an
 * upload names its multipart fields with a binary `file`. The document plugin checks both.
 */

/**
 * The bytes of a file, as OpenAPI spells it: `type: string, format: binary`. Typed `any` so a
 * handler may send a Buffer or a stream; nothing validates or serialises it.
 */
export const binaryFile = z.any().meta({ type: 'string', format: 'binary' });

/** A 2xx answer that is a file of one of these media types, not the JSON envelope. */
export function fileAnswer(mediaTypes: string | readonly string[], description: string) {
  const content = Object.fromEntries([mediaTypes].flat().map((type) => [type, { schema: binaryFile }]));
  return { description, content };
}

export const xlsxAnswer = (description: string) => fileAnswer(XLSX_MIME, description);
export const pdfAnswer = (description: string) => fileAnswer('application/pdf', description);
export const zipAnswer = (description: string) => fileAnswer('application/zip', description);

/** An answer streamed as Server-Sent Events. */
export function eventStreamAnswer(description: string) {
  return { description, content: { 'text/event-stream': { schema: z.any().meta({ type: 'string' }) } } };
}

/** A multipart upload's form: its text fields and the binary `file` part. */
export function multipartForm<Fields extends z.ZodRawShape>(fields: Fields) {
  return z.object({ ...fields, file: binaryFile });
}
