import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { LANGUAGES } from '@meetflow/shared/languages';
import { codeByEmailBody } from '@meetflow/shared/schemas/mail';
import { GUEST_TOKEN_HEADER, NOT_APPLICABLE, signUpBody } from '@meetflow/shared/schemas/public';
import { PHONE_CASES } from '@meetflow/shared/phone-cases';
import { initI18n } from '../../lib/i18n.ts';
import { focusColorOn, maskedContactLines, matchesKeyword, readableTextOn, sessionWhen } from './display.ts';
import { linkedLanguage, offeredLanguages, pickPageLanguage } from './language-pick.ts';
import { loadPhoneRule } from './phone-rule.ts';
import { PUBLIC_ERROR_CODES } from './public-api.ts';
import { qrPath, QR_QUIET_ZONE } from './guest-page/qr-path.ts';
import {
  dateScheduleBody,
  emailError,
  EMPTY_DATE_SCHEDULE,
  EMPTY_GENERAL,
  generalBody,
  orNotApplicable,
  sessionsForType,
  validateDateSchedule,
  validateGeneral,
  type DateScheduleForm,
  type GeneralForm,
} from './sign-up/sign-up-form.ts';

// The rule the forms load when they are first checked.
const phoneRule = await loadPhoneRule();
const { isValidPhone, phoneDigits } = phoneRule;

describe('client phone rule per area code', () => {
  it.each(PHONE_CASES)("+$areaCode $phone is the server's answer", ({ areaCode, phone, e164 }) => {
    expect(isValidPhone(areaCode, phone)).toBe(e164 !== null);
  });

  it('ignores the spaces, dashes and brackets people type, and knows only our area codes', () => {
    expect(phoneDigits(' 6612-3456 ')).toBe('66123456');
    expect(isValidPhone('999', '66123456')).toBe(false);
  });
});

const general: GeneralForm = {
  ...EMPTY_GENERAL,
  name: ' Chan Tai Man ',
  gender: 'male',
  local_guest: 'yes',
  area_code: '853',
  phone: '6612 3456',
  email: ' a@example.com ',
  contact_number: '28000000',
  contact_phone: '66000000',
};

describe('general form', () => {
  it('requires the spec fields and nothing else', () => {
    expect(validateGeneral(EMPTY_GENERAL, phoneRule)).toEqual({
      name: 'nameRequired',
      gender: 'genderRequired',
      local_guest: 'localGuestRequired',
      area_code: 'areaCodeRequired',
      phone: 'phoneRequired',
      email: 'emailRequired',
      contact_number: 'contactNumberRequired',
      contact_phone: 'contactPhoneRequired',
    });
    expect(validateGeneral(general, phoneRule)).toEqual({});
  });

  it('flags an invalid phone and email', () => {
    expect(validateGeneral({ ...general, phone: '12345678', email: 'nope' }, phoneRule)).toEqual({
      phone: 'phoneInvalid',
      email: 'emailInvalid',
    });
  });

  it('maps to a body the shared contract accepts', () => {
    const body = generalBody(general, phoneRule);
    expect(body).toEqual({
      meeting_type: 'general',
      name: 'Chan Tai Man',
      gender: 'male',
      local_guest: true,
      area_code: '853',
      phone: '66123456',
      email: 'a@example.com',
      institution: '',
      job_title: '',
      contact_name: '',
      contact_number: '28000000',
      contact_phone: '66000000',
    });
    expect(signUpBody.safeParse(body).success).toBe(true);
    expect(generalBody({ ...general, local_guest: 'no' }, phoneRule).local_guest).toBe(false);
  });
});

const dated: DateScheduleForm = {
  ...EMPTY_DATE_SCHEDULE,
  name_zh: 'n/a',
  name_en: ' Alex Wong ',
  area_code: '852',
  phone: '91234567',
  email: 'alex@example.com',
  user_type_id: '7',
  license_number: 'na',
  academy_member: 'yes',
};

describe('date-schedule form', () => {
  it('requires names or NA, type, license or NA, area code, phone and email', () => {
    expect(validateDateSchedule(EMPTY_DATE_SCHEDULE, phoneRule)).toEqual({
      name_zh: 'nameZhRequired',
      name_en: 'nameEnRequired',
      area_code: 'areaCodeRequired',
      phone: 'phoneRequired',
      email: 'emailRequired',
      user_type_id: 'userTypeRequired',
      license_number: 'licenseNumberRequired',
    });
    expect(validateDateSchedule(dated, phoneRule)).toEqual({});
  });

  it('normalises the spellings of not-applicable to NA', () => {
    for (const v of ['NA', 'na', 'N/A', 'n.a.', ' Na ']) expect(orNotApplicable(v)).toBe(NOT_APPLICABLE);
    expect(orNotApplicable('Nancy')).toBe('Nancy');
    expect(orNotApplicable(' 王小明 ')).toBe('王小明');
  });

  it('maps to a body the shared contract accepts, with the chosen sessions', () => {
    const body = dateScheduleBody(dated, [3, 5], phoneRule);
    expect(body).toMatchObject({
      meeting_type: 'date_schedule',
      name_zh: 'NA',
      name_en: 'Alex Wong',
      license_number: 'NA',
      user_type_id: 7,
      academy_member: true,
      college_category_id: null,
      schedule_ids: [3, 5],
      phone: '91234567',
    });
    expect(signUpBody.safeParse(body).success).toBe(true);
    expect(dateScheduleBody({ ...dated, college_category_id: '4' }, [1], phoneRule).college_category_id).toBe(
      4,
    );
  });

  it('offers only the sessions of the chosen registration type', () => {
    const schedules = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const types = [{ id: 7, schedule_ids: [3, 1] }];
    expect(sessionsForType(schedules, types, '7').map((s) => s.id)).toEqual([1, 3]);
    expect(sessionsForType(schedules, types, '')).toEqual([]);
  });
});

describe('page language', () => {
  it('uses the meeting’s first language unless the visitor picked an offered one', () => {
    const order = ['en', 'zh-cn', 'zh-tw'];
    expect(pickPageLanguage({ order, multiLanguage: true, stored: null })).toBe('en');
    expect(pickPageLanguage({ order, multiLanguage: true, stored: 'zh-tw' })).toBe('zh-tw');
    expect(pickPageLanguage({ order, multiLanguage: true, stored: 'fr' })).toBe('en');
    expect(pickPageLanguage({ order, multiLanguage: false, stored: 'zh-tw' })).toBe('en');
  });

  it('puts the language a mail link names before the stored pick, when the meeting offers it', () => {
    const order = ['zh-tw', 'zh-cn', 'en'];
    const linked = linkedLanguage('#/enroll-info/abc?lang=zh-cn');
    expect(linked).toBe('zh-cn');
    expect(pickPageLanguage({ order, multiLanguage: true, stored: 'en', linked })).toBe('zh-cn');
    expect(pickPageLanguage({ order, multiLanguage: false, stored: null, linked })).toBe('zh-tw');
    expect(linkedLanguage('#/enroll-info/abc?lang=fr')).toBeUndefined();
    expect(linkedLanguage('#/enroll-info/abc')).toBeUndefined();
  });

  it('offers the three languages in the meeting’s order, or only the first', () => {
    expect(offeredLanguages(['zh-cn', 'en', 'zh-tw'], true)).toEqual(['zh-cn', 'en', 'zh-tw']);
    expect(offeredLanguages(['zh-cn', 'en', 'zh-tw'], false)).toEqual(['zh-cn']);
    expect(offeredLanguages([], true)).toEqual(['zh-tw']);
  });
});

describe('display helpers', () => {
  it('shows only the server’s masked contact data', () => {
    expect(maskedContactLines({ masked_phone: '+853 ****3456', masked_email: 'a***@example.com' })).toEqual([
      '+853 ****3456',
      'a***@example.com',
    ]);
    expect(maskedContactLines({ masked_phone: '+853 ****3456', masked_email: ' ' })).toEqual([
      '+853 ****3456',
    ]);
  });

  it('picks readable button text on the theme colour', () => {
    expect(readableTextOn('#0b4cad')).toBe('#ffffff');
    // White on the default blue is only 4.1:1: black text passes AA there.
    expect(readableTextOn('#1677ff')).toBe('#000000');
    expect(readableTextOn('#ffe58f')).toBe('#000000');
    expect(readableTextOn('#000000')).toBe('#ffffff');
  });

  it('derives a focus ring colour with 3:1 against the page from any theme colour', () => {
    // WCAG contrast of two '#rrggbb' colours, computed here independently of display.ts.
    const lum = (hex: string) =>
      [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const ratio = (a: string, b: string) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    // A yellow theme is 1.3:1 on the page: darkened until it passes, keeping its hue.
    expect(ratio('#fadb14', '#f5f5f5')).toBeLessThan(1.5);
    const yellow = focusColorOn('#fadb14');
    expect(ratio(yellow, '#f5f5f5')).toBeGreaterThanOrEqual(3);
    expect(ratio(yellow, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(ratio(yellow, '#f5f5f5')).toBeLessThan(3.6);
    expect(parseInt(yellow.slice(1, 3), 16)).toBeGreaterThan(parseInt(yellow.slice(5, 7), 16));
    // Colours that already pass stay as they are.
    expect(focusColorOn('#1677ff')).toBe('#1677ff');
    expect(focusColorOn('#003A8C')).toBe('#003a8c');
    // On a dark background a dark theme is lightened instead.
    expect(ratio(focusColorOn('#1f1f1f', '#141414'), '#141414')).toBeGreaterThanOrEqual(3);
    expect(focusColorOn('not a colour')).toBe('#1677ff');
  });

  it('searches sessions by any language’s name and by date', () => {
    const s = {
      name: '開幕式',
      name_cn: '开幕式',
      name_en: 'Opening',
      date: '2026-12-01',
      start_time: '09:00',
      end_time: '10:00',
    };
    expect(sessionWhen(s, 'en')).toBe('01/12 09:00–10:00');
    expect(sessionWhen(s, 'zh-tw')).toBe('12月01日 09:00–10:00');
    expect(matchesKeyword(s, 'open', 'en')).toBe(true);
    expect(matchesKeyword(s, '开幕', 'zh-cn')).toBe(true);
    expect(matchesKeyword(s, '12-01', 'en')).toBe(true);
    expect(matchesKeyword(s, '01/12', 'en')).toBe(true);
    expect(matchesKeyword(s, '12月01日', 'zh-tw')).toBe(true);
    expect(matchesKeyword(s, 'closing', 'en')).toBe(false);
    expect(matchesKeyword(s, '  ', 'en')).toBe(true);
  });

  it('draws one unit square per dark module inside the quiet zone', () => {
    const path = qrPath(2, (r, c) => r === c);
    expect(path).toBe(
      `M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h1v1h-1zM${QR_QUIET_ZONE + 1} ${QR_QUIET_ZONE + 1}h1v1h-1z`,
    );
  });
});

describe('API client constants', () => {
  it('match the shared error catalogue and header', () => {
    for (const [name, code] of Object.entries(PUBLIC_ERROR_CODES)) {
      expect(ERRORS[name as keyof typeof ERRORS].code, name).toBe(code);
    }
    expect(GUEST_TOKEN_HEADER).toBe('x-guest-token');
  });
});

describe('public catalogues', () => {
  it('have the same keys in the three languages, none empty', async () => {
    // The module registers its strings on import: after i18n is initialised, as in the app.
    await initI18n();
    const { allPublicCatalogues } = await import('./i18n.ts');
    const all = await allPublicCatalogues();
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    // Plural forms beyond `_other` are a language's own (English `_one`); each has its `_other`.
    const ownForm = /_(zero|one|two|few|many)$/;
    const common = (o: object) => keys(o).filter((k) => !ownForm.test(k));
    const base = common(all['zh-tw']).sort();
    for (const lang of LANGUAGES) {
      expect(common(all[lang]).sort(), lang).toEqual(base);
      for (const form of keys(all[lang]).filter((k) => ownForm.test(k)))
        expect(base, form).toContain(form.replace(ownForm, '_other'));
      const flat = JSON.stringify(all[lang]);
      expect(flat.includes('""'), lang).toBe(false);
    }
    expect(all.en.err.phoneInvalid).toBe('Invalid phone');
    expect(all['zh-tw'].err.phoneInvalid).toBe('手機號碼無效');
  });
});

describe('e-mail rule (sign-up forms and "send my code to my e-mail")', () => {
  it('asks for an address, then for a well-formed one', () => {
    expect(emailError('')).toBe('emailRequired');
    expect(emailError('   ')).toBe('emailRequired');
    expect(emailError('nope')).toBe('emailInvalid');
    expect(emailError('a@b')).toBe('emailInvalid');
    expect(emailError('two words@example.com')).toBe('emailInvalid');
    expect(emailError(' lam.ka.wai@example.com ')).toBeUndefined();
  });

  it('lets through only addresses the code-by-email contract accepts once trimmed', () => {
    for (const email of ['lam.ka.wai@example.com', 'a+tag@hospital.org.mo', 'x@y.io']) {
      expect(emailError(email)).toBeUndefined();
      expect(codeByEmailBody.safeParse({ email: email.trim() }).success).toBe(true);
    }
    for (const email of ['', 'nope', 'a@b']) {
      expect(emailError(email)).toBeDefined();
      expect(codeByEmailBody.safeParse({ email }).success).toBe(false);
    }
  });

  it('validates the general form with the same rule', () => {
    expect(validateGeneral({ ...EMPTY_GENERAL, email: 'nope' }, phoneRule).email).toBe(emailError('nope'));
  });
});
