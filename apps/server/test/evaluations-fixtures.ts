import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { EvaluationBody } from '@meetflow/shared/schemas/evaluations';
import { localDayBounds } from '../src/lib/local-time.ts';
import { adminApi, type Api } from './guest-fixtures.ts';
import type { TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

/*
 * A meeting in Macao with two sessions, guests signed up through the API, a scan log written
 * directly (as certificates.test.ts does) and a certificate rule asking 60 minutes per session.
 */

export const ZONE = 'Asia/Macau';
export const DAY1 = '2027-03-01';
export const DAY2 = '2027-03-02';
/** An instant on Macao's clock, e.g. at(DAY1, '09:00'). */
export const at = (day: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return localDayBounds(day, ZONE).from + (h * 60 + m) * 60_000;
};

export interface EvaluationWorld {
  admin: Api;
  orgId: number;
  meeting: MeetingFixture;
  morning: number;
  evening: number;
  guests: { id: number; token: string; code: string }[];
  scans(
    guestId: number,
    list: [scope: number, type: 'in' | 'out', day: string, clock: string][],
  ): Promise<void>;
}

export async function evaluationWorld(ctx: TestContext, guestCount: number): Promise<EvaluationWorld> {
  const orgId = await createOrganization(ctx.db);
  const meeting = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule', name: '評估年會' });
  await ctx.db
    .updateTable('meetings')
    .set({ start_at: at(DAY1, '09:00'), end_at: at(DAY2, '17:00') })
    .where('id', '=', meeting.id)
    .execute();
  const morning = await createSchedule(ctx.db, meeting.id, 0, 'Morning lecture');
  const evening = await createSchedule(ctx.db, meeting.id, 0, 'Night symposium');
  const type = await createUserType(ctx.db, meeting.id, [morning, evening]);
  const guests: EvaluationWorld['guests'] = [];
  for (let n = 0; n < guestCount; n++) {
    const res = await signUp(ctx, meeting.publicId, dateScheduleBody(n, type, [morning, evening]), n);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const row = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('guest_code', '=', data.guest.guest_code)
      .executeTakeFirstOrThrow();
    guests.push({ id: row.id, token: data.guest_token, code: data.guest.guest_code });
  }
  const admin = adminApi(ctx, (await ctx.login()).access_token);
  const rule = await admin('PUT', `/api/meetings/${meeting.id}/certificate-settings`, {
    rule: { min_minutes: 60, session_min_minutes: 60 },
    template: { blocks: [] },
    guest_download: false,
  });
  expect(rule.statusCode, rule.body).toBe(200);
  const scans: EvaluationWorld['scans'] = async (guestId, list) => {
    await ctx.db
      .insertInto('check_ins')
      .values(
        list.map(([scope, type, day, clock]) => ({
          meeting_id: meeting.id,
          guest_id: guestId,
          scope_id: scope,
          type,
          station: 'Gate',
          operator_id: null,
          operator_name: null,
          nonce: randomUUID(),
          created_at: at(day, clock),
        })),
      )
      .execute();
  };
  return { admin, orgId, meeting, morning, evening, guests, scans };
}

const text = (value: string) => ({ 'zh-tw': value, 'zh-cn': value, en: value });
const points = ['1', '2', '3', '4', '5'].map((v) => ({ value: `p${v}`, label: text(v) }));

/** An evaluation with a rating, a free text and, unless `quiz` is false, one quiz question. */
export function evaluationBody(scopeId: number, overrides: Partial<EvaluationBody> = {}): EvaluationBody {
  const quiz = overrides.pass_mark !== null;
  return {
    scope_id: scopeId,
    title: text('Session evaluation'),
    anonymous: true,
    state: 'open',
    pass_mark: 50,
    fields: [
      { key: 'overall', type: 'rating', label: text('Overall'), options: points, required: true },
      { key: 'comment', type: 'long_text', label: text('Comments') },
      ...(quiz
        ? [
            {
              key: 'q1',
              type: 'choice' as const,
              label: text('Which dose?'),
              options: [
                { value: 'a', label: text('10 mg') },
                { value: 'b', label: text('20 mg') },
              ],
              correct: ['b'],
              required: true,
            },
          ]
        : []),
    ],
    version: 0,
    ...overrides,
  };
}

export function guestCall(
  ctx: TestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  lang = 'en',
) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-guest-token': token, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
}
