import { STORAGE_PREFIX } from '@meetflow/shared/constants';

/** Every local storage key of the app carries the spec's prefix, so one origin can host other apps. */
export function storageKey(key: string): string {
  return `${STORAGE_PREFIX}${key}`;
}

/** Key start of a meeting's guest token (mf_guest_<publicId>); the not-found page reads it too. */
export const GUEST_TOKEN_KEY = 'guest_';

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can throw (privacy modes, sandboxed iframes); the app then just forgets between visits.
    return null;
  }
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = safeStorage()?.getItem(storageKey(key));
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    safeStorage()?.setItem(storageKey(key), JSON.stringify(value));
  } catch {
    // Quota or privacy errors must not break the UI.
  }
}

/** The keys (without the prefix) that start with `start`, e.g. every meeting a guest token is kept for. */
export function keysStartingWith(start: string): string[] {
  const storage = safeStorage();
  if (!storage) return [];
  const full = storageKey(start);
  return Object.keys(storage)
    .filter((key) => key.startsWith(full))
    .map((key) => key.slice(STORAGE_PREFIX.length));
}

export function removeKey(key: string): void {
  safeStorage()?.removeItem(storageKey(key));
}
