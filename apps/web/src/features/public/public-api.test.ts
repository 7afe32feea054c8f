import { describe, expect, it } from 'vitest';
import type { PublicApplication } from '@meetflow/shared/schemas/approval';
import type { PublicGuest } from '@meetflow/shared/schemas/public';
import { visitorMeetingId, visitorOfGuestAnswer } from './public-api.ts';

const application: PublicApplication = {
  meeting_public_id: 'm1',
  status: 'rejected',
  display_name: 'Chan Tai Man',
  reason: 'Members only',
  submitted_at: 1,
  decided_at: 2,
};

describe("the guest page's answer", () => {
  it('is a guest when it carries a code field, even a pending one without a code', () => {
    const guest = { meeting_public_id: 'm1', guest_code: null, approval: 'pending' } as PublicGuest;
    expect(visitorOfGuestAnswer(guest)).toEqual({ kind: 'guest', guest });
  });

  it("is an application's state for a token holding no seat, bare or wrapped", () => {
    expect(visitorOfGuestAnswer(application)).toEqual({ kind: 'application', application });
    const wrapped = visitorOfGuestAnswer({ application });
    expect(wrapped).toEqual({ kind: 'application', application });
    expect(visitorMeetingId(wrapped)).toBe('m1');
  });
});
