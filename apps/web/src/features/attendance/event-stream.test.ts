import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './event-stream.ts';

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
