import { afterEach, describe, expect, it } from 'vitest';
import {
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
});
