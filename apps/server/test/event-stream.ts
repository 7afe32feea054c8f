import http from 'node:http';
import type { AttendanceStats } from '@meetflow/shared/schemas/attendance';

/** Reads a Server-Sent Events response and waits for `stats` events matching a condition. */
export async function openStream(baseUrl: string, token: string, query: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/attendance/stream?${query}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended = false;
  const pending: AttendanceStats[] = [];

  async function pull(): Promise<boolean> {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    buffer += value;
    for (let cut = buffer.indexOf('\n\n'); cut !== -1; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const lines = block.split('\n');
      if (!lines.includes('event: stats')) continue;
      const data = lines.find((l) => l.startsWith('data: '));
      if (data) pending.push(JSON.parse(data.slice(6)) as AttendanceStats);
    }
    return true;
  }

  return {
    response,
    /** The next `stats` event satisfying `wanted` (earlier ones are skipped). */
    async next(wanted: (stats: AttendanceStats) => boolean = () => true): Promise<AttendanceStats> {
      for (;;) {
        while (pending.length) {
          const stats = pending.shift()!;
          if (wanted(stats)) return stats;
        }
        if (!(await pull())) throw new Error('stream ended');
      }
    },
    /** Resolves when the server ends the stream: 'ended' in order, 'broken' if the connection broke. */
    async untilEnd(): Promise<'ended' | 'broken'> {
      while (!ended) {
        try {
          if (!(await pull())) return 'ended';
        } catch {
          return 'broken';
        }
      }
      return 'ended';
    },
    close: () => controller.abort(),
  };
}

/**
 * Starts a stream and drops the connection after `afterMs` (0: as soon as the request is written),
 * whatever the server is doing by then: authenticating, resolving the scope, subscribing, or
 * already streaming. A connection of its own, so that nothing is left in a client's pool.
 */
export function openAndDrop(baseUrl: string, token: string, query: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}/api/attendance/stream?${query}`, {
      agent: false,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    request.on('error', () => undefined);
    request.on('close', () => resolve());
    const drop = () => request.destroy();
    if (afterMs === 0) request.once('finish', drop);
    else setTimeout(drop, afterMs);
  });
}

/** Polls `check` until it holds or `timeoutMs` has passed; returns its last value. */
export async function eventually<T>(read: () => T, check: (value: T) => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  let value = read();
  while (!check(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = read();
  }
  return value;
}

/** The status of a GET over a connection of its own (closed after), body read to the end. */
export function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}
