import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrolledGuestPage, SessionSummary } from '@meetflow/shared/schemas/schedule-detail';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  adminApi,
  readWorkbook,
  scan,
  sheetValues,
  signUpGuest,
  userWithRole,
  type Api,
} from './guest-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  type MeetingFixture,
} from './registration-fixtures.ts';

describe(`schedule detail (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let orgA: number;
  let orgB: number;
  let meeting: MeetingFixture;
  let morning: number;
  let afternoon: number;

  const summaries = async (api = admin) => {
    const res = await api('GET', `/api/meetings/${meeting.id}/schedule-detail`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SessionSummary[];
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgA = await createOrganization(ctx.db);
    orgB = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, orgA, { meeting_type: 'date_schedule' });
    morning = await createSchedule(ctx.db, meeting.id, 10, 'Morning');
    afternoon = await createSchedule(ctx.db, meeting.id, 0, 'Afternoon');
    const type = await createUserType(ctx.db, meeting.id, [morning, afternoon], 'Doctor');
    // Three guests in the morning (one also in the afternoon): 1 is inside, 2 came and left, 3 never came.
    const one = await signUpGuest(ctx, meeting.publicId, dateScheduleBody(1, type, [morning, afternoon]), 1);
    ctx.advance(1_000);
    const two = await signUpGuest(ctx, meeting.publicId, dateScheduleBody(2, type, [morning]), 2);
    ctx.advance(1_000);
    await signUpGuest(
      ctx,
      meeting.publicId,
      { ...dateScheduleBody(3, type, [morning]), name_zh: '=1+2', name_en: 'NA' },
      3,
    );
    await scan(admin, meeting.id, one, 'in', morning);
    ctx.advance(1_000);
    await scan(admin, meeting.id, two, 'in', morning);
    ctx.advance(ctx.config.scanRepeatWindowMs); // a new scan, not a repeat of the entry
    await scan(admin, meeting.id, two, 'out', morning);
    // A whole-meeting scan counts for no session.
    await scan(admin, meeting.id, one, 'in');
  });
  afterAll(() => ctx.close());

  it('answers each session with sign-ups against the limit, checked-in and inside counts', async () => {
    const sessions = await summaries();
    expect(sessions.map((s) => [s.name, s.signup_count, s.signup_limit, s.checked_in, s.inside])).toEqual([
      ['Morning', 3, 10, 2, 1],
      ['Afternoon', 1, 0, 0, 0],
    ]);
  });

  it('pages the enrolled guests of a session with their attendance for it, without contact data', async () => {
    const res = await admin('GET', `/api/schedules/${morning}/guests?page_size=2`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data as EnrolledGuestPage;
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.items.map((g) => [g.display_name, g.status, g.user_type_name])).toEqual([
      ['嘉賓1', 'checked_in', 'Doctor'],
      ['嘉賓2', 'left', 'Doctor'],
    ]);
    expect(page.items[1]!.last_out_at).toBeGreaterThan(page.items[1]!.last_in_at!);
    expect(res.body).not.toContain('example.com');
    expect(res.body).not.toContain('+853');
    const second = (await admin('GET', `/api/schedules/${morning}/guests?page_size=2&page=2`)).json()
      .data as EnrolledGuestPage;
    expect(second.items.map((g) => [g.display_name, g.status])).toEqual([['=1+2', 'not_checked_in']]);
    expect((await admin('GET', `/api/schedules/${morning}/guests?page_size=500`)).statusCode).toBe(400);
    expect((await admin('GET', '/api/schedules/999999/guests')).statusCode).toBe(404);
  });

  it('drops a deleted guest from the counts and lists', async () => {
    const other = await createMeeting(ctx.db, orgA, { meeting_type: 'date_schedule' });
    const session = await createSchedule(ctx.db, other.id, 0, 'Only');
    const type = await createUserType(ctx.db, other.id, [session]);
    const code = await signUpGuest(ctx, other.publicId, dateScheduleBody(50, type, [session]), 50);
    await scan(admin, other.id, code, 'in', session);
    const before = (await admin('GET', `/api/meetings/${other.id}/schedule-detail`)).json().data;
    expect(before[0]).toMatchObject({ signup_count: 1, checked_in: 1, inside: 1 });
    const guests = (await admin('GET', `/api/schedules/${session}/guests`)).json().data as EnrolledGuestPage;
    expect((await admin('DELETE', `/api/guests/${guests.items[0]!.guest_id}`)).statusCode).toBe(200);
    const after = (await admin('GET', `/api/meetings/${other.id}/schedule-detail`)).json().data;
    expect(after[0]).toMatchObject({ signup_count: 0, checked_in: 0, inside: 0 });
    expect((await admin('GET', `/api/schedules/${session}/guests`)).json().data.total).toBe(0);
  });

  it('exports the sessions and their guests with headers in the request language', async () => {
    const res = await admin('GET', `/api/meetings/${meeting.id}/schedule-detail/export`, undefined, 'zh-tw');
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(
      /^測試會議-日程明細-\d{8}-\d{4}\.xlsx$/,
    );
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['日程', '報名嘉賓']);
    const sessions = sheetValues(workbook.worksheets[0]!);
    expect(sessions[0]).toEqual(['日程', '日期', '時段', '已報名', '上限（0 為不限）', '已簽到', '場內']);
    // No time slot: an empty cell.
    expect(sessions.slice(1)).toEqual([
      ['Morning', '2027-01-10', undefined, 3, 10, 2, 1],
      ['Afternoon', '2027-01-10', undefined, 1, 0, 0, 0],
    ]);
    const guests = sheetValues(workbook.worksheets[1]!);
    expect(guests[0]!.slice(0, 6)).toEqual(['日程', '日期', '時段', '嘉賓', '報名類型', '出席狀態']);
    expect(guests.slice(1).map((r) => [r[0], r[3], r[5]])).toEqual([
      ['Morning', '嘉賓1', '已簽到'],
      ['Morning', '嘉賓2', '已離場'],
      ['Morning', "'=1+2", '未簽到'],
      ['Afternoon', '嘉賓1', '未簽到'],
    ]);
    const formula = workbook.worksheets[1]!.getRow(4).getCell(4);
    expect(formula.formula).toBeUndefined();
    expect(guests[1]![7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const log = await ctx.db
      .selectFrom('system_logs')
      .select('content')
      .where('action_type', '=', 'export')
      .execute();
    expect(log.map((l) => l.content)).toContain(
      `Exported the schedule detail of meeting #${meeting.id} (測試會議): 6 rows`,
    );
  });

  it('keeps other organisations out (404) and door staff out (403)', async () => {
    const outsider = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgB));
    const door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', orgA));
    const urls = [
      `/api/meetings/${meeting.id}/schedule-detail`,
      `/api/schedules/${morning}/guests`,
      `/api/meetings/${meeting.id}/schedule-detail/export`,
    ];
    for (const url of urls) {
      expect((await outsider('GET', url)).statusCode, url).toBe(404);
      expect((await door('GET', url)).statusCode, url).toBe(403);
    }
    const insider = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgA));
    expect((await summaries(insider)).length).toBe(2);
  });
});
