import { describe, expect, it } from 'vitest';
import { waitingCount, waitlistLink } from './waitlist.ts';

describe('waitingCount', () => {
  it('gives no count for a list that is off and empty, and the count otherwise', () => {
    expect(waitingCount({ waitlist_enabled: false, waiting_count: 0 })).toBeNull();
    expect(waitingCount({ waitlist_enabled: true, waiting_count: 0 })).toBe(0);
    // Switched off with people still waiting: they are still counted.
    expect(waitingCount({ waitlist_enabled: false, waiting_count: 3 })).toBe(3);
  });
});

describe('waitlistLink', () => {
  it("names the session only for a session's list", () => {
    expect(waitlistLink(7)).toBe('/meeting_management/waitlist?meeting=7');
    expect(waitlistLink(7, 12)).toBe('/meeting_management/waitlist?meeting=7&session=12');
  });
});
