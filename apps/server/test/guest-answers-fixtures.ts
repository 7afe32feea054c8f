import type { FormFieldInput } from '@meetflow/shared/forms/form-definition';
import { tri } from './form-fixtures.ts';

const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, zhTw, en) });

/**
 * A congress's own fields for the back office's tests: a choice, a multiple choice and yes/no to
 * filter on (the specialty not personal), a personal text and a non-personal one, a required field asked at the door, and one
 * (hotel, second) the tests retire: its answers then come after the live fields'.
 */
export function congressForm(options: { hotelRetired?: boolean } = {}): FormFieldInput[] {
  return [
    {
      key: 'specialty',
      type: 'choice',
      label: tri('專科', '专科', 'Specialty'),
      required: true,
      personal: false,
      options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
    },
    {
      key: 'hotel',
      type: 'yes_no',
      label: tri('需要酒店', '需要酒店', 'Hotel'),
      retired: options.hotelRetired ?? false,
    },
    {
      key: 'topics',
      type: 'multi_choice',
      label: tri('主題', '主题', 'Topics'),
      options: [
        option('ai', '人工智能', 'AI'),
        option('robotics', '機械人', 'Robotics'),
        option('ethics', '倫理', 'Ethics'),
      ],
    },
    { key: 'member', type: 'yes_no', label: tri('學會會員', '学会会员', 'Member'), required: true },
    { key: 'department', type: 'short_text', label: tri('部門', '部门', 'Department') },
    { key: 'remarks', type: 'long_text', label: tri('備註', '备注', 'Remarks'), personal: false },
    {
      key: 'diet',
      type: 'choice',
      label: tri('膳食', '膳食', 'Diet'),
      required: true,
      ask_at_door: true,
      options: [option('none', '沒有要求', 'No needs'), option('veg', '素食', 'Vegetarian')],
    },
  ];
}

/** The four guests' answers, by name: filters on them have one exact answer. */
export const CONGRESS_GUESTS = {
  Ann: {
    specialty: 'medicine',
    topics: ['ai', 'ethics'],
    member: true,
    department: 'Cardiology',
    remarks: 'Vegan',
    diet: 'none',
    hotel: true,
  },
  Ben: { specialty: 'surgery', topics: ['robotics'], member: false, diet: 'veg', hotel: false },
  Cat: { specialty: 'surgery', topics: ['ai'], member: true, diet: 'none' },
  Dan: { specialty: 'medicine', member: false, diet: 'veg' },
} as const;
