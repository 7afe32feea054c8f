import { authorizedFetch } from './authorized-fetch.ts';
import { ApiError } from './http-errors.ts';
import { reportFailure } from './http.ts';
import { createSseParser, type SseEvent } from './sse-parser.ts';

/** `stopped`: the server refused the session (401); the app's login flow takes over from there. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface EventStreamHandlers {
  onEvent(event: SseEvent): void;
  onStatus?(status: StreamStatus): void;
  /**
   * A 401 is a drop like any other, retried later (a door station renews its token itself and
   * must not be logged out by its statistics panel), not the end of the session.
   */
  keepSession?: boolean;
}

/** Reconnection waits grow to this; a station left open all day must not hammer a server that is down. */
const MAX_RETRY_MS = 30_000;

/** Wait before the n-th reconnection (1-based): 1 s, 2 s, 4 s … up to MAX_RETRY_MS, or the server's wish. */
export function reconnectDelay(attempt: number, serverRetryMs: number | null): number {
  const backoff = Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.max(0, attempt - 1));
  return serverRetryMs === null ? backoff : Math.max(serverRetryMs, backoff);
}

/**
 * Reads a Server-Sent Events stream with fetch (so the token travels in a header) and reconnects
 * after drops, sending Last-Event-ID. Each connection reads the session's token afresh: the server
 * ends a stream when the token it was opened with expires, and the reconnection carries the
 * refreshed one. A 401 (session ended, token expired and not refreshed) stops it and is reported
 * like any other call's. Returns a function that closes it for good.
 */
export function openEventStream(path: string, handlers: EventStreamHandlers): () => void {
  const controller = new AbortController();
  let attempt = 0;
  let lastId: string | null = null;
  let serverRetry: number | null = null;

  async function connect() {
    handlers.onStatus?.(attempt === 0 ? 'connecting' : 'reconnecting');
    const parser = createSseParser();
    try {
      const response = await authorizedFetch(path, {
        headers: { Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.body) throw new Error('no body');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      attempt = 0;
      handlers.onStatus?.('live');
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) handlers.onEvent(event);
        lastId = parser.lastEventId() ?? lastId;
        serverRetry = parser.retryMs() ?? serverRetry;
      }
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 401 &&
        !handlers.keepSession &&
        !controller.signal.aborted
      ) {
        handlers.onStatus?.('stopped');
        reportFailure(error);
        return;
      }
      // Dropped or refused otherwise: try again below unless closed.
    }
    if (controller.signal.aborted) return;
    attempt += 1;
    handlers.onStatus?.('reconnecting');
    setTimeout(
      () => {
        if (!controller.signal.aborted) void connect();
      },
      reconnectDelay(attempt, serverRetry),
    );
  }

  void connect();
  return () => controller.abort();
}
