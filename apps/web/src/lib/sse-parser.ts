/*
 * A Server-Sent Events parser for streams read with fetch. EventSource cannot send an Authorization
 * header, and tokens must never travel in URLs, so the statistics stream is read with fetch and a
 * ReadableStream instead; this is the text/event-stream framing from the HTML standard.
 */

export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

export interface SseParser {
  /** Feeds a chunk of decoded text; returns the events it completed. */
  push(chunk: string): SseEvent[];
  /** The last event id seen, for Last-Event-ID on reconnect. */
  lastEventId(): string | null;
  /** The server's requested reconnection delay, if it sent one. */
  retryMs(): number | null;
}

export function createSseParser(): SseParser {
  let buffer = '';
  let eventType = '';
  let dataLines: string[] = [];
  let id: string | null = null;
  let lastId: string | null = null;
  let retry: number | null = null;

  function line(text: string, out: SseEvent[]) {
    if (text === '') {
      if (dataLines.length > 0) {
        if (id !== null) lastId = id;
        out.push({ event: eventType || 'message', data: dataLines.join('\n'), id: lastId });
      }
      eventType = '';
      dataLines = [];
      id = null;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retry = Number(value);
        break;
    }
  }

  return {
    push(chunk) {
      buffer += chunk;
      const out: SseEvent[] = [];
      // Lines end in LF, CR or CRLF; a trailing CR may still be waiting for its LF.
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
    lastEventId: () => lastId,
    retryMs: () => retry,
  };
}
