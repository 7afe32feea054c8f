import type { AttendanceStats } from '@meetflow/shared';

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
    /** Resolves when the server ends the stream. */
    async untilEnd(): Promise<void> {
      while (!ended) {
        try {
          if (!(await pull())) return;
        } catch {
          return;
        }
      }
    },
    close: () => controller.abort(),
  };
}
