/*
 * The keys an offline station looks guests up by. The station never holds guest codes or phone
 * numbers, only a hash of each: 16 bytes of SHA-256 are plenty against collisions among one
 * meeting's guests, and a 192-bit random code cannot be guessed back from its hash. The server
 * computes the same keys (apps/server/src/modules/attendance/offline-door.service.ts).
 */

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** base64url (no padding) of the first 16 bytes of SHA-256 of the UTF-8 text. */
async function shortHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return base64url(new Uint8Array(digest, 0, 16));
}

/** The key of a scanned guest code in the station's copy of the guests. */
export function guestCodeKey(code: string): Promise<string> {
  return shortHash(code);
}

/** The key of a phone number (E.164) with the meeting's salt, for a kiosk's phone look-up. */
export function phoneKey(salt: string, e164: string): Promise<string> {
  return shortHash(`${salt}:${e164}`);
}
