import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The guest record's phone fields, each shown with `formatPhone` in the back office and the export. */
export const GUEST_PHONE_FIELDS = ['phone', 'contact_number', 'contact_phone'] as const;

/**
 * A phone number as every screen and file shows it, in the international format: '+853 6612 3456'.
 * A number without '+' (a contact's phone, an older record) is read in `areaCode`'s numbering plan.
 * Text that is no possible phone number is shown as it was typed. The min metadata formats as the
 * full one does; validation stays on the server (libphonenumber-js/max).
 */
export function formatPhone(phone: string, areaCode?: string): string {
  const parsed = parsePhoneNumberFromString(phone, { defaultCallingCode: areaCode });
  return parsed?.isPossible() ? parsed.formatInternational() : phone;
}
