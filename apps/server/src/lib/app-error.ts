import { ERRORS, type ErrorName } from '@meetflow/shared/errors';
import type { FieldMessageKey } from '@meetflow/shared/field-messages';

/** An expected failure with a catalogue entry; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly data: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(errorName: ErrorName, options: { data?: unknown; retryAfterSeconds?: number } = {}) {
    super(errorName);
    this.name = 'AppError';
    this.errorName = errorName;
    this.data = options.data ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERRORS[this.errorName].status;
  }
}

/** A 400 with a message on one field, in the shape forms show beside the field. */
export function fieldError(field: string, key: FieldMessageKey): AppError {
  return new AppError('VALIDATION_FAILED', { data: { fields: { [field]: key } } });
}
