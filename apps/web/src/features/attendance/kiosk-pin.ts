import { kioskLock } from '../../lib/station-lock.ts';

/*
 * The operator's PIN that holds a self check-in kiosk: stored only as a salted SHA-256, checked
 * here, with a growing wait after wrong tries so that a guest cannot work through the PINs.
 */

export const PIN_PATTERN = /^\d{4,8}$/;
/** Wrong tries allowed before the wait starts; each further one doubles it. */
const FREE_TRIES = 3;
const FIRST_WAIT_MS = 30_000;

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

export async function hashPin(pin: string, salt: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${pin}`)));
}

export function newPinSalt(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)).buffer);
}

/** How long the next try must wait after `failures` wrong ones in a row (0: at once). */
export function pinWaitMs(failures: number): number {
  return failures < FREE_TRIES ? 0 : FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES);
}

/** Whether `pin` releases the kiosk lock on this device. */
export async function pinMatches(pin: string): Promise<boolean> {
  const lock = kioskLock();
  if (!lock || !PIN_PATTERN.test(pin)) return false;
  return (await hashPin(pin, lock.salt)) === lock.pinHash;
}
