import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_NOTICE, type PrivacySettings } from '@meetflow/shared/schemas/privacy';
import { formatDateTime } from '../../lib/date-time.ts';
import {
  canPurgeNow,
  eraseDate,
  isDefaultNotice,
  isRetentionDays,
  privacyBody,
  privacyFormField,
  privacyFormValues,
  purgeConfirmMatches,
  shownNotice,
} from './privacy-logic.ts';

const DAY = 86_400_000;
// 2026-11-25 18:00 in Macao.
const END = Date.UTC(2026, 10, 25, 10);

const settings: PrivacySettings = {
  meeting_id: 7,
  notice_enabled: true,
  notice: { 'zh-tw': '', 'zh-cn': '', en: 'Our own words.' },
  default_notice: DEFAULT_PRIVACY_NOTICE,
  notice_version: 2,
  retention_days: 180,
  default_retention_days: 180,
  meeting_end_at: END,
  purge_at: END + 180 * DAY,
  notified_at: null,
  purged_at: null,
  guests_held: 12,
};

describe('the erase date of a retention period', () => {
  it("is the meeting's end plus the days, as the server counts it", () => {
    expect(eraseDate(END, 180)).toBe(settings.purge_at);
    expect(eraseDate(END, 1)).toBe(END + DAY);
    expect(eraseDate(END, 3650)).toBe(END + 3650 * DAY);
  });

  it('keeps the time of day in the server zone, across months and years', () => {
    expect(formatDateTime(eraseDate(END, 30)!, 'Asia/Macau')).toBe('2026-12-25 18:00:00');
    expect(formatDateTime(eraseDate(END, 365)!, 'Asia/Macau')).toBe('2027-11-25 18:00:00');
    // A zone with a clock change in between: whole days of 24 hours, as the server adds them.
    const londonEnd = Date.UTC(2026, 2, 20, 12); // 12:00 GMT, before the clocks go forward.
    expect(formatDateTime(eraseDate(londonEnd, 14)!, 'Europe/London')).toBe('2026-04-03 13:00:00');
  });

  it('is null while the field holds no period the server takes', () => {
    for (const days of [null, undefined, 0, -3, 1.5, 3651, Number.NaN, '30']) {
      expect(eraseDate(END, days)).toBeNull();
      expect(isRetentionDays(days)).toBe(false);
    }
    expect(isRetentionDays(1)).toBe(true);
    expect(isRetentionDays(3650)).toBe(true);
  });
});

describe("the notice's texts", () => {
  it('start as the organiser wrote them, empty for the default', () => {
    expect(privacyFormValues(settings)).toEqual({
      notice_enabled: true,
      notice: { 'zh-tw': '', 'zh-cn': '', en: 'Our own words.' },
      retention_days: 180,
    });
  });

  it('read as the default when empty or word for word the default', () => {
    expect(isDefaultNotice('', DEFAULT_PRIVACY_NOTICE.en)).toBe(true);
    expect(isDefaultNotice(undefined, DEFAULT_PRIVACY_NOTICE.en)).toBe(true);
    expect(isDefaultNotice(`  ${DEFAULT_PRIVACY_NOTICE.en}\n`, DEFAULT_PRIVACY_NOTICE.en)).toBe(true);
    expect(isDefaultNotice('Our own words.', DEFAULT_PRIVACY_NOTICE.en)).toBe(false);
  });

  it('show visitors the default where the organiser wrote none', () => {
    const texts = { 'zh-tw': '  ', 'zh-cn': '', en: ' Ours. ' };
    expect(shownNotice(texts, DEFAULT_PRIVACY_NOTICE, 'zh-tw')).toBe(DEFAULT_PRIVACY_NOTICE['zh-tw']);
    expect(shownNotice(texts, DEFAULT_PRIVACY_NOTICE, 'en')).toBe('Ours.');
    expect(shownNotice(undefined, DEFAULT_PRIVACY_NOTICE, 'zh-cn')).toBe(DEFAULT_PRIVACY_NOTICE['zh-cn']);
  });

  it('are sent trimmed, the default ones as empty, with the days as a number', () => {
    expect(
      privacyBody(
        {
          notice_enabled: false,
          notice: { 'zh-tw': DEFAULT_PRIVACY_NOTICE['zh-tw'], 'zh-cn': '', en: ' Ours.\n' },
          retention_days: 30,
        },
        DEFAULT_PRIVACY_NOTICE,
      ),
    ).toEqual({
      notice_enabled: false,
      notice: { 'zh-tw': '', 'zh-cn': '', en: 'Ours.' },
      retention_days: 30,
    });
  });
});

describe("the server's field names", () => {
  it("become the form's fields", () => {
    expect(privacyFormField('retention_days')).toBe('retention_days');
    expect(privacyFormField('notice_enabled')).toBe('notice_enabled');
    expect(privacyFormField('notice.en')).toEqual(['notice', 'en']);
    expect(privacyFormField('notice.zh-tw')).toEqual(['notice', 'zh-tw']);
  });

  it('are left out when the form has no such field', () => {
    for (const path of ['notice', 'notice.fr', 'notice.en.x', 'confirm', '']) {
      expect(privacyFormField(path)).toBeNull();
    }
  });
});

describe('erase now', () => {
  it('is offered once the meeting has ended, until the data has been erased', () => {
    expect(canPurgeNow(settings, END - 1)).toBe(false);
    expect(canPurgeNow(settings, END)).toBe(true);
    expect(canPurgeNow({ ...settings, purged_at: END + DAY }, END + 2 * DAY)).toBe(false);
  });

  it("asks for the meeting's name exactly, the ends trimmed as the server does", () => {
    expect(purgeConfirmMatches('澳門醫學年會 2026', '澳門醫學年會 2026')).toBe(true);
    expect(purgeConfirmMatches('  澳門醫學年會 2026 ', '澳門醫學年會 2026')).toBe(true);
    expect(purgeConfirmMatches('澳門醫學年會', '澳門醫學年會 2026')).toBe(false);
    expect(purgeConfirmMatches('澳门医学年会 2026', '澳門醫學年會 2026')).toBe(false);
    expect(purgeConfirmMatches('Annual meeting', 'annual meeting')).toBe(false);
    expect(purgeConfirmMatches('', '')).toBe(false);
  });
});
