import { useSyncExternalStore } from 'react';

/**
 * The door station's offline support. vite-plugin-pwa generates a Workbox service worker (dist/sw.js,
 * see vite.config.ts) that precaches the whole built app and answers navigations with index.html, so a
 * station opened once online loads with no network. Only the station page registers it: nothing here
 * is imported by the entry or the admin shell, and workbox-window loads on the call.
 */

/** 'ready': the app is cached for offline use. */
export type OfflineState = 'unsupported' | 'installing' | 'ready';

/** Relative to the document, like every URL of the app (base './'): the worker's scope is the app's folder. */
const WORKER_URL = './sw.js';
const WORKER_SCOPE = './';
/** Browsers look for a new worker on navigations, which hash routing never makes: an open station asks itself. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** What the state depends on, from the browser. */
export interface WorkerSupport {
  isSecureContext: boolean;
  serviceWorker: Pick<ServiceWorkerContainer, 'controller'> | undefined;
}

/**
 * Service workers run only in secure contexts (https, or localhost) and where the browser has them;
 * a page a worker controls was loaded through it, so the app is already cached.
 */
export function offlineStateOf({ isSecureContext, serviceWorker }: WorkerSupport): OfflineState {
  if (!isSecureContext || !serviceWorker) return 'unsupported';
  return serviceWorker.controller ? 'ready' : 'installing';
}

function currentSupport(): WorkerSupport {
  return {
    isSecureContext: globalThis.isSecureContext === true,
    serviceWorker:
      typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  };
}

let state: OfflineState | null = null;
const listeners = new Set<() => void>();

function getState(): OfflineState {
  return (state ??= offlineStateOf(currentSupport()));
}

function setState(next: OfflineState): void {
  if (getState() === next) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the app is cached for offline use here; 'installing' until the worker has precached it. */
export function useOfflineReady(): OfflineState {
  return useSyncExternalStore(subscribe, getState, () => 'unsupported' as const);
}

/**
 * What the worker's lifecycle events mean for the page. A worker activates after its install step,
 * which precached every file: the app is ready offline. The first worker to take control of a page
 * that had none installed is that first install; any later one is a new version (skipWaiting and
 * clientsClaim), which drops the old version's files from the cache: the page reloads into it.
 */
export function workerLifecycle(hadWorker: boolean, page: { ready: () => void; reload: () => void }) {
  let nextTakeoverIsUpdate = hadWorker;
  return {
    activated: () => page.ready(),
    controlling: () => {
      if (nextTakeoverIsUpdate) {
        page.reload();
      } else {
        nextTakeoverIsUpdate = true;
        page.ready();
      }
    },
  };
}

let registering: Promise<void> | null = null;

/**
 * Registers the service worker (once per page; later calls share the first). Never rejects: a station
 * without offline support still works online, and `useOfflineReady` says which it is.
 * Updates itself (registerType 'autoUpdate'): see `workerLifecycle`.
 */
export function registerStationWorker(): Promise<void> {
  registering ??= register();
  return registering;
}

async function register(): Promise<void> {
  const { isSecureContext, serviceWorker } = currentSupport();
  // The dev server builds no worker (the plugin's devOptions are off).
  if (import.meta.env.DEV || !isSecureContext || !serviceWorker) {
    setState('unsupported');
    return;
  }
  try {
    // A version installed before (controlling this page, or not after a hard reload) makes the next
    // worker to take control an update rather than the first install.
    const hadWorker = Boolean(
      serviceWorker.controller ?? (await navigator.serviceWorker.getRegistration(WORKER_SCOPE))?.active,
    );
    const lifecycle = workerLifecycle(hadWorker, {
      ready: () => setState('ready'),
      reload: () => window.location.reload(),
    });
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox(WORKER_URL, { scope: WORKER_SCOPE });
    workbox.addEventListener('activated', lifecycle.activated);
    // Sent on every controller change, whoever registered the worker (this page, another tab, the
    // browser's own update check).
    workbox.addEventListener('controlling', lifecycle.controlling);
    const registration = await workbox.register();
    if (registration?.active) setState('ready');
    setInterval(() => {
      if (navigator.onLine) workbox.update().catch(() => undefined);
    }, UPDATE_CHECK_MS);
  } catch (error) {
    // E.g. no sw.js in the build the server has, or storage refused (some private modes).
    console.warn('MeetFlow: service worker not registered', error);
    setState('unsupported');
  }
}
