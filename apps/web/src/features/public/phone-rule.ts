import { AREA_CODES } from '@meetflow/shared/constants';

/**
 * The public forms' phone check: the shared rule the server applies (libphonenumber's full metadata
 * for our area codes), so a number the page accepts is one the server accepts. It is a tenth of a
 * page's first download, so a form loads it when it is first checked (or focused), not with the page.
 */
export type PhoneRule = Pick<typeof import('@meetflow/shared/phone'), 'isValidPhone' | 'phoneDigits'>;
export const loadPhoneRule = (): Promise<PhoneRule> => import('@meetflow/shared/phone');

// From the constants, not the zod schemas: the public pages' first download stays free of zod.
export const PUBLIC_AREA_CODES = AREA_CODES.map((area) => area.value);
export type PublicAreaCode = (typeof AREA_CODES)[number]['value'];

export function isAreaCode(value: string): value is PublicAreaCode {
  return (PUBLIC_AREA_CODES as readonly string[]).includes(value);
}
