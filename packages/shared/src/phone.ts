import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import metadata from './phone-metadata.json' with { type: 'json' };

/**
 * One phone rule for the web forms and the server: libphonenumber's full metadata for our area codes
 * (phone-metadata.json, cut by scripts/phone-metadata.ts), so the browser never accepts what the
 * server refuses, and the public pages carry a few KB of rules rather than the whole world's.
 */
const PHONE_METADATA = metadata as MetadataJson;

/** Spaces, dashes and brackets people type are not part of the number. */
export function phoneDigits(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

/** The phone in E.164 ('+85366123456') when it is a valid number of the area code, otherwise null. */
export function normalizePhone(areaCode: string, phone: string): string | null {
  const digits = phoneDigits(phone);
  if (!/^\d{1,17}$/.test(digits) || !Object.hasOwn(PHONE_METADATA.country_calling_codes, areaCode))
    return null;
  // Read as a national number of the area code, so Taiwan's trunk prefix (0912…) is understood too.
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: areaCode }, PHONE_METADATA);
  if (!parsed || parsed.countryCallingCode !== areaCode || !parsed.isValid()) return null;
  return parsed.number;
}

export function isValidPhone(areaCode: string, phone: string): boolean {
  return normalizePhone(areaCode, phone) !== null;
}

/** The guest record's phone fields, each shown with `formatPhone` in the back office and the export. */
export const GUEST_PHONE_FIELDS = ['phone', 'contact_number', 'contact_phone'] as const;

/**
 * A phone number as every screen and file shows it, in the international format: '+853 6612 3456'.
 * A number without '+' (a contact's phone, an older record) is read in `areaCode`'s numbering plan.
 * Text that is no possible number of our area codes is shown as it was typed.
 */
export function formatPhone(phone: string, areaCode?: string): string {
  const parsed = parsePhoneNumberFromString(phone, { defaultCallingCode: areaCode }, PHONE_METADATA);
  return parsed?.isPossible() ? parsed.formatInternational() : phone;
}
