import { formFields, type FormField } from '@meetflow/shared/forms/form-definition';
import { validateAnswers } from '@meetflow/shared/forms/form-engine';
import { DemoRandom } from './demo-random.ts';

/*
 * The congress's own fields (issue 42) and each guest's answers. The answers come from a random
 * source of their own, so adding them left every other demo value as it was.
 */

const tri = (zhTw: string, zhCn: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhCn, en });
const option = (value: string, zhTw: string, zhCn: string, en: string) => ({
  value,
  label: tri(zhTw, zhCn, en),
});

const SPECIALTIES = [
  option('cardiology', '心臟科', '心脏科', 'Cardiology'),
  option('internal', '內科', '内科', 'Internal medicine'),
  option('surgery', '外科', '外科', 'Surgery'),
  option('emergency', '急症科', '急诊科', 'Emergency medicine'),
  option('family', '家庭醫學', '家庭医学', 'Family medicine'),
];

export const DEMO_FORM: FormField[] = formFields.parse([
  { key: 'q1', type: 'heading', label: tri('專業資料', '专业资料', 'Professional details') },
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', '专科', 'Specialty'),
    required: true,
    options: SPECIALTIES,
    on_badge: true,
    personal: false,
  },
  {
    key: 'department',
    type: 'short_text',
    label: tri('部門', '部门', 'Department'),
    help: tri('例如：心臟科 B 組', '例如：心脏科 B 组', 'For example: Cardiology, team B'),
    max: 80,
  },
  {
    key: 'cath_lab',
    type: 'yes_no',
    label: tri('您是否在心導管室工作？', '您是否在心导管室工作？', 'Do you work in a catheterisation lab?'),
    required: true,
    show_if: { key: 'specialty', values: ['cardiology'] },
    personal: false,
  },
  {
    key: 'diet',
    type: 'choice',
    label: tri('膳食要求', '膳食要求', 'Dietary needs'),
    options: [
      option('none', '沒有', '没有', 'None'),
      option('vegetarian', '素食', '素食', 'Vegetarian'),
      option('halal', '清真', '清真', 'Halal'),
    ],
    ask_at_door: true,
  },
  {
    key: 'photos',
    type: 'consent',
    label: tri(
      '我同意大會拍攝及刊登包括我的照片',
      '我同意大会拍摄及刊登包括我的照片',
      'I agree to be photographed for the congress',
    ),
  },
]);

/** Answers from their own seeded source (by sign-up serial), checked by the engine as a sign-up is. */
export function demoAnswers(
  serial: number,
  profession: string | undefined,
  userTypeId: number | null,
): string {
  const random = new DemoRandom(7_919 * (serial + 1));
  const doctor = profession === 'doctor';
  const raw: Record<string, unknown> = {
    specialty: doctor ? random.pick(SPECIALTIES).value : random.pick(['internal', 'emergency', 'family']),
    department: random.chance(0.6) ? random.pick(['A', 'B', 'C']) : '',
    cath_lab: random.chance(0.4),
    diet: random.chance(0.7) ? random.pick(['none', 'none', 'vegetarian', 'halal']) : '',
    photos: random.chance(0.85),
  };
  if (raw.department) raw.department = `${random.pick(['病房', 'Ward', '門診'])} ${raw.department as string}`;
  const { answers, errors } = validateAnswers(DEMO_FORM, raw, { userTypeId });
  if (Object.keys(errors).length > 0) throw new Error(`demo answers refused: ${JSON.stringify(errors)}`);
  return JSON.stringify(answers);
}
