/*
 * What makes two guests the same doctor: the licence number as typed at sign-up, normalised, or the
 * e-mail address where there is none. Pure, unit-tested (identity.test.ts).
 */

/** Typed at sign-up to mean "I have none". */
const NO_LICENCE = new Set(['', 'NA', 'N/A', '-', '--', 'NIL', 'NONE']);

/** Upper case without spaces; '' for none ('NA', 'N/A', '-', blank). */
export function normalizeLicence(value: string | null | undefined): string {
  const licence = (value ?? '').replace(/\s+/g, '').toUpperCase();
  return NO_LICENCE.has(licence) ? '' : licence;
}

/** Lower case, trimmed; '' for none. */
export function normalizeEmail(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/** A guest as the linking sees them. */
export interface GuestIdentity {
  licence: string;
  email: string;
}

export function guestIdentity(guest: { license_number: string; email: string }): GuestIdentity {
  return { licence: normalizeLicence(guest.license_number), email: normalizeEmail(guest.email) };
}

/**
 * Whether a person still fits a guest linked automatically: by licence where the guest has one,
 * else by e-mail. A guest whose licence or e-mail was corrected since is linked again.
 */
export function personFits(person: GuestIdentity, guest: GuestIdentity): boolean {
  return guest.licence
    ? person.licence === guest.licence
    : guest.email !== '' && person.email === guest.email;
}
