import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { ApiError, NETWORK_ERROR } from '../../lib/http-errors.ts';
import type { ScanAnswer } from '../../lib/attendance-types.ts';
import { feedbackForAnswer, feedbackForError } from './scan-result.ts';

const answer = (over: Partial<ScanAnswer>): ScanAnswer => ({
  result: 'success',
  type: 'in',
  guest: { id: 1, name: 'Chan Tai Man', user_type_name: 'Doctor' },
  reason: null,
  reason_code: null,
  previous_at: null,
  at: 1000,
  door_fields: [],
  ...over,
});

describe('scan feedback', () => {
  it('a success says "Save Successful" with the guest and the direction', () => {
    const feedback = feedbackForAnswer(answer({}), 'CODE');
    expect(feedback).toMatchObject({
      tone: 'success',
      headlineKey: 'message.saveSuccess',
      guestName: 'Chan Tai Man',
      userType: 'Doctor',
      type: 'in',
      reason: null,
    });
  });

  it('a duplicate is amber and carries the earlier time', () => {
    const feedback = feedbackForAnswer(answer({ result: 'duplicate', previous_at: 500 }), 'CODE');
    expect(feedback).toMatchObject({
      tone: 'duplicate',
      headlineKey: 'attendance.results.duplicate',
      previousAt: 500,
    });
  });

  it('a refusal is red with the server reason', () => {
    const feedback = feedbackForAnswer(
      answer({ result: 'refused', guest: null, reason: 'Unknown code', previous_at: 9 }),
      'X',
    );
    expect(feedback).toMatchObject({
      tone: 'refused',
      reason: 'Unknown code',
      guestName: null,
      previousAt: null,
    });
  });

  it('an unpaid guest is refused under "Unpaid" with what is due', () => {
    const due = { order_id: 7, reference: 'MF000007', currency: 'HKD', amount_due: 150_000 };
    const feedback = feedbackForAnswer(
      answer({
        result: 'refused',
        type: null,
        reason: 'This guest has not paid yet',
        reason_code: ERRORS.GUEST_UNPAID.code,
        unpaid: due,
      }),
      'CODE',
    );
    expect(feedback).toMatchObject({
      tone: 'refused',
      headlineKey: 'attendance.results.unpaid',
      guestName: 'Chan Tai Man',
      unpaid: true,
      due,
    });
    // The station's own refusal from its copy says so too, without an amount.
    const offline = feedbackForAnswer(
      { ...answer({ result: 'refused', type: null }), offline: true, reasonKey: 'station.reasons.unpaid' },
      'CODE',
    );
    expect(offline).toMatchObject({ headlineKey: 'attendance.results.unpaid', unpaid: true, due: null });
    // Another refusal is not "unpaid".
    expect(feedbackForAnswer(answer({ result: 'refused', reason_code: 40970 }), 'X').unpaid).toBe(false);
  });

  it('an error answer is a refusal with its message', () => {
    const feedback = feedbackForError(new ApiError('Guest not found', 40400, 404, null), 'X', 5);
    expect(feedback).toMatchObject({ tone: 'refused', reason: 'Guest not found', noteKey: null, code: 'X' });
  });

  it('no answer at all asks for another scan', () => {
    const feedback = feedbackForError(new ApiError('offline', NETWORK_ERROR, undefined, null), 'X', 5);
    expect(feedback).toMatchObject({ tone: 'refused', reason: null, noteKey: 'attendance.offline' });
  });
});
