import { z } from 'zod';

/** Every API answer is `{ code, message, data }`; code 0 is success. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

/** What every failure answers; `id` makes it one named component of the OpenAPI document. */
export const errorEnvelope = z
  .object({
    code: z.number().int().describe('The error catalogue code (never 0)'),
    message: z.string().describe('The message in the language of Accept-Language'),
    data: z.unknown().describe('null, or `{ fields }` with a message per invalid field (400)'),
  })
  .meta({ id: 'ErrorEnvelope' });

/** Validation failures carry one message per field path ("a.b.0"). */
export const validationErrorData = z.object({ fields: z.record(z.string(), z.string()) });
export type ValidationErrorData = z.infer<typeof validationErrorData>;
