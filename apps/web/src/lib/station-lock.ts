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
}

export function kioskLock(): KioskLock | null {
  const lock = readJson<Partial<KioskLock> | null>(KIOSK_KEY, null);
  return lock && typeof lock.pinHash === 'string' && typeof lock.salt === 'string'
    ? { pinHash: lock.pinHash, salt: lock.salt }
    : null;
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
