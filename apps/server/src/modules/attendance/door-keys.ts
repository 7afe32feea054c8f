import { createHash } from 'node:crypto';

/** The first 16 bytes of SHA-256, base64url: the station's keys (128 bits; codes and phones alike). */
function shortHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest().subarray(0, 16).toString('base64url');
}

/** The station's key of a guest code. */
export const guestCodeKey = (code: string) => shortHash(code);

/** The kiosk's key of a phone number (E.164), salted per meeting. */
export const phoneKey = (salt: string, e164: string) => shortHash(`${salt}:${e164}`);
