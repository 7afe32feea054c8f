import type { Page } from '@playwright/test';

// In the page: a probe that timestamps each Enter and each answer painted, and the queue's count.

interface Shown {
  name: string;
  tone: string;
  offline: boolean;
  /** When the name reached the DOM, and when the frame showing it had been painted. */
  committedAt: number;
  paintedAt: number;
}

export interface Enter {
  at: number;
  handledAt: number;
}

interface DoorProbe {
  /** Per Enter keydown: when the browser took the key (event.timeStamp), when the page's handlers got it. */
  enters: Enter[];
  shown: Shown[];
  onlineAt: number | null;
  reset(): void;
  waitShown(count: number, timeoutMs: number): Promise<void>;
  /** Resolves with performance.now() once `station-queue` shows `count`. */
  waitQueue(count: number, timeoutMs: number): Promise<number>;
}

/*
 * The page's globals, as far as the functions below use them: they run in Chromium (addInitScript,
 * page.evaluate), but the bench compiles without the DOM library (it would retype Node's globals).
 */
interface PageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
}
interface PageRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface PageDatabase {
  objectStoreNames: { contains(name: string): boolean };
  transaction(store: string): { objectStore(name: string): { getAll(): PageRequest<unknown[]> } };
  close(): void;
}
declare const window: {
  __doorProbe?: DoorProbe;
  addEventListener(
    type: 'keydown',
    listener: (event: { key: string; timeStamp: number }) => void,
    capture: boolean,
  ): void;
  addEventListener(type: 'online', listener: () => void): void;
};
declare const document: PageElement;
declare const MutationObserver: new (callback: () => void) => {
  observe(target: PageElement, options: object): void;
};
declare const MessageChannel: new () => {
  port1: { onmessage: (() => void) | null };
  port2: { postMessage(message: unknown): void };
};
declare const requestAnimationFrame: (callback: () => void) => number;
declare const indexedDB: {
  databases(): Promise<{ name?: string }[]>;
  open(name: string): PageRequest<PageDatabase>;
};
declare const navigator: {
  storage: { estimate(): Promise<{ usage?: number; usageDetails?: { indexedDB?: number } }> };
};

/**
 * Installed before the app's own scripts. The answer's end is the name of the guest appearing in
 * `scan-result-name` (each timed scan is a different guest, so each answer changes it), then one
 * animation frame, then a message: that message runs once the main thread has produced the frame
 * holding the name (style, layout, paint, handed to the compositor; the pixels follow a little later).
 */
export function installProbe() {
  if (window.__doorProbe) return;
  let lastName: string | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const probe: DoorProbe = {
    enters: [],
    shown: [],
    onlineAt: null,
    reset() {
      probe.enters = [];
      probe.shown = [];
      probe.onlineAt = null;
    },
    waitShown(count, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (probe.shown.length < count) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          const result = document.querySelector('[data-testid="scan-result"]');
          reject(new Error(`no answer #${count} on screen: ${result?.textContent ?? 'no result'}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    waitQueue(count, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const queue = document.querySelector('[data-testid="station-queue"]');
          if (queue?.getAttribute('data-count') !== String(count)) return;
          const at = performance.now();
          listeners.delete(check);
          clearTimeout(timer);
          resolve(at);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          const queue = document.querySelector('[data-testid="station-queue"]');
          reject(new Error(`queue never showed ${count}: ${queue?.getAttribute('data-count') ?? 'none'}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
  window.__doorProbe = probe;
  // Capture on the window, registered before the app's listeners.
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') probe.enters.push({ at: event.timeStamp, handledAt: performance.now() });
    },
    true,
  );
  window.addEventListener('online', () => (probe.onlineAt = performance.now()));
  new MutationObserver(() => {
    const name = document.querySelector('[data-testid="scan-result-name"]')?.textContent ?? null;
    if (name !== null && name !== lastName) {
      lastName = name;
      const committedAt = performance.now();
      const result = document.querySelector('[data-testid="scan-result"]');
      const tone = result?.getAttribute('data-tone') ?? '';
      const offline = result?.querySelector('[data-testid="scan-result-offline"]') != null;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          probe.shown.push({ name, tone, offline, committedAt, paintedAt: performance.now() });
          notify();
        };
        channel.port2.postMessage(null);
      });
    }
    notify(); // the queue's count may have changed
  }).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-count'],
  });
}

/** The sealed snapshot records of the station's database: AES-GCM ciphertext + IV, in bytes. */
export async function storedSnapshotBytes(): Promise<number[]> {
  // Opening a database that does not exist would create it empty (and spoil the app's upgrade).
  if (!(await indexedDB.databases()).some((db) => db.name === 'meetflow-station')) return [];
  const db = await new Promise<PageDatabase>((resolve, reject) => {
    const open = indexedDB.open('meetflow-station');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('snapshots')) return [];
    const records = await new Promise<{ iv: Uint8Array; data: ArrayBuffer }[]>((resolve, reject) => {
      const request = db.transaction('snapshots').objectStore('snapshots').getAll();
      request.onsuccess = () => resolve(request.result as { iv: Uint8Array; data: ArrayBuffer }[]);
      request.onerror = () => reject(request.error);
    });
    return records.map((r) => r.data.byteLength + r.iv.byteLength);
  } finally {
    db.close();
  }
}

/** IndexedDB usage of the origin as Chromium's quota manager counts it (usageDetails is Chromium's). */
export async function indexedDbUsage(): Promise<number | null> {
  const estimate = await navigator.storage.estimate();
  return estimate.usageDetails ? (estimate.usageDetails.indexedDB ?? 0) : (estimate.usage ?? null);
}

// In the bench: the probe's calls, each run in the page.

export const resetProbe = (page: Page) => page.evaluate(() => window.__doorProbe!.reset());

export const waitShown = (page: Page, count: number, timeoutMs: number) =>
  page.evaluate(([n, t]) => window.__doorProbe!.waitShown(n, t), [count, timeoutMs] as const);

/** performance.now() in the page once `station-queue` shows `count`. */
export const waitQueue = (page: Page, count: number, timeoutMs: number) =>
  page.evaluate(([n, t]) => window.__doorProbe!.waitQueue(n, t), [count, timeoutMs] as const);

export const onlineAt = (page: Page) => page.evaluate(() => window.__doorProbe!.onlineAt);

/** Every Enter and every answer painted since the last reset. */
export const probeRecords = (page: Page) =>
  page.evaluate(() => ({ enters: window.__doorProbe!.enters, shown: window.__doorProbe!.shown }));
