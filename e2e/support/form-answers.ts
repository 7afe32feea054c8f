import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Api } from './api.ts';
import { macaoPhone } from './public-meetings.ts';

/** A meeting's own fields for the answers' tests (issue 42), saved through the builder's API. */

const tri = (zhTw: string, zhCn: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhCn, en });

export const ANSWER_FORM = [
  { key: 'department', type: 'short_text', label: tri('部門', '部门', 'Department'), on_badge: true },
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', '专科', 'Specialty'),
    personal: false,
    options: [
      { value: 'surgery', label: tri('外科', '外科', 'Surgery') },
      { value: 'medicine', label: tri('內科', '内科', 'Medicine') },
    ],
  },
  { key: 'old_question', type: 'short_text', label: tri('舊問題', '旧问题', 'Old question') },
];

export async function saveAnswerForm(api: Api, meetingId: number, fields: unknown[] = ANSWER_FORM) {
  const current = await api.call<{ version: number }>('GET', `/meetings/${meetingId}/form`);
  await api.call('PUT', `/meetings/${meetingId}/form`, { fields, version: current.version });
}

/** Signs a general guest up with these answers: their guest token. */
export async function signUpWithAnswers(
  request: APIRequestContext,
  publicId: string,
  name: string,
  answers: Record<string, unknown>,
): Promise<string> {
  const response = await request.post(`/api/public/meetings/${publicId}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name,
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone: macaoPhone(),
      email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
      institution: 'Kiang Wu Hospital',
      job_title: 'Nurse',
      contact_name: 'Desk',
      contact_number: '28000000',
      contact_phone: '66999999',
      answers,
    },
  });
  const body = (await response.json()) as { code: number; message: string; data: { guest_token: string } };
  expect(body.code, body.message).toBe(0);
  return body.data.guest_token;
}
