import { describe, expect, it } from 'vitest';
import { certificateCodeParams } from '@meetflow/shared/schemas/certificates';
import {
  formatCredits,
  formatDateSpan,
  formatLongDate,
  groupCertificateCode,
  hoursAndMinutes,
  isCertificateCode,
  normalizeCertificateCode,
  showsGuestCertificate,
} from './certificate-code.ts';
import { fileNameOf } from './public-api.ts';
import { VERIFY_CATALOGUES } from './verification/verify-i18n.ts';

const CODE = '0123456789ABCDEFGHJKMNPQ';

describe('certificate codes', () => {
  it('accepts a code with or without dashes, in any case, with spaces', () => {
    expect(normalizeCertificateCode('0123-4567-89ab-cdef-ghjk-mnpq')).toBe(CODE);
    expect(normalizeCertificateCode(` ${CODE.toLowerCase()}\n`)).toBe(CODE);
    expect(normalizeCertificateCode('0123 4567 89AB CDEF GHJK MNPQ')).toBe(CODE);
    // Read off paper: O for 0, I or l for 1.
    expect(normalizeCertificateCode('O123-4567-89AB-CDEF-GHJK-MNPQ')).toBe(CODE);
    expect(normalizeCertificateCode('0I23-4567-89AB-CDEF-GHJK-MNPQ')).toBe(CODE);
    expect(normalizeCertificateCode('0l23-4567-89AB-CDEF-GHJK-MNPQ')).toBe(CODE);
  });

  it('folds full-width characters copied from a Chinese text', () => {
    expect(normalizeCertificateCode('０１２３－４５６７－８９ＡＢ－ｃｄｅｆ－ＧＨＪＫ－ＭＮＰＱ')).toBe(CODE);
  });

  it('agrees with the server on what it ignores', () => {
    for (const raw of ['0123-4567-89ab-cdef-ghjk-mnpq', CODE.toLowerCase(), 'ab-12']) {
      expect(normalizeCertificateCode(raw)).toBe(certificateCodeParams.parse({ code: raw }).code);
    }
  });

  it('knows a whole code from a partial or overlong one', () => {
    expect(isCertificateCode(CODE)).toBe(true);
    expect(isCertificateCode('0123-4567-89AB-CDEF-GHJK-MNPQ')).toBe(true);
    expect(isCertificateCode(CODE.slice(1))).toBe(false);
    expect(isCertificateCode(`${CODE}X`)).toBe(false);
    expect(isCertificateCode('')).toBe(false);
  });

  it('groups a code by four as printed', () => {
    expect(groupCertificateCode(CODE)).toBe('0123-4567-89AB-CDEF-GHJK-MNPQ');
    expect(groupCertificateCode('0123-4567-89ab-cdef-ghjk-mnpq')).toBe('0123-4567-89AB-CDEF-GHJK-MNPQ');
    expect(groupCertificateCode('abcdef')).toBe('ABCD-EF');
    expect(groupCertificateCode('--')).toBe('');
  });
});

describe('certificate dates', () => {
  // 2025-11-22 01:00 UTC is 09:00 in Macao; 2025-11-23 20:00 UTC is already the 24th there.
  const start = Date.UTC(2025, 10, 22, 1, 0);
  const end = Date.UTC(2025, 10, 23, 20, 0);

  it('shows a day with its year in the zone of the answer', () => {
    expect(formatLongDate(end, 'Asia/Macau', 'zh-tw')).toBe('2025年11月24日');
    expect(formatLongDate(end, 'UTC', 'zh-tw')).toBe('2025年11月23日');
    expect(formatLongDate(end, 'Asia/Macau', 'en')).toBe('24 November 2025');
  });

  it('shows one day once, and a span of days saying what both ends share once', () => {
    expect(formatDateSpan(start, start + 3_600_000, 'Asia/Macau', 'en')).toBe('22 November 2025');
    expect(formatDateSpan(start, start + 3_600_000, 'Asia/Macau', 'zh-tw')).toBe('2025年11月22日');
    expect(formatDateSpan(start, end, 'Asia/Macau', 'zh-tw')).toBe('2025年11月22日至24日');
    expect(formatDateSpan(start, end, 'UTC', 'zh-cn')).toBe('2025年11月22日至23日');
    expect(formatDateSpan(start, Date.UTC(2025, 11, 2, 3), 'Asia/Macau', 'zh-tw')).toBe(
      '2025年11月22日至12月2日',
    );
    expect(formatDateSpan(start, Date.UTC(2026, 0, 2, 3), 'Asia/Macau', 'zh-cn')).toBe(
      '2025年11月22日至2026年1月2日',
    );
    expect(formatDateSpan(start, end, 'Asia/Macau', 'en').replace(/\s/g, ' ')).toMatch(
      /^22 ?– ?24 November 2025$/,
    );
  });

  it('still shows a date when the zone name is unknown', () => {
    expect(formatLongDate(start, 'Mars/Olympus', 'en')).toMatch(/2025/);
  });
});

describe('the guest certificate card', () => {
  it('shows when the meeting offers it, or the guest has one', () => {
    const none = { offered: false, available: false, revoked: false };
    expect(showsGuestCertificate(none)).toBe(false);
    expect(showsGuestCertificate({ ...none, offered: true })).toBe(true);
    expect(showsGuestCertificate({ ...none, available: true })).toBe(true);
    expect(showsGuestCertificate({ ...none, revoked: true })).toBe(true);
  });

  it('says time in hours and minutes, and credits without float noise', () => {
    expect(hoursAndMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursAndMinutes(59)).toEqual({ hours: 0, minutes: 59 });
    expect(hoursAndMinutes(330)).toEqual({ hours: 5, minutes: 30 });
    expect(hoursAndMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
    expect(formatCredits(0.1 + 0.2)).toBe('0.3');
    expect(formatCredits(2)).toBe('2');
    expect(formatCredits(1.5)).toBe('1.5');
  });

  it("keeps the server's file name", () => {
    expect(fileNameOf(`attachment; filename="c.pdf"; filename*=UTF-8''%E8%AD%89%E6%9B%B8.pdf`)).toBe(
      '證書.pdf',
    );
    expect(fileNameOf('attachment; filename="certificate.pdf"')).toBe('certificate.pdf');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('verification page strings', () => {
  it('has every text in the three languages, none empty', () => {
    const keys = Object.keys(VERIFY_CATALOGUES['zh-tw']).sort();
    for (const catalogue of Object.values(VERIFY_CATALOGUES)) {
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
    }
  });
});
