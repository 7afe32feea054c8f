import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { FIELD_MESSAGES } from '@meetflow/shared/field-messages';
import { type GuestDetail } from '@meetflow/shared/schemas/guests';
import { TEST_DB } from './helpers.ts';
import { scan, signUpGuest, guestListFixture } from './guest-fixtures.ts';
import {
  createMeeting,
  createSchedule,
  createUserType,
  dateScheduleBody,
  type MeetingFixture,
} from './registration-fixtures.ts';

describe(`guest list, guest admin and export: date-schedule guests (${TEST_DB})`, () => {
  const w = guestListFixture();
  const { list } = w;

  describe('date-schedule guests', () => {
    let meeting: MeetingFixture;
    let s1: number;
    let s2: number;
    let doctor: number;
    let nurse: number;

    beforeAll(async () => {
      meeting = await createMeeting(w.ctx.db, w.orgA, {
        meeting_type: 'date_schedule',
        registration_limit: 3,
      });
      s1 = await createSchedule(w.ctx.db, meeting.id, 2, 'Morning');
      s2 = await createSchedule(w.ctx.db, meeting.id, 0, 'Afternoon');
      doctor = await createUserType(w.ctx.db, meeting.id, [s1, s2], 'Doctor');
      nurse = await createUserType(w.ctx.db, meeting.id, [s2], 'Nurse');
      const code = await signUpGuest(w.ctx, meeting.publicId, dateScheduleBody(101, doctor, [s1, s2]), 101);
      await signUpGuest(w.ctx, meeting.publicId, dateScheduleBody(102, nurse, [s2]), 102);
      await scan(w.admin, meeting.id, code, 'in');
      w.ctx.advance(1_000);
      await scan(w.admin, meeting.id, code, 'in', s1);
    });

    it('filters by registration type and names it in the request language', async () => {
      const page = await list(meeting.id, `?user_type_id=${nurse}`);
      expect(page.items.map((g) => g.name_en)).toEqual(['Guest 102']);
      expect(page.items[0]).toMatchObject({ user_type_name: 'Nurse', display_name: '嘉賓102' });
    });

    it('shows a guest with their sessions and scan history', async () => {
      const { items } = await list(meeting.id, `?user_type_id=${doctor}`);
      const res = await w.admin('GET', `/api/guests/${items[0]!.id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json().data as GuestDetail;
      expect(detail.status).toBe('checked_in');
      expect(detail.enrolments.map((e) => e.schedule_name)).toEqual(['Morning', 'Afternoon']);
      expect(detail.enrolments[0]!.first_in_at).toBeGreaterThan(0);
      expect(detail.enrolments[1]!.first_in_at).toBeNull();
      expect(detail.scans.map((s) => [s.type, s.schedule_name, s.station])).toEqual([
        ['in', 'Morning', 'Gate A'],
        ['in', null, 'Gate A'],
      ]);
    });

    it('adds a guest manually within the meeting and session capacity', async () => {
      const add = (n: number, sessions: number[]) =>
        w.admin('POST', `/api/meetings/${meeting.id}/guests`, dateScheduleBody(n, doctor, sessions));
      const added = await add(103, [s1]);
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().data).toMatchObject({
        name_en: 'Guest 103',
        user_type_name: 'Doctor',
        status: 'not_checked_in',
      });
      const counts = async () => ({
        meeting: (
          await w.ctx.db
            .selectFrom('meetings')
            .select('registered_count')
            .where('id', '=', meeting.id)
            .executeTakeFirstOrThrow()
        ).registered_count,
        s1: (
          await w.ctx.db
            .selectFrom('schedules')
            .select('signup_count')
            .where('id', '=', s1)
            .executeTakeFirstOrThrow()
        ).signup_count,
      });
      expect(await counts()).toEqual({ meeting: 3, s1: 2 });
      // The meeting holds three: the fourth is refused and nothing is taken.
      const full = await add(104, [s2]);
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe(ERRORS.MEETING_FULL.code);
      expect(await counts()).toEqual({ meeting: 3, s1: 2 });
    });

    it('refuses a full session when editing, and moves seats when the sessions change', async () => {
      const { items } = await list(meeting.id, `?user_type_id=${nurse}`);
      const nurseGuest = items[0]!;
      // Changing to Doctor with the Morning session, which is full (2 of 2).
      const full = await w.admin('PUT', `/api/guests/${nurseGuest.id}`, dateScheduleBody(102, doctor, [s1]));
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe(ERRORS.SESSION_FULL.code);
      const afternoon = await w.ctx.db
        .selectFrom('schedules')
        .select('signup_count')
        .where('id', '=', s2)
        .executeTakeFirstOrThrow();
      // Only Doctor 101 and Nurse 102 are in the afternoon.
      expect(afternoon.signup_count).toBe(2);
      // A session outside the registration type is a field error.
      const notAllowed = await w.admin(
        'PUT',
        `/api/guests/${nurseGuest.id}`,
        dateScheduleBody(102, nurse, [s1]),
      );
      expect(notAllowed.statusCode).toBe(400);
      expect(notAllowed.json().data.fields.schedule_ids).toBe(FIELD_MESSAGES.scheduleNotForUserType.en);
    });

    it('deletes a guest: seats given back, scans kept, code refused, phone free again', async () => {
      const { items } = await list(meeting.id, `?user_type_id=${doctor}&sort_by=created_at&sort_order=asc`);
      const first = items[0]!;
      const scansBefore = await w.ctx.db
        .selectFrom('check_ins')
        .select('id')
        .where('guest_id', '=', first.id)
        .execute();
      expect(scansBefore).toHaveLength(2);
      const res = await w.admin('DELETE', `/api/guests/${first.id}`);
      expect(res.statusCode).toBe(200);
      const m = await w.ctx.db
        .selectFrom('meetings')
        .select('registered_count')
        .where('id', '=', meeting.id)
        .executeTakeFirstOrThrow();
      const sessions = await w.ctx.db
        .selectFrom('schedules')
        .select(['id', 'signup_count'])
        .where('meeting_id', '=', meeting.id)
        .orderBy('id')
        .execute();
      expect(m.registered_count).toBe(2);
      expect(sessions.map((s) => s.signup_count)).toEqual([1, 1]);
      // The scan log is append-only: the history stays.
      const scansAfter = await w.ctx.db
        .selectFrom('check_ins')
        .select('id')
        .where('guest_id', '=', first.id)
        .execute();
      expect(scansAfter).toHaveLength(2);
      expect((await w.admin('GET', `/api/guests/${first.id}`)).statusCode).toBe(404);
      expect((await w.admin('DELETE', `/api/guests/${first.id}`)).statusCode).toBe(404);
      expect((await list(meeting.id)).total).toBe(2);
      const door = await w.admin('POST', '/api/attendance/scans', {
        meeting_id: meeting.id,
        schedule_id: null,
        guest_code: first.guest_code,
        direction: 'in',
        station: 'Gate A',
        nonce: 'delete-check-0001',
      });
      expect(door.json().data.result).toBe('refused');
      // The same phone may sign up again.
      await signUpGuest(w.ctx, meeting.publicId, dateScheduleBody(101, doctor, [s2]), 101);
      const log = await w.ctx.db
        .selectFrom('system_logs')
        .select('content')
        .where('action_type', '=', 'delete')
        .execute();
      expect(log.some((l) => l.content.includes(`guest #${first.id}`))).toBe(true);
    });
  });
});
