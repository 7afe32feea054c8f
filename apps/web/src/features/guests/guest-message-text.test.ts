import { describe, expect, it } from 'vitest';
import { messageDetail, messageStatusColor } from './guest-message-text.ts';
import type { GuestMessage } from './guests-types.ts';

const message = (over: Partial<GuestMessage>): GuestMessage => ({
  id: 1,
  type: 'confirmation',
  status: 'queued',
  attempts: 0,
  reason: null,
  created_at: 1_800_000_000_000,
  finished_at: null,
  ...over,
});

describe('messageDetail', () => {
  it('says a queued message waits for a mail server when none is configured', () => {
    expect(messageDetail(message({}), false)).toEqual({ key: 'waitingForServer' });
    expect(messageDetail(message({ attempts: 2, reason: '421 try later' }), false)).toEqual({
      key: 'waitingForServer',
    });
  });

  it("gives the mail server's answer of a message waiting to be tried again", () => {
    expect(messageDetail(message({ attempts: 1, reason: '421 4.7.0 try later' }), true)).toEqual({
      key: 'retrying',
      reason: '421 4.7.0 try later',
    });
    expect(messageDetail(message({}), true)).toBeNull();
  });

  it('gives the reason of a failed or skipped message', () => {
    expect(
      messageDetail(message({ status: 'failed', attempts: 5, reason: '550 no such user' }), true),
    ).toEqual({
      key: 'reason',
      reason: '550 no such user',
    });
    expect(messageDetail(message({ status: 'skipped', reason: ' sign-up cancelled ' }), false)).toEqual({
      key: 'reason',
      reason: 'sign-up cancelled',
    });
    expect(messageDetail(message({ status: 'failed', reason: '  ' }), true)).toBeNull();
  });

  it('gives the time a sent message left', () => {
    expect(messageDetail(message({ status: 'sent', attempts: 1, finished_at: 42 }), true)).toEqual({
      key: 'sentAt',
      at: 42,
    });
    expect(messageDetail(message({ status: 'sending', attempts: 1 }), true)).toBeNull();
  });
});

describe('messageStatusColor', () => {
  it('has a colour for every status', () => {
    expect(
      (['queued', 'sending', 'sent', 'failed', 'skipped'] as const).map((status) =>
        messageStatusColor(status),
      ),
    ).toEqual(['default', 'processing', 'green', 'red', 'orange']);
  });
});
