import { describe, expect, it } from 'vitest';
import { NETWORK_FAILURE, PUBLIC_ERROR_CODES, PublicApiError } from '../public-api.ts';
import { evaluationIdOf, sendFailure } from './evaluation-outcome.ts';

const refusal = (code: number, status: number, data: unknown = null) =>
  new PublicApiError('refused', code, status, data);

describe('sendFailure', () => {
  it('reads a 409 as answered or closed, to be read again', () => {
    expect(sendFailure(refusal(40970, 409))).toEqual({ kind: 'conflict' });
  });

  it('asks for the look-up when the token opens no guest', () => {
    expect(sendFailure(refusal(PUBLIC_ERROR_CODES.GUEST_TOKEN_INVALID, 401))).toEqual({ kind: 'lost' });
  });

  it('shows a validation refusal per field, and keeps other refusals to try again', () => {
    const fields = { 'answers.overall': 'required' };
    expect(sendFailure(refusal(PUBLIC_ERROR_CODES.VALIDATION_FAILED, 400, { fields }))).toEqual({
      kind: 'fields',
      fields,
    });
    expect(sendFailure(refusal(PUBLIC_ERROR_CODES.VALIDATION_FAILED, 400))).toEqual({
      kind: 'retry',
      network: false,
    });
    expect(sendFailure(refusal(NETWORK_FAILURE, 0))).toEqual({ kind: 'retry', network: true });
    expect(sendFailure(new TypeError('x'))).toEqual({ kind: 'retry', network: false });
  });

  it('says not open to the guest for a 404 or a 403', () => {
    expect(sendFailure(refusal(PUBLIC_ERROR_CODES.NOT_FOUND, 404))).toEqual({ kind: 'notFound' });
    expect(sendFailure(refusal(40330, 403))).toEqual({ kind: 'notFound' });
  });
});

describe('evaluationIdOf', () => {
  it('takes positive integers only', () => {
    expect(evaluationIdOf('12')).toBe(12);
    for (const raw of ['0', '-1', '1.5', 'abc', '', '01', '99999999999'])
      expect(evaluationIdOf(raw)).toBeNull();
  });
});
