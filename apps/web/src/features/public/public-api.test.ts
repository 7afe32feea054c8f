import { describe, expect, it } from 'vitest';
import type { PublicApplication } from '@meetflow/shared/schemas/approval';
import { applicationOfRefusal, PUBLIC_ERROR_CODES, PublicApiError, visitorMeetingId } from './public-api.ts';

const application: PublicApplication = {
  meeting_public_id: 'm1',
  status: 'rejected',
  display_name: 'Chan Tai Man',
  reason: 'Members only',
  submitted_at: 1,
  decided_at: 2,
};

describe("the guest page's refusal of an applicant's token", () => {
  it('carries the application in APPLICATION_WAITING (409) only', () => {
    const waiting = new PublicApiError('', PUBLIC_ERROR_CODES.APPLICATION_WAITING, 409, { application });
    expect(applicationOfRefusal(waiting)).toEqual(application);
    const invalid = new PublicApiError('', PUBLIC_ERROR_CODES.GUEST_TOKEN_INVALID, 401, { application });
    expect(applicationOfRefusal(invalid)).toBeNull();
    expect(applicationOfRefusal(new Error('x'))).toBeNull();
  });

  it("names the application's meeting as the visitor's", () => {
    expect(visitorMeetingId({ kind: 'application', application })).toBe('m1');
  });
});
