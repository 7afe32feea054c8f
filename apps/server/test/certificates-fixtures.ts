import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CertificatePage } from '@meetflow/shared/schemas/certificates';
import { localDayBounds } from '../src/lib/local-time.ts';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

export const ZONE = 'Asia/Macau';
export const DAY1 = '2027-03-01';
export const DAY2 = '2027-03-02';
/** An instant on Macao's clock, e.g. at(DAY1, '09:00'). */
export const at = (day: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return localDayBounds(day, ZONE).from + (h * 60 + m) * 60_000;
};

/** The certificate settings the files save: two hours over every day, credits per session, a CJK template. */
export function settingsBody(morning: number, afternoon: number) {
  return {
    rule: {
      min_minutes: 120,
      every_day: true,
      session_min_minutes: 60,
      meeting_credits: 2,
      session_credits: [
        { schedule_id: morning, credits: 1.5 },
        { schedule_id: afternoon, credits: 2 },
      ],
    },
    template: {
      language: 'zh-tw',
      blocks: [
        { text: '出席證明書', x: 50, y: 10, size: 30, bold: true },
        { text: '{name} {name_en}', x: 50, y: 30, size: 24 },
        { text: '學分 Credits {credits}｜{hours}｜{sessions}', x: 50, y: 50, size: 14 },
        { text: '驗證碼 {code} {verify_url}', x: 10, y: 85, size: 9, align: 'left', width: 85 },
      ],
    },
    guest_download: true,
  };
}

export interface CertificatesWorld {
  ctx: TestContext;
  admin: Api;
  meeting: MeetingFixture;
  morning: number;
  afternoon: number;
  otherMeetingSession: number;
  orgId: number;
  guests: { id: number; token: string; code: string }[];
  /** An admin request's data, once its status is checked. */
  json: <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: object, status?: number) => Promise<T>;
  rowOf: (page: CertificatePage, guestId: number) => CertificatePage['items'][number];
}

/**
 * The certificates files' world (call inside a describe; filled before its tests): a two-day
 * date-schedule meeting in Macao with two overlapping sessions and one in another meeting, four
 * guests signed up and their constructed scan log (a day boundary, overlapping sessions, a missing
 * exit), the clock on the evening of day two.
 */
export function certificatesWorld(): CertificatesWorld {
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let morning: number;
  let afternoon: number;
  let otherMeetingSession: number;
  let orgId: number;
  const guests: CertificatesWorld['guests'] = [];
  const scans = (guestId: number, list: [scope: number, type: 'in' | 'out', day: string, clock: string][]) =>
    ctx.db
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
  const world: CertificatesWorld = {
    guests,
    json: async <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: object, status = 200): Promise<T> => {
      const res = await world.admin(method, url, body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().data as T;
    },
    rowOf: (page, guestId) => page.items.find((r) => r.guest_id === guestId)!,
  } as CertificatesWorld;

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgId = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule', name: '澳門醫學年會' });
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: at(DAY1, '09:00'), end_at: at(DAY2, '17:00'), name_en: 'Macao Medical Congress' })
      .where('id', '=', meeting.id)
      .execute();
    morning = await createSchedule(ctx.db, meeting.id, 0, 'Morning lecture');
    afternoon = await createSchedule(ctx.db, meeting.id, 0, 'Afternoon workshop');
    const other = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule' });
    otherMeetingSession = await createSchedule(ctx.db, other.id, 0, 'Elsewhere');
    const type = await createUserType(ctx.db, meeting.id, [morning, afternoon]);
    const names = [
      ['陳大文', 'Chan Tai Man'],
      ['劉曉議', 'Lau Hiu Yi'], // 議 in a traditional name, 议 below in a simplified one
      ['李四', 'Li Si'],
      ['王五', 'Wong Ng'],
    ];
    for (const [n, [zh, en]] of names.entries()) {
      const res = await signUp(
        ctx,
        meeting.publicId,
        { ...dateScheduleBody(n, type, [morning, afternoon]), name_zh: zh, name_en: en },
        n,
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const row = await ctx.db
        .selectFrom('guests')
        .select('id')
        .where('guest_code', '=', data.guest.guest_code)
        .executeTakeFirstOrThrow();
      guests.push({ id: row.id, token: data.guest_token, code: data.guest.guest_code });
    }
    // Guest 0: both days in the hall, both sessions (they overlap), and day one's exit never scanned.
    await scans(guests[0]!.id, [
      [0, 'in', DAY1, '09:00'],
      [morning, 'in', DAY1, '09:30'],
      [afternoon, 'in', DAY1, '10:00'], // overlaps the morning lecture: counted once in the total
      [morning, 'out', DAY1, '11:00'],
      [afternoon, 'out', DAY1, '12:00'],
      [0, 'in', DAY2, '09:00'], // day one's hall entry had no exit: it closed at midnight
      [0, 'out', DAY2, '10:00'],
    ]);
    // Guest 1: only the morning lecture, 90 minutes, day one only.
    await scans(guests[1]!.id, [
      [morning, 'in', DAY1, '09:30'],
      [morning, 'out', DAY1, '11:00'],
    ]);
    // Guest 2: a 23:00 entry that runs past midnight without an exit: one hour, not a day.
    await scans(guests[2]!.id, [
      [0, 'in', DAY1, '23:00'],
      [0, 'in', DAY2, '09:00'],
      [0, 'out', DAY2, '09:30'],
    ]);
    // Guest 3 never came. The certificates are read on the evening of day two.
    ctx.advance(at(DAY2, '20:00') - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    Object.assign(world, { ctx, admin, meeting, morning, afternoon, otherMeetingSession, orgId });
  });
  afterAll(() => ctx.close());
  return world;
}
