import { describe, expect, it } from 'vitest';
import { NO_PENDING, pendingAfter } from './pending-figures.ts';
import type { QueuedScan } from './station-store.ts';

const scope = { meetingId: 1, scheduleId: null };
const scan = (type: 'in' | 'out', meetingId = 1, scheduleId: number | null = null): QueuedScan => ({
  nonce: `n-${Math.random()}`,
  meeting_id: meetingId,
  schedule_id: scheduleId,
  station: 'Hall',
  direction: type,
  type,
  at: 1,
  guest_id: 1,
  guest_name: 'Guest',
});

describe('pending figures of an offline station', () => {
  it("counts this scope's queued entries and exits, not another scope's", () => {
    const queued = [scan('in'), scan('in'), scan('out'), scan('in', 1, 7), scan('in', 2)];
    expect(pendingAfter(NO_PENDING, queued, 1, scope)).toEqual({ entries: 2, exits: 1 });
  });

  it('takes uploaded scans off, never below zero', () => {
    const after = pendingAfter({ entries: 2, exits: 1 }, [scan('in'), scan('out'), scan('out')], -1, scope);
    expect(after).toEqual({ entries: 1, exits: 0 });
  });
});
