import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * What mail signs with the app's mail secret: unsubscribe links and look-up codes. Both are derived,
 * not stored, so there is nothing to purge and nothing to leak from the database.
 */

/** A login code belongs to a 10-minute window and is accepted in it and the next one. */
export const LOGIN_CODE_WINDOW_MS = 10 * 60_000;

export function loginCodeWindow(now: number): number {
  return Math.floor(now / LOGIN_CODE_WINDOW_MS);
}

/** Six digits from the guest, the window and the secret. */
export function loginCodeFor(secret: string, guestId: number, window: number): string {
  const digest = createHmac('sha256', secret).update(`login:${guestId}:${window}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** The code of the current window or the one before (so a code is good for 10 to 20 minutes). */
export function loginCodeMatches(secret: string, guestId: number, code: string, now: number): boolean {
  const window = loginCodeWindow(now);
  return [window, window - 1].some((w) => sameText(loginCodeFor(secret, guestId, w), code));
}

/** A guest's unsubscribe token: their id, signed, so it cannot be made up for another guest. */
export function unsubscribeToken(secret: string, guestId: number): string {
  return `${guestId}.${unsubscribeSignature(secret, guestId)}`;
}

/** The guest an unsubscribe token names, or undefined when its signature is not ours. */
export function guestOfUnsubscribeToken(secret: string, token: string): number | undefined {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return undefined;
  const guestId = Number(match[1]);
  return sameText(unsubscribeSignature(secret, guestId), match[2]!) ? guestId : undefined;
}

/** The same job always sends the same Message-ID: a repeat after a crash is recognisably one message. */
export function messageIdOf(idempotencyKey: string): string {
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@meetflow>`;
}

function unsubscribeSignature(secret: string, guestId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe:${guestId}`).digest('base64url').slice(0, 32);
}

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
