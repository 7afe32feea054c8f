import { readJson, removeKey, writeJson } from './storage.ts';

/**
 * A self check-in kiosk is locked to the station page: until the operator's PIN releases it, every
 * other route (the back office whose session the device holds) leads back there. Kept in the entry
 * chunk's storage so the guard can tell without loading the station.
 */
export const STATION_PATH = '/station';

const KIOSK_KEY = 'stationKiosk';

interface KioskLock {
  /** SHA-256 (hex) of the PIN with the salt: the PIN itself is not stored. */
  pinHash: string;
  salt: string;
  /** Wrong PINs in a row, and until when the next try must wait: kept here, so a reload resets nothing. */
  failures?: number;
  waitUntil?: number;
}

export function kioskLock(): KioskLock | null {
  const lock = readJson<Partial<KioskLock> | null>(KIOSK_KEY, null);
  return lock && typeof lock.pinHash === 'string' && typeof lock.salt === 'string'
    ? {
        pinHash: lock.pinHash,
        salt: lock.salt,
        failures: Number(lock.failures) || 0,
        waitUntil: Number(lock.waitUntil) || 0,
      }
    : null;
}

/** Counts a wrong PIN and sets the wait before the next try (`waitFor` of the failures so far). */
export function noteWrongPin(now: number, waitFor: (failures: number) => number): void {
  const lock = kioskLock();
  if (!lock) return;
  const failures = (lock.failures ?? 0) + 1;
  writeJson(KIOSK_KEY, { ...lock, failures, waitUntil: now + waitFor(failures) });
}

export function isKioskLocked(): boolean {
  return kioskLock() !== null;
}

export function lockKiosk(lock: KioskLock): void {
  writeJson(KIOSK_KEY, lock);
}

export function unlockKiosk(): void {
  removeKey(KIOSK_KEY);
}
