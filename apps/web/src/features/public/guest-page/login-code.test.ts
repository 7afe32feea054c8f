import { describe, expect, it } from 'vitest';
import { LOGIN_CODE_LENGTH, lookupVerifyBody } from '@meetflow/shared/schemas/public';
import { LOGIN_CODE_DIGITS, loginCodeError, loginCodeInput } from './login-code.ts';
import { NETWORK_FAILURE, PUBLIC_ERROR_CODES, PublicApiError } from '../public-api.ts';
import { UNSUBSCRIBE_CATALOGUES } from '../verification/unsubscribe-i18n.ts';
import { unsubscribeOutcome } from '../verification/unsubscribe-outcome.ts';

describe('the look-up code field', () => {
  it('has the length of the shared contract', () => {
    expect(LOGIN_CODE_DIGITS).toBe(LOGIN_CODE_LENGTH);
  });

  it('keeps the digits of what is typed or pasted, full-width ones included, at most six', () => {
    expect(loginCodeInput('123456')).toBe('123456');
    expect(loginCodeInput('123 456')).toBe('123456');
    expect(loginCodeInput('驗證碼：０１２３４５')).toBe('012345');
    expect(loginCodeInput('12345678')).toBe('123456');
    expect(loginCodeInput('abc')).toBe('');
  });

  it('asks for the code, then for six digits, as the server does', () => {
    expect(loginCodeError('')).toBe('codeRequired');
    expect(loginCodeError('12345')).toBe('codeInvalid');
    expect(loginCodeError('123456')).toBeNull();
    const body = { area_code: '853', phone: '62123456' };
    expect(lookupVerifyBody.safeParse({ ...body, code: '12345' }).success).toBe(false);
    expect(lookupVerifyBody.safeParse({ ...body, code: '123456' }).success).toBe(true);
  });
});

describe('the unsubscribe page', () => {
  const refusal = (code: number, status: number, message = 'server says') =>
    new PublicApiError(message, code, status, null);

  it('calls an unknown or malformed token an invalid link', () => {
    expect(unsubscribeOutcome(refusal(PUBLIC_ERROR_CODES.NOT_FOUND, 404))).toBe('invalid');
    expect(unsubscribeOutcome(refusal(PUBLIC_ERROR_CODES.VALIDATION_FAILED, 400))).toBe('invalid');
  });

  it("says a network failure as such, and other refusals in the server's words", () => {
    expect(unsubscribeOutcome(refusal(NETWORK_FAILURE, 0, ''))).toBe('network');
    expect(unsubscribeOutcome(refusal(PUBLIC_ERROR_CODES.RATE_LIMITED, 429))).toBe('server');
    expect(unsubscribeOutcome(refusal(50000, 500, ''))).toBe('failed');
    expect(unsubscribeOutcome(new Error('x'))).toBe('failed');
  });

  it('has every text in the three languages, none empty', () => {
    const keys = Object.keys(UNSUBSCRIBE_CATALOGUES['zh-tw']).sort();
    for (const catalogue of Object.values(UNSUBSCRIBE_CATALOGUES)) {
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
    }
  });
});
