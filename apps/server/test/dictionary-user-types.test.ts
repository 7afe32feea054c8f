import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { dictionaryFixture } from './dictionary-fixtures.ts';
import { TEST_DB } from './helpers.ts';

describe(`data dictionary: user types and the guest–schedule map (${TEST_DB})`, () => {
  const f = dictionaryFixture();
  const { call, insertOrganization, insertMeeting, createSchedule, createUserType, logCount, fieldsIn } = f;

  describe('user types and the guest–schedule map', () => {
    it('creates, lists, updates and deletes user types with their sessions', async () => {
      const meeting = await insertMeeting(await insertOrganization('org'));
      const s1 = await createSchedule(meeting);
      const s2 = await createSchedule(meeting, { date: '2026-12-02' });
      const before = await logCount();
      const type = await createUserType(meeting, [s2.id, s1.id, s2.id]);
      expect(type.schedule_ids).toEqual([s1.id, s2.id].sort((a, b) => a - b));

      const list = await call(f.admin, 'GET', `/api/meetings/${meeting}/user-types`);
      expect(list.json().data).toEqual([
        expect.objectContaining({
          id: type.id,
          name: '醫生',
          name_en: 'Doctor',
          schedule_ids: type.schedule_ids,
        }),
      ]);

      const updated = await call(f.admin, 'PUT', `/api/user-types/${type.id}`, {
        name: '護士',
        name_cn: '护士',
        name_en: 'Nurse',
        schedule_ids: [s2.id],
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ name_en: 'Nurse', schedule_ids: [s2.id] });
      const stored = await f.ctx.db
        .selectFrom('user_type_schedules')
        .select('schedule_id')
        .where('user_type_id', '=', type.id)
        .execute();
      expect(stored).toEqual([{ schedule_id: s2.id }]);

      expect((await call(f.admin, 'DELETE', `/api/user-types/${type.id}`)).statusCode).toBe(200);
      expect((await call(f.admin, 'GET', `/api/meetings/${meeting}/user-types`)).json().data).toEqual([]);
      expect((await call(f.admin, 'DELETE', `/api/user-types/${type.id}`)).statusCode).toBe(404);
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
        await f.ctx.db.selectFrom('user_types').select('id').where('meeting_id', '=', meeting).execute(),
      ).toEqual([]);

      const type = await createUserType(meeting, [own.id]);
      const update = await fieldsIn('PUT', `/api/user-types/${type.id}`, {
        ...body,
        schedule_ids: [foreign.id],
      });
      expect(update.en).toEqual({ schedule_ids: 'The selected session does not belong to this meeting' });

      const del = await call(f.admin, 'DELETE', `/api/schedules/${own.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().code).toBe(ERRORS.SCHEDULE_ONLY_OF_USER_TYPE.code);
      const second = await createSchedule(meeting, { date: '2026-12-02' });
      await call(f.admin, 'PUT', `/api/user-types/${type.id}`, {
        ...body,
        schedule_ids: [own.id, second.id],
      });
      expect((await call(f.admin, 'DELETE', `/api/schedules/${own.id}`)).statusCode).toBe(200);
      const after = (await call(f.admin, 'GET', `/api/meetings/${meeting}/user-types`)).json().data;
      expect(after[0].schedule_ids).toEqual([second.id]);
    });

    it('reads and replaces the guest–schedule map in one transaction', async () => {
      const org = await insertOrganization('org');
      const meeting = await insertMeeting(org);
      const time = (
        await call(f.admin, 'POST', '/api/meeting-times', { start_time: '10:00', end_time: '12:00' })
      ).json().data;
      const s1 = await createSchedule(meeting, { meeting_time_id: time.id });
      const s2 = await createSchedule(meeting, { date: '2026-12-02' });
      const doctor = await createUserType(meeting, [s1.id]);
      const nurse = await createUserType(meeting, [s1.id]);

      const map = await call(f.admin, 'GET', `/api/meetings/${meeting}/schedule-map`);
      expect(map.statusCode).toBe(200);
      expect(map.json().data.schedules.map((s: { id: number }) => s.id)).toEqual([s1.id, s2.id]);
      expect(map.json().data.schedules[0].meeting_time).toMatchObject({ start_time: '10:00' });
      expect(map.json().data.user_types.map((t: { schedule_ids: number[] }) => t.schedule_ids)).toEqual([
        [s1.id],
        [s1.id],
      ]);

      const before = await logCount();
      const put = await call(f.admin, 'PUT', `/api/meetings/${meeting}/schedule-map`, {
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
        const res = await call(f.admin, 'PUT', `/api/meetings/${meeting}/schedule-map`, payload);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().data.fields).toEqual(expected);
      }
      const unchanged = (await call(f.admin, 'GET', `/api/meetings/${meeting}/schedule-map`)).json().data;
      expect(unchanged.user_types.map((t: { schedule_ids: number[] }) => t.schedule_ids)).toEqual([
        [s1.id, s2.id],
        [s2.id],
      ]);
    });
  });
});
