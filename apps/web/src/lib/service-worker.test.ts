import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineStateOf, workerLifecycle } from './service-worker.ts';

describe('offlineStateOf', () => {
  const controller = {} as ServiceWorker;
  it('needs a secure context and a browser with service workers', () => {
    expect(offlineStateOf({ isSecureContext: false, serviceWorker: { controller } })).toBe('unsupported');
    expect(offlineStateOf({ isSecureContext: true, serviceWorker: undefined })).toBe('unsupported');
  });
  it('is ready when a worker controls the page, else installing', () => {
    expect(offlineStateOf({ isSecureContext: true, serviceWorker: { controller } })).toBe('ready');
    expect(offlineStateOf({ isSecureContext: true, serviceWorker: { controller: null } })).toBe('installing');
  });
});

describe('workerLifecycle', () => {
  const page = () => ({ ready: vi.fn(), reload: vi.fn() });

  it('first install: ready once activated and in control, no reload; a later takeover reloads', () => {
    const p = page();
    const lifecycle = workerLifecycle(false, p);
    lifecycle.activated();
    lifecycle.controlling();
    expect(p.ready).toHaveBeenCalledTimes(2);
    expect(p.reload).not.toHaveBeenCalled();
    // A new version deployed while the page stays open.
    lifecycle.controlling();
    expect(p.reload).toHaveBeenCalledTimes(1);
  });

  it('with a version installed before, the next takeover is an update: reload', () => {
    const p = page();
    workerLifecycle(true, p).controlling();
    expect(p.reload).toHaveBeenCalledTimes(1);
    expect(p.ready).not.toHaveBeenCalled();
  });
});

// A stand-in for workbox-window: what the module registers, and its event listeners to call.
const workbox = vi.hoisted(() => ({
  listeners: new Map<string, () => void>(),
  register: vi.fn<() => Promise<{ active: ServiceWorker | null } | undefined>>(),
  constructed: vi.fn(),
}));
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string, options: object) {
      workbox.constructed(url, options);
    }
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, listener);
    }
    register = workbox.register;
    update = () => Promise.resolve();
  },
}));

describe('registerStationWorker', () => {
  const { listeners, register, constructed } = workbox;

  /** A fresh module (its store is per page) in a browser with service workers and no worker yet. */
  async function load(secure = true) {
    vi.resetModules();
    vi.stubEnv('DEV', false);
    vi.stubGlobal('isSecureContext', secure);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: null, getRegistration: () => Promise.resolve(undefined) },
    });
    return import('./service-worker.ts');
  }

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    listeners.clear();
    register.mockReset();
    constructed.mockReset();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers ./sw.js at the app folder and turns ready once the worker has activated', async () => {
    register.mockResolvedValue({ active: null });
    const { registerStationWorker, useOfflineReady } = await load();
    const { result } = renderHook(() => useOfflineReady());
    expect(result.current).toBe('installing');
    await act(() => registerStationWorker());
    expect(constructed).toHaveBeenCalledWith('./sw.js', { scope: './' });
    expect(result.current).toBe('installing');
    act(() => listeners.get('activated')?.());
    expect(result.current).toBe('ready');
    // Called again (the page remounted): the same registration.
    await registerStationWorker();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('is ready at once when an activated worker is already registered', async () => {
    register.mockResolvedValue({ active: {} as ServiceWorker });
    const { registerStationWorker, useOfflineReady } = await load();
    const { result } = renderHook(() => useOfflineReady());
    await act(() => registerStationWorker());
    expect(result.current).toBe('ready');
  });

  it('says unsupported, without registering, outside a secure context', async () => {
    const { registerStationWorker, useOfflineReady } = await load(false);
    const { result } = renderHook(() => useOfflineReady());
    await act(() => registerStationWorker());
    expect(result.current).toBe('unsupported');
    expect(constructed).not.toHaveBeenCalled();
  });

  it('says unsupported when the registration fails, and does not reject', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    register.mockRejectedValue(new TypeError('bad MIME type'));
    const { registerStationWorker, useOfflineReady } = await load();
    const { result } = renderHook(() => useOfflineReady());
    await act(() => registerStationWorker());
    expect(result.current).toBe('unsupported');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
