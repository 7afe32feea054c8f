import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { TokenInfo } from '@meetflow/shared/schemas/auth';
import { ApiError, baseUrlFor, http, requestUrl } from './http.ts';
import { configureHttp } from './http-hooks.ts';
import { setToastImpl, type ToastCall } from './toast.ts';

describe('base URL per path (spec §7)', () => {
  it('drops the base URL for paths containing /image and keeps it otherwise', () => {
    expect(baseUrlFor('/image/banner.png', '/api')).toBe('');
    expect(baseUrlFor('/files/abc/image', '/api')).toBe('');
    expect(baseUrlFor('/meetings', '/api')).toBe('/api');
    expect(baseUrlFor(undefined, '/api')).toBe('/api');
  });
});

describe('request URL', () => {
  it('adds the defined query parameters and leaves the others out', () => {
    expect(requestUrl('/meetings', { page: 1, keyword: 'a b', organization_id: undefined, x: null })).toBe(
      '/api/meetings?page=1&keyword=a+b',
    );
    expect(requestUrl('/me', undefined)).toBe('/api/me');
    expect(requestUrl('/image/banner.png', {})).toBe('/image/banner.png');
  });
});

describe('an ended session (spec §8)', () => {
  const token: TokenInfo = {
    access_token: 'a',
    refresh_token: 'r',
    token_type: 'Bearer',
    expires_in: 3600,
    login_time: Date.now(),
  };
  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));
  let onAuthFailure: Mock<(message: string) => void>;
  let shown: ToastCall[];
  let restoreToast: () => void;

  beforeEach(() => {
    onAuthFailure = vi.fn();
    shown = [];
    configureHttp({ getToken: () => token, onAuthFailure });
    restoreToast = setToastImpl((...call) => shown.push(call));
  });
  afterEach(() => {
    restoreToast();
    configureHttp({ getToken: () => null, onAuthFailure: () => undefined });
    vi.unstubAllGlobals();
  });

  it('logs out on a background (silent) request answered token-expired', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 40101, message: 'token已過期', data: null }));
    await expect(http.get('/me/notifications/unread-count', { silent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onAuthFailure).toHaveBeenCalledWith('token已過期');
  });

  it('also when only the message says so, on a revoked session, and on a 200 carrying the code', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 99999, message: 'token expired', data: null }));
    await expect(http.get('/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', answer(401, { code: 40103, message: 'revoked', data: null }));
    await expect(http.get('/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(onAuthFailure.mock.calls).toEqual([['token expired'], ['revoked']]);
  });

  it('leaves an ended session to a caller that keeps it (a door station): no logout, the error thrown', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 40101, message: 'token已過期', data: null }));
    const failure = await http
      .get('/attendance/offline-data', { silent: true, keepSession: true })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(40101);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('keeps other failures of a silent request quiet, and toasts them otherwise', async () => {
    vi.stubGlobal('fetch', answer(500, { code: 50000, message: 'boom', data: null }));
    await expect(http.get('/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([]);
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(shown.map(([type, content]) => [type, content])).toEqual([['error', 'boom']]);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});
