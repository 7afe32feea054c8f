import { describe, expect, it } from 'vitest';
import { NETWORK_FAILURE, PUBLIC_ERROR_CODES, PublicApiError } from '../public-api.ts';
import { emailError, meetingDates, refusalOf, refusalText, stillValid } from './cme-access.ts';
import { CME_PUBLIC_CATALOGUES } from './cme-i18n.ts';

const refused = (code: number, status: number, message = '', data: unknown = null) =>
  new PublicApiError(message, code, status, data);

describe('the CME record page', () => {
  it('asks for an e-mail address before sending', () => {
    expect(emailError('')).toBe('emailRequired');
    expect(emailError('   ')).toBe('emailRequired');
    expect(emailError('doctor@')).toBe('emailInvalid');
    expect(emailError('doctor example.com')).toBe('emailInvalid');
    expect(emailError(' Doctor@Example.com ')).toBeNull();
  });

  it('tells a wrong code, too many tries, an ended access and a network failure apart', () => {
    expect(refusalOf(refused(PUBLIC_ERROR_CODES.LOGIN_CODE_WRONG, 400))).toBe('codeWrong');
    expect(refusalOf(refused(PUBLIC_ERROR_CODES.RATE_LIMITED, 429))).toBe('tooMany');
    expect(refusalOf(refused(40100, 401))).toBe('expired');
    expect(refusalOf(refused(NETWORK_FAILURE, 0))).toBe('network');
    expect(
      refusalOf(refused(PUBLIC_ERROR_CODES.VALIDATION_FAILED, 400, '', { fields: { email: 'x' } })),
    ).toBe('fields');
    expect(refusalOf(new Error('boom'))).toBe('other');
  });

  it("says the server's message where there is one, else its own", () => {
    const t = (key: string) => `<${key}>`;
    expect(refusalText(refused(PUBLIC_ERROR_CODES.RATE_LIMITED, 429, '嘗試次數過多'), t)).toBe(
      '嘗試次數過多',
    );
    expect(refusalText(refused(PUBLIC_ERROR_CODES.RATE_LIMITED, 429), t)).toBe('<cmePub.tooMany>');
    expect(refusalText(refused(NETWORK_FAILURE, 0, 'ignored'), t)).toBe('<cmePub.network>');
    expect(refusalText(new Error('boom'), t)).toBe('<cmePub.failed>');
  });

  it('uses an access token only until it expires', () => {
    expect(stillValid(1_000, 999)).toBe(true);
    expect(stillValid(1_000, 1_000)).toBe(false);
  });

  it("writes a meeting's days with the year in the page language", () => {
    const start = Date.UTC(2027, 0, 10, 1);
    expect(meetingDates(start, Date.UTC(2027, 0, 12, 9), 'Asia/Macau', 'en')).toBe(
      '10 January 2027 – 12 January 2027',
    );
    expect(meetingDates(start, start, 'Asia/Macau', 'zh-tw')).toBe('2027年1月10日');
  });

  it('has every text in the three languages', () => {
    const keys = (lang: keyof typeof CME_PUBLIC_CATALOGUES) =>
      Object.keys(CME_PUBLIC_CATALOGUES[lang]).sort();
    expect(keys('zh-cn')).toEqual(keys('zh-tw'));
    expect(keys('en')).toEqual(keys('zh-tw'));
    for (const catalogue of Object.values(CME_PUBLIC_CATALOGUES))
      expect(Object.values(catalogue).every((text) => text.trim().length > 0)).toBe(true);
  });
});
