import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenInfo } from '@meetflow/shared/schemas/auth';
import { configureHttp } from '../http-hooks.ts';
import { logout } from './auth-api.ts';
import { useSessionStore } from './session-store.ts';

const tokenFrom = (loginTime: number): TokenInfo => ({
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'Bearer',
  expires_in: 3600,
  login_time: loginTime,
});

afterEach(() => {
  vi.unstubAllGlobals();
  configureHttp({ getToken: () => null, onAuthFailure: () => undefined });
});

describe('logout', () => {
  it('ends a live session on the server, and clears it here', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 0, message: '', data: null })));
    vi.stubGlobal('fetch', fetch);
    useSessionStore.setState({ token: tokenFrom(Date.now()) });
    configureHttp({ getToken: () => useSessionStore.getState().token });
    await logout();
    expect(fetch).toHaveBeenCalledOnce();
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('does not send an expired token, whose answer would end the session a second time', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 40101, message: 'token已過期', data: null }), { status: 401 }),
    );
    const onAuthFailure = vi.fn();
    vi.stubGlobal('fetch', fetch);
    useSessionStore.setState({ token: tokenFrom(Date.now() - 2 * 3600_000) });
    configureHttp({ getToken: () => useSessionStore.getState().token, onAuthFailure });
    await logout();
    expect(fetch).not.toHaveBeenCalled();
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBeNull();
  });
});
