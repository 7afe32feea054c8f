import { CLIENT_ERROR_LIMITS } from '@meetflow/shared/constants';
import { type TokenInfo } from '@meetflow/shared/schemas/auth';
import { readJson } from './storage.ts';

export const ERROR_LOG_KEY = 'errorLog';
/** Bounds the log so a render loop cannot fill session storage. */
export const ERROR_LOG_MAX = 50;

export interface ErrorLogRecord {
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

export function makeErrorRecord(error: unknown, info: string, url: string, now: Date): ErrorLogRecord {
  const err = error instanceof Error ? error : undefined;
  return {
    url,
    message: err ? err.message : typeof error === 'string' ? error : safeStringify(error),
    stack: err?.stack ?? '',
    info,
    time: formatTimestamp(now),
  };
}

/** YYYY-MM-DD HH:mm:ss in local time (spec §8); by hand so the entry chunk needs no date library. */
export function formatTimestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ` +
    `${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`
  );
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function readErrorLog(storage: Storage): ErrorLogRecord[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(ERROR_LOG_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ErrorLogRecord[]) : [];
  } catch {
    return [];
  }
}

export function appendErrorLog(record: ErrorLogRecord, storage: Storage): void {
  try {
    const log = readErrorLog(storage);
    log.push(record);
    storage.setItem(ERROR_LOG_KEY, JSON.stringify(log.slice(-ERROR_LOG_MAX)));
  } catch {
    // Logging must never become the error.
  }
}

/** Reports sent to the server per minute at most; the server has its own limit per address. */
export const REPORTS_PER_MINUTE = 5;
export const CLIENT_ERRORS_URL = '/api/public/client-errors';

const trim = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The report as the server accepts it: every field cut to its cap. */
export function toReport(record: ErrorLogRecord): ErrorLogRecord {
  return {
    url: trim(record.url, CLIENT_ERROR_LIMITS.url),
    message: trim(record.message, CLIENT_ERROR_LIMITS.message),
    stack: trim(record.stack, CLIENT_ERROR_LIMITS.stack),
    info: trim(record.info, CLIENT_ERROR_LIMITS.info),
    time: trim(record.time, CLIENT_ERROR_LIMITS.time),
  };
}

/**
 * Decides which records go to the server: at most REPORTS_PER_MINUTE in any minute, and the same
 * message from the same page only once a minute (a render loop repeats one error many times).
 */
export function createReportGate(perMinute = REPORTS_PER_MINUTE) {
  const sent: number[] = [];
  const lastByKey = new Map<string, number>();
  return (record: ErrorLogRecord, now: number): boolean => {
    while (sent.length && now - (sent[0] ?? 0) >= 60_000) sent.shift();
    const key = `${record.url}\n${record.message}`;
    const last = lastByKey.get(key);
    if (sent.length >= perMinute || (last !== undefined && now - last < 60_000)) return false;
    sent.push(now);
    lastByKey.set(key, now);
    return true;
  };
}

const gate = createReportGate();

/** Best effort, never throws: plain fetch (the entry chunk has no HTTP client), survives unload. */
function sendReport(record: ErrorLogRecord): void {
  try {
    const token = readJson<TokenInfo | null>('tokenInfo', null);
    void fetch(CLIENT_ERRORS_URL, {
      method: 'POST',
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `${token.token_type} ${token.access_token}` } : {}),
      },
      body: JSON.stringify(toReport(record)),
    }).catch(() => undefined);
  } catch {
    // Reporting must never become the error.
  }
}

let enabled = false;

/**
 * Records an error if the error log is on (session storage, spec §8) and reports it to the server's
 * system log; silent for the user by design.
 */
export function logError(error: unknown, info: string): void {
  if (!enabled) return;
  const record = makeErrorRecord(error, info, window.location.href, new Date());
  appendErrorLog(record, window.sessionStorage);
  if (gate(record, Date.now())) sendReport(record);
}

export function installErrorLog(on: boolean): () => void {
  enabled = on;
  if (!on) return () => undefined;
  const onError = (event: ErrorEvent) => logError(event.error ?? event.message, 'window.onerror');
  const onRejection = (event: PromiseRejectionEvent) => logError(event.reason, 'unhandledrejection');
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    enabled = false;
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
