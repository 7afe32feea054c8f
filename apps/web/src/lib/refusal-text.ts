import { ApiError } from './http-errors.ts';

/*
 * Its own module, not in http-errors.ts: only the import dialogs (lazy chunks) use it, and http-errors.ts
 * loads with the admin shell, whose budget is full.
 */

/** What a refused call says: the server's message, and the field messages that go with it. */
export function refusalText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const fields =
    error instanceof ApiError
      ? (error.data as { fields?: Record<string, unknown> } | null)?.fields
      : undefined;
  const parts = [error.message];
  for (const text of Object.values(fields ?? {})) {
    if (typeof text === 'string' && !parts.includes(text)) parts.push(text);
  }
  return parts.filter(Boolean).join(' ');
}
