import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { type TokenInfo } from '@meetflow/shared/schemas/auth';
import { configureHttp } from './http-hooks.ts';
import { openEventStream, reconnectDelay, type StreamStatus } from './event-stream.ts';

describe('event stream reconnection', () => {
  it('backs off from 1 s to at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelay(n, null))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('never reconnects sooner than the server asked', () => {
    expect(reconnectDelay(1, 5000)).toBe(5000);
    expect(reconnectDelay(6, 5000)).toBe(30000);
  });
});

describe('event stream sessions', () => {
  const token = (access: string): TokenInfo => ({
    access_token: access,
    refresh_token: 'r',
    token_type: 'Bearer',
    expires_in: 3600,
    login_time: Date.now(),
  });
  let current: TokenInfo;
  const onAuthFailure = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();

  const events = (text: string) =>
    new Response(text, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    });
  const refused = (code: number) =>
    new Response(JSON.stringify({ code, message: 'token expired', data: null }), {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    });
  const authorizations = () =>
    fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('fetch', fetchMock);
    current = token('first');
    configureHttp({ getToken: () => current, onAuthFailure });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onAuthFailure.mockReset();
  });

  it('reconnects with the refreshed token after the server ends the stream, and stops on 401', async () => {
    fetchMock
      .mockResolvedValueOnce(events('retry: 1000\n\nid: 1\nevent: stats\ndata: {}\n\n'))
      .mockResolvedValueOnce(events('id: 2\nevent: stats\ndata: {}\n\n'))
      .mockResolvedValueOnce(refused(ERRORS.SESSION_REVOKED.code));
    const statuses: StreamStatus[] = [];
    const received: string[] = [];
    const close = openEventStream('/attendance/stream?meeting_id=1', {
      onEvent: (event) => received.push(event.id ?? ''),
      onStatus: (status) => statuses.push(status),
    });

    await vi.waitFor(() => expect(statuses).toContain('reconnecting'));
    // The token was refreshed while the first stream was open (the server ended it at the old expiry).
    current = token('second');
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(statuses.at(-1)).toBe('stopped');
    });

    expect(authorizations()).toEqual(['Bearer first', 'Bearer second', 'Bearer second']);
    expect(received).toEqual(['1', '2']);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    // Stopped for good: no more attempts, however long the page stays open.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    close();
  });

  it('for a door station, retries after a 401 with the token renewed meanwhile, and logs nobody out', async () => {
    fetchMock
      .mockResolvedValueOnce(refused(ERRORS.TOKEN_EXPIRED.code))
      .mockResolvedValueOnce(events('id: 7\nevent: stats\ndata: {}\n\n'));
    const statuses: StreamStatus[] = [];
    const close = openEventStream('/attendance/stream?meeting_id=1', {
      keepSession: true,
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
    });
    await vi.waitFor(() => expect(statuses).toContain('reconnecting'));
    // The station renewed its token before the stream tried again.
    current = token('renewed');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(statuses).toContain('live'));
    expect(authorizations()).toEqual(['Bearer first', 'Bearer renewed']);
    expect(statuses).not.toContain('stopped');
    expect(onAuthFailure).not.toHaveBeenCalled();
    close();
  });

  it('keeps reconnecting after other failures', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network')).mockResolvedValueOnce(events(': hi\n\n'));
    const statuses: StreamStatus[] = [];
    const close = openEventStream('/attendance/stream?meeting_id=1', {
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
    });
    await vi.waitFor(() => expect(statuses).toContain('reconnecting'));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(statuses).not.toContain('stopped');
    expect(onAuthFailure).not.toHaveBeenCalled();
    close();
  });
});
