import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_ERRORS_URL,
  createReportGate,
  toReport,
  ERROR_LOG_KEY,
  ERROR_LOG_MAX,
  appendErrorLog,
  installErrorLog,
  logError,
  makeErrorRecord,
  readErrorLog,
} from './error-log.ts';

afterEach(() => sessionStorage.clear());

describe('error log', () => {
  it('builds a record with url, message, stack, info and a local timestamp', () => {
    const error = new Error('boom');
    const record = makeErrorRecord(error, 'component stack', 'http://x/#/a', new Date(2026, 0, 2, 3, 4, 5));
    expect(record).toEqual({
      url: 'http://x/#/a',
      message: 'boom',
      stack: error.stack,
      info: 'component stack',
      time: '2026-01-02 03:04:05',
    });
  });

  it('accepts non-Error values', () => {
    expect(makeErrorRecord('text', '', '', new Date()).message).toBe('text');
    expect(makeErrorRecord({ a: 1 }, '', '', new Date()).message).toBe('{"a":1}');
  });

  it('appends to sessionStorage under errorLog and stays bounded', () => {
    for (let i = 0; i < ERROR_LOG_MAX + 5; i++) {
      appendErrorLog(makeErrorRecord(new Error(`e${i}`), '', '', new Date()), sessionStorage);
    }
    const log = readErrorLog(sessionStorage);
    expect(log).toHaveLength(ERROR_LOG_MAX);
    expect(log.at(-1)?.message).toBe(`e${ERROR_LOG_MAX + 4}`);
    expect(sessionStorage.getItem(ERROR_LOG_KEY)).toContain('"message"');
  });

  it('records uncaught errors and rejections only when enabled', () => {
    const uninstall = installErrorLog(true);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught'), message: 'uncaught' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('rejected') });
    window.dispatchEvent(rejection);
    uninstall();
    logError(new Error('after'), 'disabled');
    expect(readErrorLog(sessionStorage).map((r) => [r.message, r.info])).toEqual([
      ['uncaught', 'window.onerror'],
      ['rejected', 'unhandledrejection'],
    ]);
  });

  it('sends each recorded error to the server, trimmed to the caps', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const uninstall = installErrorLog(true);
      logError(new Error('x'.repeat(5000)), 'boundary');
      uninstall();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe(CLIENT_ERRORS_URL);
      const body = JSON.parse(String(init.body)) as { message: string; info: string };
      expect(body.message).toHaveLength(1000);
      expect(body.info).toBe('boundary');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('rate-limits reports: five a minute, one per repeated message', () => {
    const allow = createReportGate(5);
    const record = (message: string) => toReport(makeErrorRecord(new Error(message), '', 'u', new Date()));
    expect(allow(record('a'), 0)).toBe(true);
    expect(allow(record('a'), 1000)).toBe(false);
    expect([2, 3, 4, 5].map((n) => allow(record(`m${n}`), 2000 + n))).toEqual([true, true, true, true]);
    expect(allow(record('m6'), 3000)).toBe(false);
    expect(allow(record('m6'), 61_000)).toBe(true);
    expect(allow(record('a'), 63_000)).toBe(true);
  });
});
