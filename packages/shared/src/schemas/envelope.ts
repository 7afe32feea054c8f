import { z } from 'zod';

/** Every API answer is `{ code, message, data }`; code 0 is success. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const errorEnvelope = envelope(z.unknown().nullable());

/** Validation failures carry one message per field path ("a.b.0"). */
export const validationErrorData = z.object({ fields: z.record(z.string(), z.string()) });
export type ValidationErrorData = z.infer<typeof validationErrorData>;
