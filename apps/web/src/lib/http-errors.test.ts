import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { SESSION_LOST, classifyFailure, isAuthFailure } from './http-errors.ts';

describe('classifyFailure', () => {
  it('uses the envelope when the server sent one', () => {
    expect(
      classifyFailure({
        status: 401,
        body: { code: 40101, message: 'token已過期', data: null },
        timedOut: false,
      }),
    ).toEqual({
      kind: 'envelope',
      code: 40101,
      message: 'token已過期',
      data: null,
    });
  });

  it('recognises timeouts, network failures and bare HTTP errors', () => {
    expect(classifyFailure({ status: undefined, body: undefined, timedOut: true })).toEqual({
      kind: 'timeout',
    });
    expect(classifyFailure({ status: undefined, body: undefined, timedOut: false })).toEqual({
      kind: 'network',
    });
    expect(classifyFailure({ status: 502, body: '<html>', timedOut: false })).toEqual({
      kind: 'status',
      status: 502,
    });
  });
});

describe('isAuthFailure', () => {
  it('matches the expired and revoked codes and the localised token-expired message', () => {
    expect(isAuthFailure(40101, undefined)).toBe(true);
    expect(isAuthFailure(40103, undefined)).toBe(true);
    expect(isAuthFailure(40100, undefined)).toBe(true);
    expect(isAuthFailure(1, 'token已过期')).toBe(true);
    expect(isAuthFailure(40102, 'Incorrect account or password')).toBe(false);
  });
});

describe('SESSION_LOST', () => {
  it('matches the shared error catalogue', () => {
    expect(SESSION_LOST.UNAUTHORIZED).toBe(ERRORS.UNAUTHORIZED.code);
    expect(SESSION_LOST.TOKEN_EXPIRED).toBe(ERRORS.TOKEN_EXPIRED.code);
    expect(SESSION_LOST.SESSION_REVOKED).toBe(ERRORS.SESSION_REVOKED.code);
    expect([...SESSION_LOST.tokenExpiredMessages].sort()).toEqual(
      Object.values(ERRORS.TOKEN_EXPIRED.message).sort(),
    );
  });
});
