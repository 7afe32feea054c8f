import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Api } from './api.ts';
import { macaoPhone } from './public-meetings.ts';

/**
 * Evaluations (issue 43) set up through the API: guests who came (signed up, scanned in at the
 * door, so they meet the meeting's presence rule) and their answers through the guest's own route.
 */

const text = (zh: string, en: string) => ({ 'zh-tw': zh, 'zh-cn': zh, en });

/** A general meeting's guest signed up through the public form: the guest code and the guest token. */
export async function signUpWithToken(request: APIRequestContext, publicId: string, name: string) {
  const response = await request.post(`/api/public/meetings/${publicId}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name,
      gender: 'male',
      local_guest: true,
      area_code: '853',
      phone: macaoPhone(),
      email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
      institution: 'Conde S. Januário Hospital',
      job_title: 'Doctor',
      contact_name: 'Desk',
      contact_number: '28000000',
      contact_phone: '66999999',
    },
  });
  const body = (await response.json()) as {
    code: number;
    message: string;
    data: { guest_token: string; guest: { guest_code: string } };
  };
  expect(body.code, body.message).toBe(0);
  return { code: body.data.guest.guest_code, token: body.data.guest_token };
}

/** The guest scanned in at the meeting's door: present, as the certificate's rule counts it. */
export async function scanIn(api: Api, meetingId: number, guestCode: string) {
  await api.call('POST', '/attendance/scans', {
    meeting_id: meetingId,
    schedule_id: null,
    guest_code: guestCode,
    direction: 'in',
    station: 'Gate A',
    nonce: randomUUID(),
  });
}

/** An open evaluation of the whole meeting: a five-point rating, a quiz choice (b right), a comment. */
export async function createOpenEvaluation(api: Api, meetingId: number) {
  const base = {
    help: text('', ''),
    required: true,
    min: null,
    max: null,
    user_type_ids: [],
    show_if: null,
    ask_at_door: false,
    on_badge: false,
    personal: false,
    retired: false,
  };
  const scale = ['很差', '差', '一般', '好', '很好'].map((zh, i) => ({
    value: `o${i + 1}`,
    label: text(zh, ['Very poor', 'Poor', 'Fair', 'Good', 'Very good'][i]!),
  }));
  return api.call<{ id: number }>('POST', `/meetings/${meetingId}/evaluations`, {
    scope_id: 0,
    title: { 'zh-tw': '年會課後評估', 'zh-cn': '年会课后评估', en: 'Congress evaluation' },
    anonymous: true,
    pass_mark: 100,
    state: 'open',
    version: 0,
    fields: [
      {
        ...base,
        key: 'q1',
        type: 'rating',
        label: text('整體評價', 'Overall rating'),
        options: scale,
        correct: [],
      },
      {
        ...base,
        key: 'q2',
        type: 'choice',
        label: text('糖尿病首選藥物？', 'First-line drug for diabetes?'),
        options: [
          { value: 'o1', label: text('胰島素', 'Insulin') },
          { value: 'o2', label: text('二甲雙胍', 'Metformin') },
        ],
        correct: ['o2'],
      },
      {
        ...base,
        key: 'q3',
        type: 'long_text',
        required: false,
        label: text('意見', 'Comments'),
        options: [],
        correct: [],
      },
    ],
  });
}

/** Answers evaluation `id` as the guest whose token this is. */
export async function answerEvaluation(
  request: APIRequestContext,
  token: string,
  id: number,
  answers: Record<string, unknown>,
) {
  const response = await request.post(`/api/public/evaluations/${id}/answers`, {
    headers: { 'x-guest-token': token },
    data: { answers },
  });
  const body = (await response.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(0);
}
