import { describe, expect, it } from 'vitest';
import type { Invitation } from '@meetflow/shared/schemas/invitations';
import { dayEndIn, invitationBody, invitationDraft, invitationState } from './invitations-logic.ts';

const base: Invitation = {
  id: 1,
  code: 'ABCDEFGH',
  kind: 'shared',
  seats: 'reserved',
  user_type_id: null,
  max_uses: 2,
  used_count: 0,
  valid_until: null,
  enabled: true,
  note: '',
  invitee_name: '',
  invitee_email: '',
  language: 'zh-tw',
  sent_at: null,
  created_at: 0,
};

describe('invitations logic', () => {
  it('tells a code disabled, expired, used up or active', () => {
    expect(invitationState(base, 10)).toBe('active');
    expect(invitationState({ ...base, enabled: false }, 10)).toBe('disabled');
    expect(invitationState({ ...base, valid_until: 5 }, 10)).toBe('expired');
    expect(invitationState({ ...base, used_count: 2 }, 10)).toBe('usedUp');
  });

  it('generates a code when none is typed and refuses a malformed one or no uses', () => {
    const draft = invitationDraft(null, () => '');
    expect(invitationBody(draft, () => 0)).toEqual({
      body: {
        code: null,
        seats: 'reserved',
        user_type_id: null,
        max_uses: 1,
        valid_until: null,
        enabled: true,
        note: '',
      },
    });
    expect(invitationBody({ ...draft, code: 'a b', max_uses: 0 }, () => 0)).toEqual({
      errors: { code: 'invitationCodeFormat', max_uses: 'maxUsesMin' },
    });
    expect(invitationBody({ ...draft, code: ' vip-1 ' }, () => 0)).toMatchObject({ body: { code: 'VIP-1' } });
  });

  it('ends a last day at its last millisecond in the server zone', () => {
    expect(dayEndIn('2026-12-01', 'Asia/Macau')).toBe(Date.UTC(2026, 11, 1, 15, 59, 59, 999));
    expect(dayEndIn('2026-12-01', 'UTC')).toBe(Date.UTC(2026, 11, 1, 23, 59, 59, 999));
  });
});
