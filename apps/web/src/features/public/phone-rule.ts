import { AREA_CODES } from '@meetflow/shared/constants';
import { isValidPhone, phoneDigits } from '@meetflow/shared/phone';

/**
 * The public forms' phone check: the shared rule the server applies (libphonenumber's full metadata
 * for our area codes), so a number the page accepts is one the server accepts.
 */
// From the constants, not the zod schemas: the public pages' first download stays free of zod.
export const PUBLIC_AREA_CODES = AREA_CODES.map((area) => area.value);
export type PublicAreaCode = (typeof AREA_CODES)[number]['value'];

/** Spaces, dashes and brackets people type are not part of the number. */
export const normalizePhone = phoneDigits;

export function isAreaCode(value: string): value is PublicAreaCode {
  return (PUBLIC_AREA_CODES as readonly string[]).includes(value);
}

export { isValidPhone };
