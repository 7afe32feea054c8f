import { describe, expect, it } from 'vitest';
import type { PublicInvitation } from '@meetflow/shared/schemas/invitations';
import { meetingForInvitee, type InvitationState } from './use-invitation.ts';

const answer = (over: Partial<PublicInvitation>): PublicInvitation => ({
  valid: true,
  reason: null,
  user_type_id: null,
  personal: true,
  user_type: null,
  seat_past_public: true,
  ...over,
});
const checked = (over: Partial<PublicInvitation> = {}): InvitationState => ({
  status: 'checked',
  code: 'ABC',
  answer: answer(over),
});

describe('meetingForInvitee', () => {
  it('opens a full meeting to an invitation that still finds a seat', () => {
    expect(meetingForInvitee({ status: 'full' }, checked()).status).toBe('open');
  });

  it('leaves a full meeting full without such an invitation', () => {
    expect(meetingForInvitee({ status: 'full' }, checked({ seat_past_public: false })).status).toBe('full');
    expect(meetingForInvitee({ status: 'full' }, checked({ valid: false, reason: 'used_up' })).status).toBe(
      'full',
    );
    expect(meetingForInvitee({ status: 'full' }, { status: 'checking', code: 'ABC' }).status).toBe('full');
    expect(meetingForInvitee({ status: 'full' }, { status: 'none' }).status).toBe('full');
  });

  it('never opens a meeting closed for another reason', () => {
    expect(meetingForInvitee({ status: 'deadline_passed' }, checked()).status).toBe('deadline_passed');
    expect(meetingForInvitee({ status: 'disabled' }, checked()).status).toBe('disabled');
  });
});
