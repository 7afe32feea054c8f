import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.ts';

describe('SSE parser', () => {
  it('parses named events with ids', () => {
    const parser = createSseParser();
    const events = parser.push('event: stats\nid: 7\ndata: {"a":1}\n\n');
    expect(events).toEqual([{ event: 'stats', data: '{"a":1}', id: '7' }]);
    expect(parser.lastEventId()).toBe('7');
  });

  it('joins events split across chunks and multi-line data', () => {
    const parser = createSseParser();
    expect(parser.push('data: one\nda')).toEqual([]);
    expect(parser.push('ta: two\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'one\ntwo', id: null }]);
  });

  it('accepts CRLF and CR line ends, even when a CRLF is split', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'message', data: 'a', id: null }]);
    expect(parser.push('data: b\r\r\n')).toEqual([{ event: 'message', data: 'b', id: null }]);
  });

  it('skips comments (keep-alives) and events without data', () => {
    const parser = createSseParser();
    expect(parser.push(': ping\n\nevent: stats\n\n')).toEqual([]);
  });

  it('remembers the retry delay and keeps the last id for later events', () => {
    const parser = createSseParser();
    parser.push('retry: 5000\nid: 3\ndata: x\n\n');
    expect(parser.retryMs()).toBe(5000);
    expect(parser.push('data: y\n\n')).toEqual([{ event: 'message', data: 'y', id: '3' }]);
  });
});
