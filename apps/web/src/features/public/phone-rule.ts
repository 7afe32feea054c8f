/**
 * Client-side phone check per area code. Deliberately tiny: libphonenumber-js (even `/min`) would
 * add ~35 KB gzip to the sign-up page, so the authoritative check (libphonenumber-js on the server)
 * answers a 'phoneInvalid' field error, and this rule only catches obvious typos before the round trip.
 *
 * 86 (mainland): 11 digits starting with 1; 852 (Hong Kong): 8 digits; 853 (Macao): 8 digits
 * starting with 6[2-9]; 886 (Taiwan): 9 digits starting with 9, or 10 starting with 09.
 */
export const PUBLIC_AREA_CODES = ['86', '852', '853', '886'] as const;
export type PublicAreaCode = (typeof PUBLIC_AREA_CODES)[number];

const RULES: Record<PublicAreaCode, RegExp> = {
  '86': /^1\d{10}$/,
  '852': /^\d{8}$/,
  '853': /^6[2-9]\d{6}$/,
  '886': /^(9\d{8}|09\d{8})$/,
};

/** Spaces, dashes and brackets people type are not part of the number. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

export function isAreaCode(value: string): value is PublicAreaCode {
  return (PUBLIC_AREA_CODES as readonly string[]).includes(value);
}

export function isValidPhone(areaCode: string, phone: string): boolean {
  if (!isAreaCode(areaCode)) return false;
  return RULES[areaCode].test(normalizePhone(phone));
}
