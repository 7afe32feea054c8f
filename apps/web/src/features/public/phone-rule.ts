import { AREA_CODE_VALUES, isValidPhone, phoneDigits, type AreaCode } from '@meetflow/shared';

/**
 * The public forms' phone check: the shared rule the server applies (libphonenumber's full metadata
 * for our area codes), so a number the page accepts is one the server accepts.
 */
export const PUBLIC_AREA_CODES = AREA_CODE_VALUES;
export type PublicAreaCode = AreaCode;

/** Spaces, dashes and brackets people type are not part of the number. */
export const normalizePhone = phoneDigits;

export function isAreaCode(value: string): value is PublicAreaCode {
  return (PUBLIC_AREA_CODES as readonly string[]).includes(value);
}

export { isValidPhone };
