import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { dictionaryFixture, LANGS } from './dictionary-fixtures.ts';
import { TEST_DB } from './helpers.ts';

describe(`data dictionary: time slots and sessions (${TEST_DB})`, () => {
  const f = dictionaryFixture();
  const { call, insertOrganization, insertMeeting, scheduleBody, createSchedule, logCount, fieldsIn } = f;

  describe('meeting times', () => {
    it('creates, lists, updates and deletes, writing a log entry for each change', async () => {
      const before = await logCount();
      const created = await call(f.admin, 'POST', '/api/meeting-times', {
        start_time: '09:00',
        end_time: '10:30',
        remark: '上午',
        remark_en: 'Morning',
      });
      expect(created.statusCode, created.body).toBe(200);
      const time = created.json().data;
      expect(time).toMatchObject({ start_time: '09:00', end_time: '10:30', remark: '上午', remark_cn: '' });

      const list = await call(f.admin, 'GET', '/api/meeting-times');
      expect(list.json().data.map((t: { id: number }) => t.id)).toContain(time.id);

      const updated = await call(f.admin, 'PUT', `/api/meeting-times/${time.id}`, {
        start_time: '09:30',
        end_time: '11:00',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ id: time.id, start_time: '09:30', remark: '' });

      const deleted = await call(f.admin, 'DELETE', `/api/meeting-times/${time.id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await call(f.admin, 'DELETE', `/api/meeting-times/${time.id}`)).statusCode).toBe(404);
      expect(
        (
          await call(f.admin, 'PUT', `/api/meeting-times/${time.id}`, {
            start_time: '01:00',
            end_time: '02:00',
          })
        ).statusCode,
      ).toBe(404);
      expect(await logCount()).toBe(before + 3);
      const entries = await f.ctx.db
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
        await call(f.admin, 'POST', '/api/meeting-times', { start_time: '14:00', end_time: '15:00' })
      ).json().data;
      const meeting = await insertMeeting(await insertOrganization('org'));
      const session = await createSchedule(meeting, { meeting_time_id: time.id });
      for (const lang of LANGS) {
        const res = await call(f.admin, 'DELETE', `/api/meeting-times/${time.id}`, undefined, lang);
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe(ERRORS.MEETING_TIME_IN_USE.code);
        expect(res.json().message).toBe(ERRORS.MEETING_TIME_IN_USE.message[lang]);
      }
      await call(f.admin, 'PUT', `/api/schedules/${session.id}`, scheduleBody({ meeting_time_id: null }));
      expect((await call(f.admin, 'DELETE', `/api/meeting-times/${time.id}`)).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('creates sessions with their time slot, accepts limit 0 (unlimited) and lists them by day and time', async () => {
      const meeting = await insertMeeting(await insertOrganization('org'));
      const late = (
        await call(f.admin, 'POST', '/api/meeting-times', { start_time: '16:00', end_time: '17:00' })
      ).json().data;
      const early = (
        await call(f.admin, 'POST', '/api/meeting-times', { start_time: '08:00', end_time: '09:00' })
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

      const list = await call(f.admin, 'GET', `/api/meetings/${meeting}/schedules`);
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
        f.admin,
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
      await f.ctx.db.updateTable('schedules').set({ signup_count: 5 }).where('id', '=', session.id).execute();

      const below = await call(
        f.admin,
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
          f.admin,
          'PUT',
          `/api/schedules/${session.id}`,
          scheduleBody({ signup_limit: limit }),
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toMatchObject({ signup_limit: limit, signup_count: 5 });
      }

      const del = await call(f.admin, 'DELETE', `/api/schedules/${session.id}`, undefined, 'zh-tw');
      expect(del.statusCode).toBe(409);
      expect(del.json()).toMatchObject({
        code: ERRORS.SCHEDULE_HAS_SIGNUPS.code,
        message: '此日程已有報名，無法刪除',
      });

      await f.ctx.db.updateTable('schedules').set({ signup_count: 0 }).where('id', '=', session.id).execute();
      const before = await logCount();
      expect((await call(f.admin, 'DELETE', `/api/schedules/${session.id}`)).statusCode).toBe(200);
      expect(await logCount()).toBe(before + 1);
      expect((await call(f.admin, 'DELETE', `/api/schedules/${session.id}`)).statusCode).toBe(404);
      expect((await call(f.admin, 'PUT', `/api/schedules/${session.id}`, scheduleBody())).statusCode).toBe(
        404,
      );
    });

    it('answers 404 for a missing or soft-deleted meeting', async () => {
      const org = await insertOrganization('org');
      const gone = await insertMeeting(org, { deleted: true });
      const live = await insertMeeting(org);
      const session = await createSchedule(live);
      await f.ctx.db.updateTable('meetings').set({ deleted_at: Date.now() }).where('id', '=', live).execute();
      for (const [method, url, payload] of [
        ['GET', `/api/meetings/${gone}/schedules`, undefined],
        ['POST', `/api/meetings/${gone}/schedules`, scheduleBody()],
        ['GET', `/api/meetings/999999/schedules`, undefined],
        ['PUT', `/api/schedules/${session.id}`, scheduleBody()],
        ['DELETE', `/api/schedules/${session.id}`, undefined],
        ['GET', `/api/meetings/${live}/user-types`, undefined],
        ['GET', `/api/meetings/${live}/schedule-map`, undefined],
      ] as const) {
        const res = await call(f.admin, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe(ERRORS.NOT_FOUND.code);
      }
    });
  });
});
