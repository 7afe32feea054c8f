import { describe, expect, it } from 'vitest';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import {
  answerLabels,
  checkCustomAnswers,
  fileOf,
  fileSize,
  phoneOf,
  shownFields,
  toggleChoice,
  yesNoOf,
} from './custom-form-logic.ts';
import { previewFields } from './preview-fields.ts';

const tri = (zhTw: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': '', en });
const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, en) });
const DOCTOR = 11;

/** Specialty → (surgery) sub-specialty → (robotic) years; a doctors-only college; a yes/no → companion. */
const fields: FormField[] = previewFields([
  { key: 'intro', type: 'heading', label: tri('專業資料', 'Professional details') },
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', 'Specialty'),
    required: true,
    options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
  },
  {
    key: 'subspecialty',
    type: 'multi_choice',
    label: tri('次專科', 'Sub-specialty'),
    required: true,
    min: 1,
    max: 2,
    options: [
      option('robotic', '機械人', 'Robotic'),
      option('open', '開放式', 'Open'),
      option('lap', '腹腔鏡', 'Lap'),
    ],
    show_if: { key: 'specialty', values: ['surgery'] },
  },
  {
    key: 'robotic_years',
    type: 'number',
    label: tri('機械人手術年資', 'Years of robotic surgery'),
    required: true,
    min: 0,
    max: 60,
    show_if: { key: 'subspecialty', values: ['robotic'] },
  },
  { key: 'college', type: 'short_text', label: tri('學院', 'College'), user_type_ids: [DOCTOR] },
  { key: 'accompanied', type: 'yes_no', label: tri('有同行者', 'Accompanied') },
  {
    key: 'companion',
    type: 'short_text',
    label: tri('同行者姓名', 'Companion name'),
    required: true,
    show_if: { key: 'accompanied', values: ['yes'] },
  },
  { key: 'office_phone', type: 'phone', label: tri('辦公室電話', 'Office phone') },
  { key: 'photo_ok', type: 'consent', label: tri('同意拍照', 'I agree to be photographed'), required: true },
]);
const keys = (list: FormField[]) => list.map((f) => f.key);

describe("the meeting's own fields on the sign-up page", () => {
  it('shows a field once the answer it depends on is given, and a type-only field to that type', () => {
    expect(keys(shownFields(fields, {}, null))).toEqual([
      'intro',
      'specialty',
      'accompanied',
      'office_phone',
      'photo_ok',
    ]);
    const surgeon = { specialty: 'surgery', subspecialty: ['robotic'], accompanied: true };
    expect(keys(shownFields(fields, surgeon, DOCTOR))).toEqual([
      'intro',
      'specialty',
      'subspecialty',
      'robotic_years',
      'college',
      'accompanied',
      'companion',
      'office_phone',
      'photo_ok',
    ]);
    // A chain falls with its first link.
    expect(keys(shownFields(fields, { ...surgeon, specialty: 'medicine' }, 12))).not.toContain(
      'robotic_years',
    );
  });

  it("refuses what the server refuses, naming the field in the page's language", () => {
    const { errors } = checkCustomAnswers(
      fields,
      { specialty: 'surgery', subspecialty: ['robotic', 'open', 'lap'] },
      null,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'answers.photo_ok',
      'answers.robotic_years',
      'answers.subspecialty',
    ]);
    expect(errors['answers.subspecialty']!('en')).toBe('Sub-specialty takes at most 2 choices');
    expect(errors['answers.robotic_years']!('en')).toBe('Years of robotic surgery is required');
    expect(errors['answers.robotic_years']!('zh-tw')).toBe('「機械人手術年資」：此欄位必填');
    // An empty zh-cn label falls back to zh-tw.
    expect(errors['answers.photo_ok']!('zh-cn')).toBe('「同意拍照」：请勾选同意');
    const phone = checkCustomAnswers(
      fields,
      { specialty: 'medicine', photo_ok: true, office_phone: { area_code: '853', phone: '123' } },
      null,
    );
    expect(phone.errors['answers.office_phone']!('en')).toBe(
      'Office phone is not a valid number for the area code',
    );
  });

  it('sends the answers of shown fields only, as the server stores them', () => {
    const { answers, errors } = checkCustomAnswers(
      fields,
      {
        specialty: 'medicine',
        subspecialty: ['robotic'],
        robotic_years: '7',
        college: 'HKCP',
        accompanied: false,
        companion: 'kept from before',
        office_phone: { area_code: '852', phone: '2345 6789' },
        photo_ok: true,
      },
      null,
    );
    expect(errors).toEqual({});
    expect(answers).toEqual({
      specialty: 'medicine',
      accompanied: false,
      office_phone: { area_code: '852', phone: '+85223456789' },
      photo_ok: true,
    });
    // A number typed as text is sent as a number; an area code alone is no phone answer.
    const typed = checkCustomAnswers(
      fields,
      {
        specialty: 'surgery',
        subspecialty: ['robotic'],
        robotic_years: ' 12 ',
        photo_ok: true,
        office_phone: { area_code: '853', phone: '' },
      },
      null,
    );
    expect(typed.answers).toEqual({
      specialty: 'surgery',
      subspecialty: ['robotic'],
      robotic_years: 12,
      photo_ok: true,
    });
  });

  it('lists the answer fields for the error summary, and reads inputs back from any stored value', () => {
    expect(answerLabels(fields).map(([name]) => name)).toEqual([
      'answers.specialty',
      'answers.subspecialty',
      'answers.robotic_years',
      'answers.college',
      'answers.accompanied',
      'answers.companion',
      'answers.office_phone',
      'answers.photo_ok',
    ]);
    const sub = fields.find((f) => f.key === 'subspecialty')!;
    expect(toggleChoice(sub, ['lap'], 'robotic', true)).toEqual(['robotic', 'lap']);
    expect(toggleChoice(sub, ['robotic', 'lap'], 'robotic', false)).toEqual(['lap']);
    expect(yesNoOf(true)).toBe('yes');
    expect(yesNoOf('yes')).toBe('');
    expect(phoneOf(undefined, '853')).toEqual({ area_code: '853', phone: '' });
    expect(phoneOf({ area_code: '852', phone: '2345' }, '853')).toEqual({ area_code: '852', phone: '2345' });
    expect(fileOf({ id: 'x', name: 'a.pdf', mime: 'application/pdf', size: 3 })).toMatchObject({
      name: 'a.pdf',
    });
    expect(fileOf('a.pdf')).toBeNull();
    expect(fileSize(300)).toBe('1 KB');
    expect(fileSize(820 * 1024)).toBe('820 KB');
    expect(fileSize(1.44 * 1024 * 1024)).toBe('1.4 MB');
  });
});
