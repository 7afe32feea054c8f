import type { FormFieldInput } from '@meetflow/shared/forms/form-definition';
import type { TestContext } from './helpers.ts';
import { bearer } from './helpers.ts';

/** A text in the three languages. */
export const tri = (zhTw: string, zhCn: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhCn, en });

const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, zhTw, en) });

/**
 * A form with every field type and a chain of conditions: specialty → (surgery) sub-specialty
 * (multiple choice) → (robotic) years of robotic practice; accompanying person (yes/no) → their name.
 */
export function everyTypeForm(options: { userTypeId?: number } = {}): FormFieldInput[] {
  return [
    { key: 'intro', type: 'heading', label: tri('專業資料', '专业资料', 'Professional details') },
    { key: 'note', type: 'note', label: tri('請如實填寫', '请如实填写', 'Please answer truthfully') },
    {
      key: 'specialty',
      type: 'choice',
      label: tri('專科', '专科', 'Specialty'),
      required: true,
      options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
    },
    {
      key: 'subspecialty',
      type: 'multi_choice',
      label: tri('次專科', '次专科', 'Sub-specialty'),
      required: true,
      min: 1,
      max: 2,
      options: [
        option('robotic', '機械人', 'Robotic'),
        option('open', '開放式', 'Open'),
        option('lap', '腹腔鏡', 'Laparoscopic'),
      ],
      show_if: { key: 'specialty', values: ['surgery'] },
    },
    {
      key: 'robotic_years',
      type: 'number',
      label: tri('機械人手術年資', '机器人手术年资', 'Years of robotic surgery'),
      required: true,
      min: 0,
      max: 60,
      show_if: { key: 'subspecialty', values: ['robotic'] },
    },
    {
      key: 'department',
      type: 'short_text',
      label: tri('部門', '部门', 'Department'),
      min: 2,
      max: 40,
      on_badge: true,
    },
    { key: 'remarks', type: 'long_text', label: tri('備註', '备注', 'Remarks'), personal: false },
    { key: 'accompanied', type: 'yes_no', label: tri('有同行者', '有同行者', 'Accompanied'), required: true },
    {
      key: 'companion',
      type: 'short_text',
      label: tri('同行者姓名', '同行者姓名', 'Companion name'),
      required: true,
      show_if: { key: 'accompanied', values: ['yes'] },
    },
    { key: 'birthday', type: 'date', label: tri('出生日期', '出生日期', 'Date of birth') },
    { key: 'work_email', type: 'email', label: tri('工作電郵', '工作电邮', 'Work e-mail') },
    { key: 'office_phone', type: 'phone', label: tri('辦公室電話', '办公室电话', 'Office phone') },
    { key: 'membership', type: 'file', label: tri('會員證明', '会员证明', 'Proof of membership') },
    {
      key: 'diet',
      type: 'choice',
      label: tri('膳食', '膳食', 'Diet'),
      ask_at_door: true,
      options: [option('none', '沒有要求', 'No needs'), option('veg', '素食', 'Vegetarian')],
      ...(options.userTypeId ? { user_type_ids: [options.userTypeId] } : {}),
    },
    {
      key: 'photo_ok',
      type: 'consent',
      label: tri('同意拍照', '同意拍照', 'I agree to be photographed'),
      required: true,
    },
  ];
}

/** Answers that pass `everyTypeForm`: a surgeon doing robotic surgery, accompanied. */
export const everyTypeAnswers = {
  specialty: 'surgery',
  subspecialty: ['robotic'],
  robotic_years: 7,
  department: 'Surgery B',
  remarks: 'Arrives late',
  accompanied: true,
  companion: 'Chan Tai Man',
  birthday: '1980-02-29',
  work_email: 'dr@hospital.example',
  office_phone: { area_code: '852', phone: '2345 6789' },
  diet: 'veg',
  photo_ok: true,
};

/** A 12-field form like a congress asks (the sign-up bench and the concurrency test). */
export function twelveFieldForm(): FormFieldInput[] {
  return everyTypeForm()
    .filter((f) => !['intro', 'note', 'membership', 'birthday'].includes(f.key))
    .concat([{ key: 'hospital', type: 'short_text', label: tri('醫院', '医院', 'Hospital') }]);
}

/** Replaces the meeting's form through the builder's API; answers the response. */
export async function saveForm(
  ctx: TestContext,
  token: string,
  meetingId: number,
  fields: unknown[],
  version: number,
) {
  return await ctx.app.inject({
    method: 'PUT',
    url: `/api/meetings/${meetingId}/form`,
    headers: bearer(token),
    payload: { fields, version },
  });
}
