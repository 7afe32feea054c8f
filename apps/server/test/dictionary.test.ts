import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { Migrator } from 'kysely/migration';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest, migrations } from '../src/db/migrate.ts';
import { hashPassword } from '../src/core/password.ts';
import { bearer, createTestContext, freshDatabase, TEST_DB, type TestContext } from './helpers.ts';
import { dateScheduleBody, signUp } from './registration-fixtures.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const LANGS = ['zh-tw', 'zh-cn', 'en'] as const;
const PASSWORD = 'Secret-pass-1';

// Meeting dates are local days of the server (see dictionary-context.ts localDate).
const DEC_1_0900 = new Date(2026, 11, 1, 9, 0).getTime();
const DEC_3_1800 = new Date(2026, 11, 3, 18, 0).getTime();

describe(`data dictionary (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let passwordHash: string;
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await ctx.login()).access_token;
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: Method, url: string, payload?: unknown, lang = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function insertOrganization(name: string, parentId: number | null = null): Promise<number> {
    const now = Date.now();
    const row = await ctx.db
      .insertInto('organizations')
      .values({ name: `${name}-${++seq}`, parent_id: parentId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertMeeting(
    organizationId: number,
    options: { start?: number; end?: number; deleted?: boolean } = {},
  ): Promise<number> {
    const now = Date.now();
    const row = await ctx.db
      .insertInto('meetings')
      .values({
        public_id: `pub${++seq}x${Math.random().toString(36).slice(2, 10)}`,
        organization_id: organizationId,
        name: `會議 ${seq}`,
        name_cn: `会议 ${seq}`,
        name_en: `Meeting ${seq}`,
        start_at: options.start ?? DEC_1_0900,
        end_at: options.end ?? DEC_3_1800,
        created_at: now,
        updated_at: now,
        deleted_at: options.deleted ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function loginAs(roleCode: string, organizationId: number | null): Promise<string> {
    const role = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', roleCode)
      .executeTakeFirstOrThrow();
    const account = `${roleCode}_${++seq}`;
    const now = Date.now();
    await ctx.db
      .insertInto('users')
      .values({
        account,
        name: account,
        email: null,
        language: null,
        password_hash: passwordHash,
        role_id: role.id,
        organization_id: organizationId,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return (await ctx.login({ account, password: PASSWORD })).access_token;
  }

  const scheduleBody = (overrides: Record<string, unknown> = {}) => ({
    name: '開幕式',
    name_cn: '开幕式',
    name_en: 'Opening',
    signup_limit: 0,
    date: '2026-12-01',
    ...overrides,
  });

  async function createSchedule(meetingId: number, overrides: Record<string, unknown> = {}) {
    const res = await call(admin, 'POST', `/api/meetings/${meetingId}/schedules`, scheduleBody(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; signup_limit: number; meeting_time: unknown };
  }

  async function createUserType(meetingId: number, scheduleIds: number[]) {
    const res = await call(admin, 'POST', `/api/meetings/${meetingId}/user-types`, {
      name: '醫生',
      name_cn: '医生',
      name_en: 'Doctor',
      schedule_ids: scheduleIds,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; schedule_ids: number[] };
  }

  async function logCount(): Promise<number> {
    const row = await ctx.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action_type', 'in', ['create', 'update', 'delete'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function fieldsIn(method: Method, url: string, payload: unknown) {
    const result: Record<string, Record<string, string>> = {};
    for (const lang of LANGS) {
      const res = await call(admin, method, url, payload, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
      result[lang] = res.json().data.fields;
    }
    return result;
  }

  describe('meeting times', () => {
    it('creates, lists, updates and deletes, writing a log entry for each change', async () => {
      const before = await logCount();
      const created = await call(admin, 'POST', '/api/meeting-times', {
        start_time: '09:00',
        end_time: '10:30',
        remark: '上午',
        remark_en: 'Morning',
      });
      expect(created.statusCode, created.body).toBe(200);
      const time = created.json().data;
      expect(time).toMatchObject({ start_time: '09:00', end_time: '10:30', remark: '上午', remark_cn: '' });

      const list = await call(admin, 'GET', '/api/meeting-times');
      expect(list.json().data.map((t: { id: number }) => t.id)).toContain(time.id);

      const updated = await call(admin, 'PUT', `/api/meeting-times/${time.id}`, {
        start_time: '09:30',
        end_time: '11:00',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ id: time.id, start_time: '09:30', remark: '' });

      const deleted = await call(admin, 'DELETE', `/api/meeting-times/${time.id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await call(admin, 'DELETE', `/api/meeting-times/${time.id}`)).statusCode).toBe(404);
      expect(
        (
          await call(admin, 'PUT', `/api/meeting-times/${time.id}`, {
            start_time: '01:00',
            end_time: '02:00',
          })
        ).statusCode,
      ).toBe(404);
      expect(await logCount()).toBe(before + 3);
      const entries = await ctx.db
        .selectFrom('system_logs')
        .select(['action_type', 'source_type', 'username', 'content'])
        .where('content', 'like', `%meeting time #${time.id} %`)
        .orderBy('id')
        .execute();
      expect(entries.map((e) => [e.action_type, e.source_type, e.username])).toEqual([
        ['create', 'admin', 'admin'],
        ['update', 'admin', 'admin'],
        ['delete', 'admin', 'admin'],
      ]);
    });

    it('requires start and end in HH:mm with the start first, in each language', async () => {
      const missing = await fieldsIn('POST', '/api/meeting-times', {});
      expect(missing.en).toEqual({
        start_time: 'Please select the start time',
        end_time: 'Please select the end time',
      });
      expect(missing['zh-tw']!.start_time).toBe('請選擇開始時間');
      expect(missing['zh-cn']!.end_time).toBe('请选择结束时间');

      const badFormat = await fieldsIn('POST', '/api/meeting-times', {
        start_time: '9:00',
        end_time: '24:00',
      });
      expect(badFormat.en).toEqual({ start_time: 'Use the HH:mm format', end_time: 'Use the HH:mm format' });

      const reversed = await fieldsIn('POST', '/api/meeting-times', {
        start_time: '11:00',
        end_time: '10:00',
      });
      expect(reversed.en).toEqual({ end_time: 'The end time must be after the start time' });
      expect(reversed['zh-tw']).toEqual({ end_time: '結束時間必須晚於開始時間' });
      expect(reversed['zh-cn']).toEqual({ end_time: '结束时间必须晚于开始时间' });

      const unknown = await fieldsIn('POST', '/api/meeting-times', {
        start_time: '10:00',
        end_time: '11:00',
        x: 1,
      });
      expect(unknown.en).toEqual({ x: 'Unknown field' });
    });

    it('refuses to delete a time slot while a session uses it', async () => {
      const time = (
        await call(admin, 'POST', '/api/meeting-times', { start_time: '14:00', end_time: '15:00' })
      ).json().data;
      const meeting = await insertMeeting(await insertOrganization('org'));
      const session = await createSchedule(meeting, { meeting_time_id: time.id });
      for (const lang of LANGS) {
        const res = await call(admin, 'DELETE', `/api/meeting-times/${time.id}`, undefined, lang);
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe(ERRORS.MEETING_TIME_IN_USE.code);
        expect(res.json().message).toBe(ERRORS.MEETING_TIME_IN_USE.message[lang]);
      }
      await call(admin, 'PUT', `/api/schedules/${session.id}`, scheduleBody({ meeting_time_id: null }));
      expect((await call(admin, 'DELETE', `/api/meeting-times/${time.id}`)).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('creates sessions with their time slot, accepts limit 0 (unlimited) and lists them by day and time', async () => {
      const meeting = await insertMeeting(await insertOrganization('org'));
      const late = (
        await call(admin, 'POST', '/api/meeting-times', { start_time: '16:00', end_time: '17:00' })
      ).json().data;
      const early = (
        await call(admin, 'POST', '/api/meeting-times', { start_time: '08:00', end_time: '09:00' })
      ).json().data;
      const before = await logCount();
      const a = await createSchedule(meeting, { date: '2026-12-03', name_en: 'Closing' });
      const b = await createSchedule(meeting, {
        date: '2026-12-01',
        meeting_time_id: late.id,
        signup_limit: 50,
      });
      const c = await createSchedule(meeting, { date: '2026-12-01', meeting_time_id: early.id });
      expect(await logCount()).toBe(before + 3);
      expect(a.signup_limit).toBe(0);
      expect(b.meeting_time).toMatchObject({ id: late.id, start_time: '16:00' });

      const list = await call(admin, 'GET', `/api/meetings/${meeting}/schedules`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((s: { id: number }) => s.id)).toEqual([c.id, b.id, a.id]);
      expect(list.json().data[0]).toMatchObject({
        meeting_id: meeting,
        name: '開幕式',
        name_cn: '开幕式',
        signup_count: 0,
        date: '2026-12-01',
        meeting_time: { start_time: '08:00', end_time: '09:00' },
      });

      const updated = await call(
        admin,
        'PUT',
        `/api/schedules/${a.id}`,
        scheduleBody({ name: '閉幕式', date: '2026-12-02', signup_limit: 10 }),
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({
        id: a.id,
        name: '閉幕式',
        date: '2026-12-02',
        signup_limit: 10,
      });
      expect(await logCount()).toBe(before + 4);
    });

    it('requires the three names, the sign-up limit and the date, with the spec messages in each language', async () => {
      const meeting = await insertMeeting(await insertOrganization('org'));
      const url = `/api/meetings/${meeting}/schedules`;
      const missing = await fieldsIn('POST', url, {});
      expect(missing.en).toEqual({
        name: 'Please enter the schedule name',
        name_cn: 'Please enter the schedule name',
        name_en: 'Please enter the schedule name',
        signup_limit: 'Please enter signup limit count',
        date: 'Please select the date',
      });
      expect(missing['zh-tw']).toMatchObject({
        name: '請輸入日程名稱',
        signup_limit: '請輸入報名人數上限',
        date: '請選擇日期',
      });
      expect(missing['zh-cn']).toMatchObject({
        name_en: '请输入日程名称',
        signup_limit: '请输入报名人数上限',
        date: '请选择日期',
      });

      const blank = await fieldsIn(
        'POST',
        url,
        scheduleBody({ name: '  ', name_en: '', signup_limit: null, date: '' }),
      );
      expect(blank.en).toEqual({
        name: 'Please enter the schedule name',
        name_en: 'Please enter the schedule name',
        signup_limit: 'Please enter signup limit count',
        date: 'Please select the date',
      });

      const negative = await fieldsIn('POST', url, scheduleBody({ signup_limit: -1 }));
      expect(negative.en).toEqual({ signup_limit: 'Must be at least 0' });
      expect(negative['zh-tw']).toEqual({ signup_limit: '不能小於 0' });
      const fraction = await fieldsIn('POST', url, scheduleBody({ signup_limit: 1.5 }));
      expect(Object.keys(fraction.en!)).toEqual(['signup_limit']);
      const badDate = await fieldsIn('POST', url, scheduleBody({ date: '2026-02-30' }));
      expect(badDate.en).toEqual({ date: 'Invalid format' });
    });

    it("keeps the date within the meeting's days and the time slot among the meeting times", async () => {
      const meeting = await insertMeeting(await insertOrganization('org'));
      const url = `/api/meetings/${meeting}/schedules`;
      for (const date of ['2026-11-30', '2026-12-04']) {
        const fields = await fieldsIn('POST', url, scheduleBody({ date }));
        expect(fields.en).toEqual({ date: "The date must be within the meeting's dates" });
        expect(fields['zh-tw']).toEqual({ date: '日期必須在會議日期之內' });
        expect(fields['zh-cn']).toEqual({ date: '日期必须在会议日期之内' });
      }
      // Both edge days count, whatever the hour the meeting starts or ends.
      await createSchedule(meeting, { date: '2026-12-01' });
      const last = await createSchedule(meeting, { date: '2026-12-03' });
      const moved = await fieldsIn('PUT', `/api/schedules/${last.id}`, scheduleBody({ date: '2027-01-01' }));
      expect(moved.en).toEqual({ date: "The date must be within the meeting's dates" });

      const noSuchTime = await fieldsIn('POST', url, scheduleBody({ meeting_time_id: 999_999 }));
      expect(noSuchTime.en).toEqual({ meeting_time_id: 'This time slot does not exist' });
      expect(noSuchTime['zh-tw']).toEqual({ meeting_time_id: '此時段不存在' });
    });

    it('never lowers the limit below the sign-ups taken, and keeps sessions with sign-ups', async () => {
      const meeting = await insertMeeting(await insertOrganization('org'));
      const session = await createSchedule(meeting, { signup_limit: 10 });
      await ctx.db.updateTable('schedules').set({ signup_count: 5 }).where('id', '=', session.id).execute();

      const below = await call(
        admin,
        'PUT',
        `/api/schedules/${session.id}`,
        scheduleBody({ signup_limit: 4 }),
      );
      expect(below.statusCode).toBe(409);
      expect(below.json()).toMatchObject({
        code: ERRORS.SIGNUP_LIMIT_BELOW_COUNT.code,
        data: { fields: { signup_limit: 'Cannot be lower than the number of sign-ups already taken' } },
      });
      for (const limit of [5, 0]) {
        const res = await call(
          admin,
          'PUT',
          `/api/schedules/${session.id}`,
          scheduleBody({ signup_limit: limit }),
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toMatchObject({ signup_limit: limit, signup_count: 5 });
      }

      const del = await call(admin, 'DELETE', `/api/schedules/${session.id}`, undefined, 'zh-tw');
      expect(del.statusCode).toBe(409);
      expect(del.json()).toMatchObject({
        code: ERRORS.SCHEDULE_HAS_SIGNUPS.code,
        message: '此日程已有報名，無法刪除',
      });

      await ctx.db.updateTable('schedules').set({ signup_count: 0 }).where('id', '=', session.id).execute();
      const before = await logCount();
      expect((await call(admin, 'DELETE', `/api/schedules/${session.id}`)).statusCode).toBe(200);
      expect(await logCount()).toBe(before + 1);
      expect((await call(admin, 'DELETE', `/api/schedules/${session.id}`)).statusCode).toBe(404);
      expect((await call(admin, 'PUT', `/api/schedules/${session.id}`, scheduleBody())).statusCode).toBe(404);
    });

    it('answers 404 for a missing or soft-deleted meeting', async () => {
      const org = await insertOrganization('org');
      const gone = await insertMeeting(org, { deleted: true });
      const live = await insertMeeting(org);
      const session = await createSchedule(live);
      await ctx.db.updateTable('meetings').set({ deleted_at: Date.now() }).where('id', '=', live).execute();
      for (const [method, url, payload] of [
        ['GET', `/api/meetings/${gone}/schedules`, undefined],
        ['POST', `/api/meetings/${gone}/schedules`, scheduleBody()],
        ['GET', `/api/meetings/999999/schedules`, undefined],
        ['PUT', `/api/schedules/${session.id}`, scheduleBody()],
        ['DELETE', `/api/schedules/${session.id}`, undefined],
        ['GET', `/api/meetings/${live}/user-types`, undefined],
        ['GET', `/api/meetings/${live}/schedule-map`, undefined],
      ] as const) {
        const res = await call(admin, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe(ERRORS.NOT_FOUND.code);
      }
    });
  });

  describe('user types and the guest–schedule map', () => {
    it('creates, lists, updates and deletes user types with their sessions', async () => {
      const meeting = await insertMeeting(await insertOrganization('org'));
      const s1 = await createSchedule(meeting);
      const s2 = await createSchedule(meeting, { date: '2026-12-02' });
      const before = await logCount();
      const type = await createUserType(meeting, [s2.id, s1.id, s2.id]);
      expect(type.schedule_ids).toEqual([s1.id, s2.id].sort((a, b) => a - b));

      const list = await call(admin, 'GET', `/api/meetings/${meeting}/user-types`);
      expect(list.json().data).toEqual([
        expect.objectContaining({
          id: type.id,
          name: '醫生',
          name_en: 'Doctor',
          schedule_ids: type.schedule_ids,
        }),
      ]);

      const updated = await call(admin, 'PUT', `/api/user-types/${type.id}`, {
        name: '護士',
        name_cn: '护士',
        name_en: 'Nurse',
        schedule_ids: [s2.id],
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ name_en: 'Nurse', schedule_ids: [s2.id] });
      const stored = await ctx.db
        .selectFrom('user_type_schedules')
        .select('schedule_id')
        .where('user_type_id', '=', type.id)
        .execute();
      expect(stored).toEqual([{ schedule_id: s2.id }]);

      expect((await call(admin, 'DELETE', `/api/user-types/${type.id}`)).statusCode).toBe(200);
      expect((await call(admin, 'GET', `/api/meetings/${meeting}/user-types`)).json().data).toEqual([]);
      expect((await call(admin, 'DELETE', `/api/user-types/${type.id}`)).statusCode).toBe(404);
      expect(await logCount()).toBe(before + 3);
    });

    it('requires the three names and at least one session ("Please check schedule")', async () => {
      const meeting = await insertMeeting(await insertOrganization('org'));
      const url = `/api/meetings/${meeting}/user-types`;
      const missing = await fieldsIn('POST', url, {});
      expect(missing.en).toEqual({
        name: 'Please enter the user type name',
        name_cn: 'Please enter the user type name',
        name_en: 'Please enter the user type name',
        schedule_ids: 'Please check schedule',
      });
      expect(missing['zh-tw']).toMatchObject({ name: '請輸入使用者類型名稱', schedule_ids: '請勾選日程' });
      expect(missing['zh-cn']).toMatchObject({ name_cn: '请输入用户类型名称', schedule_ids: '请勾选日程' });
      const none = await fieldsIn('POST', url, { name: 'a', name_cn: 'b', name_en: 'c', schedule_ids: [] });
      expect(none.en).toEqual({ schedule_ids: 'Please check schedule' });
      expect(none['zh-tw']).toEqual({ schedule_ids: '請勾選日程' });
    });

    it("refuses a session of another meeting, and deleting a user type's only session", async () => {
      const org = await insertOrganization('org');
      const meeting = await insertMeeting(org);
      const other = await insertMeeting(org);
      const own = await createSchedule(meeting);
      const foreign = await createSchedule(other);
      const body = { name: 'a', name_cn: 'b', name_en: 'c', schedule_ids: [own.id, foreign.id] };
      const fields = await fieldsIn('POST', `/api/meetings/${meeting}/user-types`, body);
      expect(fields.en).toEqual({ schedule_ids: 'The selected session does not belong to this meeting' });
      expect(fields['zh-tw']).toEqual({ schedule_ids: '所選日程不屬於此會議' });
      expect(
        await ctx.db.selectFrom('user_types').select('id').where('meeting_id', '=', meeting).execute(),
      ).toEqual([]);

      const type = await createUserType(meeting, [own.id]);
      const update = await fieldsIn('PUT', `/api/user-types/${type.id}`, {
        ...body,
        schedule_ids: [foreign.id],
      });
      expect(update.en).toEqual({ schedule_ids: 'The selected session does not belong to this meeting' });

      const del = await call(admin, 'DELETE', `/api/schedules/${own.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().code).toBe(ERRORS.SCHEDULE_ONLY_OF_USER_TYPE.code);
      const second = await createSchedule(meeting, { date: '2026-12-02' });
      await call(admin, 'PUT', `/api/user-types/${type.id}`, { ...body, schedule_ids: [own.id, second.id] });
      expect((await call(admin, 'DELETE', `/api/schedules/${own.id}`)).statusCode).toBe(200);
      const after = (await call(admin, 'GET', `/api/meetings/${meeting}/user-types`)).json().data;
      expect(after[0].schedule_ids).toEqual([second.id]);
    });

    it('reads and replaces the guest–schedule map in one transaction', async () => {
      const org = await insertOrganization('org');
      const meeting = await insertMeeting(org);
      const time = (
        await call(admin, 'POST', '/api/meeting-times', { start_time: '10:00', end_time: '12:00' })
      ).json().data;
      const s1 = await createSchedule(meeting, { meeting_time_id: time.id });
      const s2 = await createSchedule(meeting, { date: '2026-12-02' });
      const doctor = await createUserType(meeting, [s1.id]);
      const nurse = await createUserType(meeting, [s1.id]);

      const map = await call(admin, 'GET', `/api/meetings/${meeting}/schedule-map`);
      expect(map.statusCode).toBe(200);
      expect(map.json().data.schedules.map((s: { id: number }) => s.id)).toEqual([s1.id, s2.id]);
      expect(map.json().data.schedules[0].meeting_time).toMatchObject({ start_time: '10:00' });
      expect(map.json().data.user_types.map((t: { schedule_ids: number[] }) => t.schedule_ids)).toEqual([
        [s1.id],
        [s1.id],
      ]);

      const before = await logCount();
      const put = await call(admin, 'PUT', `/api/meetings/${meeting}/schedule-map`, {
        user_types: [
          { id: doctor.id, schedule_ids: [s1.id, s2.id] },
          { id: nurse.id, schedule_ids: [s2.id] },
        ],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data.user_types.map((t: { schedule_ids: number[] }) => t.schedule_ids)).toEqual([
        [s1.id, s2.id],
        [s2.id],
      ]);
      expect(await logCount()).toBe(before + 1);

      // One bad entry leaves every set as it was.
      const otherMeeting = await insertMeeting(org);
      const foreignSession = await createSchedule(otherMeeting);
      const foreignType = await createUserType(otherMeeting, [foreignSession.id]);
      const cases: [unknown, Record<string, string>][] = [
        [
          {
            user_types: [
              { id: doctor.id, schedule_ids: [s1.id] },
              { id: nurse.id, schedule_ids: [] },
            ],
          },
          { 'user_types.1.schedule_ids': 'Please check schedule' },
        ],
        [
          {
            user_types: [
              { id: doctor.id, schedule_ids: [s1.id] },
              { id: nurse.id, schedule_ids: [foreignSession.id] },
            ],
          },
          { 'user_types.1.schedule_ids': 'The selected session does not belong to this meeting' },
        ],
        [
          {
            user_types: [
              { id: doctor.id, schedule_ids: [s1.id] },
              { id: foreignType.id, schedule_ids: [s1.id] },
            ],
          },
          { 'user_types.1.id': 'This user type does not belong to this meeting' },
        ],
      ];
      for (const [payload, expected] of cases) {
        const res = await call(admin, 'PUT', `/api/meetings/${meeting}/schedule-map`, payload);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().data.fields).toEqual(expected);
      }
      const unchanged = (await call(admin, 'GET', `/api/meetings/${meeting}/schedule-map`)).json().data;
      expect(unchanged.user_types.map((t: { schedule_ids: number[] }) => t.schedule_ids)).toEqual([
        [s1.id, s2.id],
        [s2.id],
      ]);
    });
  });

  describe('college categories', () => {
    it('creates, lists, updates and deletes, with names required in three languages', async () => {
      const before = await logCount();
      const created = await call(admin, 'POST', '/api/college-categories', {
        name: '內科',
        name_cn: '内科',
        name_en: 'Internal medicine',
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id;
      expect((await call(admin, 'GET', '/api/college-categories')).json().data).toContainEqual(
        expect.objectContaining({ id, name_en: 'Internal medicine' }),
      );
      const updated = await call(admin, 'PUT', `/api/college-categories/${id}`, {
        name: '外科',
        name_cn: '外科',
        name_en: 'Surgery',
        sort: 2,
      });
      expect(updated.json().data).toMatchObject({ id, name_en: 'Surgery', sort: 2 });
      expect((await call(admin, 'DELETE', `/api/college-categories/${id}`)).statusCode).toBe(200);
      expect((await call(admin, 'DELETE', `/api/college-categories/${id}`)).statusCode).toBe(404);
      expect(await logCount()).toBe(before + 3);

      const missing = await fieldsIn('POST', '/api/college-categories', { name: '內科' });
      expect(missing.en).toEqual({
        name_cn: 'Please enter the college category name',
        name_en: 'Please enter the college category name',
      });
      expect(missing['zh-tw']!.name_cn).toBe('請輸入學院類別名稱');
      expect(missing['zh-cn']!.name_en).toBe('请输入学院类别名称');
    });
  });

  describe('dictionary entries', () => {
    it('creates, filters by type, updates and deletes; (type, value) is unique', async () => {
      const before = await logCount();
      const a = await call(admin, 'POST', '/api/dictionary-entries', {
        type: 'title',
        label: 'Dr',
        value: 'dr',
      });
      expect(a.statusCode, a.body).toBe(200);
      const b = await call(admin, 'POST', '/api/dictionary-entries', {
        type: 'title',
        label: 'Prof',
        value: 'prof',
      });
      await call(admin, 'POST', '/api/dictionary-entries', { type: 'gender', label: 'Female', value: 'f' });
      const titles = await call(admin, 'GET', '/api/dictionary-entries?type=title');
      expect(titles.json().data.map((e: { value: string }) => e.value)).toEqual(['dr', 'prof']);
      expect((await call(admin, 'GET', '/api/dictionary-entries')).json().data).toHaveLength(3);

      for (const lang of LANGS) {
        const dup = await call(
          admin,
          'POST',
          '/api/dictionary-entries',
          { type: 'title', label: 'Doctor', value: 'dr' },
          lang,
        );
        expect(dup.statusCode).toBe(409);
        expect(dup.json().code).toBe(ERRORS.DICTIONARY_VALUE_TAKEN.code);
        expect(dup.json().message).toBe(ERRORS.DICTIONARY_VALUE_TAKEN.message[lang]);
      }
      // The same value under another type is fine; renaming onto a taken value is not.
      expect(
        (await call(admin, 'POST', '/api/dictionary-entries', { type: 'gender', label: 'Dr', value: 'dr' }))
          .statusCode,
      ).toBe(200);
      const clash = await call(admin, 'PUT', `/api/dictionary-entries/${b.json().data.id}`, {
        type: 'title',
        label: 'Prof',
        value: 'dr',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().data.fields).toEqual({ value: 'This value already exists for this type' });
      const same = await call(admin, 'PUT', `/api/dictionary-entries/${a.json().data.id}`, {
        type: 'title',
        label: 'Doctor',
        value: 'dr',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect((await call(admin, 'DELETE', `/api/dictionary-entries/${a.json().data.id}`)).statusCode).toBe(
        200,
      );
      expect(await logCount()).toBe(before + 6);
    });

    it('requires type, label and value ("dictionary value required") and checks the type pattern', async () => {
      const missing = await fieldsIn('POST', '/api/dictionary-entries', {});
      expect(missing.en).toEqual({
        type: 'Please enter the dictionary type',
        label: 'Please enter the dictionary label',
        value: 'Dictionary value required',
      });
      expect(missing['zh-tw']).toMatchObject({ value: '請輸入字典值' });
      expect(missing['zh-cn']).toMatchObject({ value: '请输入字典值' });
      const badType = await fieldsIn('POST', '/api/dictionary-entries', {
        type: 'Bad-Type',
        label: 'x',
        value: ' ',
      });
      expect(badType.en).toEqual({
        type: 'Use lower-case letters, digits and underscores, at most 64',
        value: 'Dictionary value required',
      });
      const query = await call(admin, 'GET', '/api/dictionary-entries?type=DROP%20TABLE');
      expect(query.statusCode).toBe(400);
    });
  });

  describe('permissions and organisation scope', () => {
    it("lets an organiser work in their subtree's meetings and answers 404 elsewhere", async () => {
      const root = await insertOrganization('root');
      const child = await insertOrganization('child', root);
      const elsewhere = await insertOrganization('elsewhere');
      const mine = await insertMeeting(child);
      const theirs = await insertMeeting(elsewhere);
      const theirSession = await createSchedule(theirs);
      const theirType = await createUserType(theirs, [theirSession.id]);
      const organiser = await loginAs('organiser', root);

      const created = await call(organiser, 'POST', `/api/meetings/${mine}/schedules`, scheduleBody());
      expect(created.statusCode, created.body).toBe(200);
      const typeRes = await call(organiser, 'POST', `/api/meetings/${mine}/user-types`, {
        name: 'a',
        name_cn: 'b',
        name_en: 'c',
        schedule_ids: [created.json().data.id],
      });
      expect(typeRes.statusCode, typeRes.body).toBe(200);
      expect((await call(organiser, 'GET', `/api/meetings/${mine}/schedule-map`)).statusCode).toBe(200);
      // The global dictionaries are shared by every organiser.
      expect((await call(organiser, 'GET', '/api/meeting-times')).statusCode).toBe(200);

      for (const [method, url, payload] of [
        ['GET', `/api/meetings/${theirs}/schedules`, undefined],
        ['POST', `/api/meetings/${theirs}/schedules`, scheduleBody()],
        ['PUT', `/api/schedules/${theirSession.id}`, scheduleBody()],
        ['DELETE', `/api/schedules/${theirSession.id}`, undefined],
        ['GET', `/api/meetings/${theirs}/user-types`, undefined],
        [
          'POST',
          `/api/meetings/${theirs}/user-types`,
          { name: 'a', name_cn: 'b', name_en: 'c', schedule_ids: [theirSession.id] },
        ],
        [
          'PUT',
          `/api/user-types/${theirType.id}`,
          { name: 'a', name_cn: 'b', name_en: 'c', schedule_ids: [theirSession.id] },
        ],
        ['DELETE', `/api/user-types/${theirType.id}`, undefined],
        ['GET', `/api/meetings/${theirs}/schedule-map`, undefined],
        ['PUT', `/api/meetings/${theirs}/schedule-map`, { user_types: [] }],
      ] as const) {
        const res = await call(organiser, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // An organiser cannot attach another meeting's session to their own user type either.
      const sneaky = await call(organiser, 'POST', `/api/meetings/${mine}/user-types`, {
        name: 'a',
        name_cn: 'b',
        name_en: 'c',
        schedule_ids: [theirSession.id],
      });
      expect(sneaky.statusCode).toBe(400);
      const untouched = await ctx.db
        .selectFrom('schedules')
        .select('name_en')
        .where('id', '=', theirSession.id)
        .executeTakeFirstOrThrow();
      expect(untouched.name_en).toBe('Opening');
    });

    // Time slots and college categories: global (administrators change them) or owned by a subtree.
    const ownedKinds = [
      { url: '/api/meeting-times', body: { start_time: '08:00', end_time: '09:00' }, renamed: 'remark_en' },
      {
        url: '/api/college-categories',
        body: { name: '眼科', name_cn: '眼科', name_en: 'Eyes' },
        renamed: 'name_en',
      },
    ] as const;

    it.each(ownedKinds)(
      '$url: organisers change their subtree’s entries only; global ones are the administrators’',
      async ({ url, body, renamed }) => {
        const orgA = await insertOrganization('A');
        const childA = await insertOrganization('A1', orgA);
        const orgB = await insertOrganization('B');
        const organiser = await loginAs('organiser', orgA);
        const create = async (token: string, extra: object = {}) => {
          const res = await call(token, 'POST', url, { ...body, ...extra });
          expect(res.statusCode, res.body).toBe(200);
          return res.json().data as { id: number; organization_id: number | null };
        };
        const global = await create(admin);
        const theirs = await create(admin, { organization_id: orgB });
        const mine = await create(organiser);
        expect([global.organization_id, theirs.organization_id, mine.organization_id]).toEqual([
          null,
          orgB,
          orgA,
        ]);
        expect((await create(organiser, { organization_id: childA })).organization_id).toBe(childA);

        const listed = (await call(organiser, 'GET', url)).json().data.map((e: { id: number }) => e.id);
        expect(listed).toEqual(expect.arrayContaining([global.id, mine.id]));
        expect(listed).not.toContain(theirs.id);
        const all = (await call(admin, 'GET', url)).json().data.map((e: { id: number }) => e.id);
        expect(all).toEqual(expect.arrayContaining([global.id, mine.id, theirs.id]));

        // Another tenant's entry is not even confirmed to exist; a global one is read-only.
        const rename = { ...body, [renamed]: 'Renamed' };
        expect((await call(organiser, 'PUT', `${url}/${theirs.id}`, rename)).statusCode).toBe(404);
        expect((await call(organiser, 'DELETE', `${url}/${theirs.id}`)).statusCode).toBe(404);
        for (const lang of LANGS) {
          for (const res of [
            await call(organiser, 'PUT', `${url}/${global.id}`, rename, lang),
            await call(organiser, 'DELETE', `${url}/${global.id}`, undefined, lang),
            await call(organiser, 'POST', url, { ...body, organization_id: null }, lang),
            await call(organiser, 'PUT', `${url}/${mine.id}`, { ...body, organization_id: null }, lang),
          ]) {
            expect(res.statusCode, res.body).toBe(403);
            expect(res.json()).toMatchObject({
              code: ERRORS.GLOBAL_ENTRY_ADMIN_ONLY.code,
              message: ERRORS.GLOBAL_ENTRY_ADMIN_ONLY.message[lang],
            });
          }
        }
        // Nor can an entry be handed to another tenant, or to an organisation that does not exist.
        for (const organization_id of [orgB, 2_000_000]) {
          const res = await call(organiser, 'PUT', `${url}/${mine.id}`, { ...body, organization_id });
          expect(res.statusCode, res.body).toBe(400);
          expect(Object.keys(res.json().data.fields)).toEqual(['organization_id']);
        }
        expect((await call(admin, 'POST', url, { ...body, organization_id: 2_000_000 })).statusCode).toBe(
          400,
        );

        const kept = (await call(admin, 'GET', url)).json().data as Record<string, unknown>[];
        expect(kept.find((e) => e.id === theirs.id)).toMatchObject({ ...body, organization_id: orgB });
        expect(kept.find((e) => e.id === global.id)).toMatchObject({ ...body, organization_id: null });
        const edited = await call(organiser, 'PUT', `${url}/${mine.id}`, rename);
        expect(edited.json().data).toMatchObject({ [renamed]: 'Renamed', organization_id: orgA });
        expect((await call(organiser, 'DELETE', `${url}/${mine.id}`)).statusCode).toBe(200);
        expect((await call(admin, 'PUT', `${url}/${global.id}`, rename)).statusCode).toBe(200);
      },
    );

    it('lets only administrators change the generic dictionary entries, which are global', async () => {
      const organiser = await loginAs('organiser', await insertOrganization('entries'));
      const entry = { type: 'salutation', label: 'Mr', value: 'mr' };
      const created = await call(admin, 'POST', '/api/dictionary-entries', entry);
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as number;
      expect((await call(organiser, 'GET', '/api/dictionary-entries?type=salutation')).json().data).toEqual([
        expect.objectContaining({ id, value: 'mr' }),
      ]);
      for (const res of [
        await call(organiser, 'POST', '/api/dictionary-entries', { ...entry, value: 'ms' }),
        await call(organiser, 'PUT', `/api/dictionary-entries/${id}`, { ...entry, label: 'Mister' }),
        await call(organiser, 'DELETE', `/api/dictionary-entries/${id}`),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().code).toBe(ERRORS.GLOBAL_ENTRY_ADMIN_ONLY.code);
      }
      expect((await call(organiser, 'PUT', '/api/dictionary-entries/2000000', entry)).statusCode).toBe(404);
    });

    it("refers sessions and guests only to entries of their meeting's organisation or above", async () => {
      const orgA = await insertOrganization('A');
      const childA = await insertOrganization('A1', orgA);
      const orgB = await insertOrganization('B');
      const organiser = await loginAs('organiser', orgA);
      const meeting = await insertMeeting(childA);
      const { public_id } = await ctx.db
        .updateTable('meetings')
        .set({ meeting_type: 'date_schedule' })
        .where('id', '=', meeting)
        .returning('public_id')
        .executeTakeFirstOrThrow();
      const entry = async (url: string, payload: object) =>
        (await call(admin, 'POST', url, payload)).json().data.id as number;
      const slot = { start_time: '13:00', end_time: '14:00' };
      const slots = {
        global: await entry('/api/meeting-times', slot),
        above: await entry('/api/meeting-times', { ...slot, organization_id: orgA }),
        theirs: await entry('/api/meeting-times', { ...slot, organization_id: orgB }),
      };
      const category = { name: '牙科', name_cn: '牙科', name_en: 'Dental' };
      const categories = {
        global: await entry('/api/college-categories', category),
        above: await entry('/api/college-categories', { ...category, organization_id: orgA }),
        theirs: await entry('/api/college-categories', { ...category, organization_id: orgB }),
      };

      for (const id of [slots.global, slots.above]) {
        const res = await call(
          organiser,
          'POST',
          `/api/meetings/${meeting}/schedules`,
          scheduleBody({ meeting_time_id: id }),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      const session = await createSchedule(meeting);
      for (const res of [
        await call(
          organiser,
          'POST',
          `/api/meetings/${meeting}/schedules`,
          scheduleBody({ meeting_time_id: slots.theirs }),
        ),
        await call(
          organiser,
          'PUT',
          `/api/schedules/${session.id}`,
          scheduleBody({ meeting_time_id: slots.theirs }),
        ),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().data.fields).toEqual({ meeting_time_id: 'This time slot does not exist' });
      }

      // The public form offers the global categories and those above the meeting, and takes no other.
      const page = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${public_id}` });
      const offered = page.json().data.college_categories.map((c: { id: number }) => c.id);
      expect(offered).toEqual(expect.arrayContaining([categories.global, categories.above]));
      expect(offered).not.toContain(categories.theirs);
      const type = await createUserType(meeting, [session.id]);
      const guest = (n: number, college_category_id: number) => ({
        ...dateScheduleBody(n, type.id, [session.id]),
        college_category_id,
      });
      const refusedSignUp = await signUp(ctx, public_id, guest(1, categories.theirs));
      const refusedAdd = await call(
        organiser,
        'POST',
        `/api/meetings/${meeting}/guests`,
        guest(2, categories.theirs),
      );
      for (const res of [refusedSignUp, refusedAdd]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json().data.fields)).toEqual(['college_category_id']);
      }
      expect((await signUp(ctx, public_id, guest(3, categories.above))).statusCode).toBe(200);
      const added = await call(
        organiser,
        'POST',
        `/api/meetings/${meeting}/guests`,
        guest(4, categories.global),
      );
      expect(added.statusCode, added.body).toBe(200);
      const edited = await call(
        organiser,
        'PUT',
        `/api/guests/${added.json().data.id}`,
        guest(4, categories.theirs),
      );
      expect(edited.statusCode, edited.body).toBe(400);
    });

    it('refuses door staff on every dictionary route with 403 but the sessions they scan', async () => {
      const org = await insertOrganization('org');
      const meeting = await insertMeeting(org);
      const session = await createSchedule(meeting);
      const type = await createUserType(meeting, [session.id]);
      const doorStaff = await loginAs('door_staff', null);
      const routes: [Method, string][] = [
        ['GET', '/api/meeting-times'],
        ['POST', '/api/meeting-times'],
        ['PUT', '/api/meeting-times/1'],
        ['DELETE', '/api/meeting-times/1'],
        ['POST', `/api/meetings/${meeting}/schedules`],
        ['PUT', `/api/schedules/${session.id}`],
        ['DELETE', `/api/schedules/${session.id}`],
        ['GET', `/api/meetings/${meeting}/user-types`],
        ['POST', `/api/meetings/${meeting}/user-types`],
        ['PUT', `/api/user-types/${type.id}`],
        ['DELETE', `/api/user-types/${type.id}`],
        ['GET', `/api/meetings/${meeting}/schedule-map`],
        ['PUT', `/api/meetings/${meeting}/schedule-map`],
        ['GET', '/api/college-categories'],
        ['POST', '/api/college-categories'],
        ['PUT', '/api/college-categories/1'],
        ['DELETE', '/api/college-categories/1'],
        ['GET', '/api/dictionary-entries'],
        ['POST', '/api/dictionary-entries'],
        ['PUT', '/api/dictionary-entries/1'],
        ['DELETE', '/api/dictionary-entries/1'],
      ];
      for (const [method, url] of routes) {
        const res = await call(
          doorStaff,
          method,
          url,
          method === 'POST' || method === 'PUT' ? {} : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe(ERRORS.FORBIDDEN.code);
        const anonymous = await ctx.app.inject({ method, url });
        expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
      }
      // Scan mode offers the meeting's sessions to door staff (see door.test.ts).
      const sessions = await call(doorStaff, 'GET', `/api/meetings/${meeting}/schedules`);
      expect(sessions.statusCode).toBe(200);
    });
  });
});

describe(`migration 2026-11-24-02, owners of time slots and college categories (${TEST_DB})`, () => {
  it('gives an entry to the one organisation whose meetings use it and leaves the others global', async () => {
    const database = await freshDatabase();
    const { db } = openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }));
    try {
      const earlier = Object.entries(migrations).filter(([name]) => name < '2026-11-24-02');
      await new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(earlier) } })
        .migrateToLatest()
        .then(({ error }) => expect(error).toBeUndefined());
      const now = Date.now();
      const insert = async (
        table: 'organizations' | 'meeting_times' | 'college_categories',
        values: object,
      ) =>
        (
          await db
            .insertInto(table)
            .values({ created_at: now, updated_at: now, ...values } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [orgA, orgB] = [
        await insert('organizations', { name: 'A' }),
        await insert('organizations', { name: 'B' }),
      ];
      let n = 0;
      const meeting = async (organization_id: number) =>
        (
          await db
            .insertInto('meetings')
            .values({
              public_id: `meeting${++n}`,
              organization_id,
              name: 'm',
              name_cn: 'm',
              name_en: 'm',
              start_at: now,
              end_at: now,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [meetingA, otherA, meetingB] = [await meeting(orgA), await meeting(orgA), await meeting(orgB)];
      const slot = { start_time: '09:00', end_time: '10:00' };
      const slots = {
        onlyA: await insert('meeting_times', slot),
        shared: await insert('meeting_times', slot),
        unused: await insert('meeting_times', slot),
      };
      for (const [meeting_id, meeting_time_id] of [
        [meetingA, slots.onlyA],
        [otherA, slots.onlyA],
        [meetingA, slots.shared],
        [meetingB, slots.shared],
      ] as const) {
        await db
          .insertInto('schedules')
          .values({
            meeting_id,
            meeting_time_id,
            name: 's',
            name_cn: 's',
            name_en: 's',
            date: '2026-12-01',
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const category = { name: 'c', name_cn: 'c', name_en: 'c' };
      const categories = {
        onlyB: await insert('college_categories', category),
        shared: await insert('college_categories', category),
        unused: await insert('college_categories', category),
      };
      for (const [meeting_id, college_category_id] of [
        [meetingB, categories.onlyB],
        [meetingA, categories.shared],
        [meetingB, categories.shared],
      ] as const) {
        n += 1;
        await db
          .insertInto('guests')
          .values({
            meeting_id,
            college_category_id,
            guest_code: `code${n}`,
            token_hash: `hash${n}`,
            area_code: '853',
            phone: `+8536600000${n}`,
            email: '',
            created_at: now,
          })
          .execute();
      }

      await migrateToLatest(db);
      const owners = async (table: 'meeting_times' | 'college_categories') =>
        Object.fromEntries(
          (await db.selectFrom(table).select(['id', 'organization_id']).execute()).map((r) => [
            r.id,
            r.organization_id,
          ]),
        );
      expect(await owners('meeting_times')).toEqual({
        [slots.onlyA]: orgA,
        [slots.shared]: null,
        [slots.unused]: null,
      });
      expect(await owners('college_categories')).toEqual({
        [categories.onlyB]: orgB,
        [categories.shared]: null,
        [categories.unused]: null,
      });
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
