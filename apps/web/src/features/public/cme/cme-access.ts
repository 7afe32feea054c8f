import type { Language } from '@meetflow/shared/languages';
import type { TFunction } from '../../../lib/i18n.ts';
import { formatLongDate } from '../certificate-code.ts';
import { NETWORK_FAILURE, PUBLIC_ERROR_CODES, PublicApiError } from '../public-api.ts';

/*
 * The rules of the CME record page without UI: what the e-mail field accepts, and what a refusal
 * means for the visitor (a wrong code, too many tries, an access that ran out).
 */

/** A plain check before sending: the server judges the address again. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): 'emailRequired' | 'emailInvalid' | null {
  const value = email.trim();
  if (!value) return 'emailRequired';
  return EMAIL.test(value) && value.length <= 320 ? null : 'emailInvalid';
}

export type Refusal = 'codeWrong' | 'tooMany' | 'expired' | 'network' | 'fields' | 'other';

/** What went wrong, as the page says it; the server's own message (in the page language) goes with it. */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof PublicApiError)) return 'other';
  if (error.code === NETWORK_FAILURE) return 'network';
  if (error.code === PUBLIC_ERROR_CODES.RATE_LIMITED || error.status === 429) return 'tooMany';
  if (error.code === PUBLIC_ERROR_CODES.LOGIN_CODE_WRONG) return 'codeWrong';
  if (error.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED && Object.keys(error.fields).length)
    return 'fields';
  if (error.status === 401) return 'expired';
  return 'other';
}

/** Whether an access token that ran until `expiresAt` can still be used at `now`. */
export function stillValid(expiresAt: number, now: number): boolean {
  return now < expiresAt;
}

/** A meeting's days with their year: '2027年1月10日 – 2027年1月12日', one day when it is one. */
export function meetingDates(start: number, end: number, zone: string, lang: Language): string {
  const first = formatLongDate(start, zone, lang);
  const last = formatLongDate(end, zone, lang);
  return first === last ? first : `${first} – ${last}`;
}

/** What the page says of a refusal: the server's message (in the page language), else its own text. */
export function refusalText(error: unknown, t: TFunction): string {
  const refusal = refusalOf(error);
  if (refusal === 'network') return t('cmePub.network');
  if (error instanceof PublicApiError && error.message) return error.message;
  return t(refusal === 'fields' || refusal === 'other' ? 'cmePub.failed' : `cmePub.${refusal}`);
}

/** The server's per-field messages of a validation refusal (already in the page language). */
export function fieldMessages(error: unknown): Record<string, string> {
  return error instanceof PublicApiError ? error.fields : {};
}
