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

let enabled = false;

/** Records an error if the error log is on; silent for the user by design (spec §8). */
export function logError(error: unknown, info: string): void {
  if (!enabled) return;
  appendErrorLog(makeErrorRecord(error, info, window.location.href, new Date()), window.sessionStorage);
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
