import type { z } from 'zod';
import type { MeetingTime, Schedule, scheduleBody } from '@meetflow/shared/schemas/dictionary';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { ownerCovers } from '../../core/organization-scope.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { createAuditor, dateWithinMeeting, entryChanges, type DictionaryDeps } from './dictionary-context.ts';
import { findMeetingTime, findMeetingTimes } from './meeting-times.repository.ts';
import * as repo from './schedules.repository.ts';

type Body = z.output<typeof scheduleBody>;

const logParams = (s: { id: number; name: string; meeting_id: number }) => ({
  id: s.id,
  name: s.name,
  meeting_id: s.meeting_id,
});

/** Sessions in the order visitors read them: by day, then time slot, then the organiser's sort. */

export function compareSchedules(a: Schedule, b: Schedule): number {
  return (
    a.date.localeCompare(b.date) ||
    (a.meeting_time?.start_time ?? '99:99').localeCompare(b.meeting_time?.start_time ?? '99:99') ||
    a.sort - b.sort ||
    a.id - b.id
  );
}

/** Rows with their time slot attached, sorted. */
export async function withMeetingTimes(db: Db, rows: readonly repo.ScheduleRow[]): Promise<Schedule[]> {
  const ids = [...new Set(rows.map((r) => r.meeting_time_id).filter((id) => id !== null))];
  const times = new Map<number, MeetingTime>((await findMeetingTimes(db, ids)).map((t) => [t.id, t]));
  return rows
    .map((r) => ({
      ...r,
      waitlist_enabled: r.waitlist_enabled === 1,
      meeting_time: r.meeting_time_id === null ? null : (times.get(r.meeting_time_id) ?? null),
    }))
    .sort(compareSchedules);
}

/** A meeting's sessions with their time slots, sorted (the user types' matrix, the schedule detail). */
export async function meetingSchedules(db: Db, meetingId: number): Promise<Schedule[]> {
  return withMeetingTimes(db, await repo.listSchedules(db, meetingId));
}

/** A meeting's sessions ("schedules"): names ×3, sign-up limit (0 = unlimited), day, time slot. */
export function createSchedulesService({ db, systemLog, clock, waitlist }: DictionaryDeps) {
  const audit = createAuditor(systemLog);

  /** The day within the meeting; the time slot global or owned by the meeting's organisation or above. */
  async function checkBody(meeting: VisibleMeeting, body: Body): Promise<void> {
    if (!dateWithinMeeting(body.date, meeting)) throw fieldError('date', 'scheduleDateOutsideMeeting');
    if (body.meeting_time_id == null) return;
    const time = await findMeetingTime(db, body.meeting_time_id);
    if (!time || !(await ownerCovers(db, time.organization_id, meeting.organization_id)))
      throw fieldError('meeting_time_id', 'meetingTimeNotFound');
  }

  const values = (body: Body) => ({
    name: body.name,
    name_cn: body.name_cn,
    name_en: body.name_en,
    signup_limit: body.signup_limit,
    date: body.date,
    meeting_time_id: body.meeting_time_id ?? null,
    ...(body.sort === undefined ? {} : { sort: body.sort }),
    waitlist_enabled: body.waitlist_enabled ? 1 : 0,
    waitlist_max: body.waitlist_max,
  });

  /** The session and its (visible, live) meeting; 404 for either missing or out of scope. */
  async function visibleSchedule(user: AuthUser, id: number) {
    const row = await repo.findSchedule(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const meeting = await visibleMeeting(db, user, row.meeting_id);
    return { row, meeting };
  }

  return {
    async list(user: AuthUser, meetingId: number): Promise<Schedule[]> {
      await visibleMeeting(db, user, meetingId);
      return meetingSchedules(db, meetingId);
    },

    async create(actor: Actor, meetingId: number, body: Body): Promise<Schedule> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      await checkBody(meeting, body);
      const now = clock();
      const row = await repo.insertSchedule(db, {
        ...values(body),
        meeting_id: meeting.id,
        created_at: now,
        updated_at: now,
      });
      await audit(
        actor,
        'create',
        { key: 'schedule.created', params: logParams(row) },
        entryChanges(null, row),
      );
      const [created] = await withMeetingTimes(db, [row]);
      return created!;
    },

    async update(actor: Actor, id: number, body: Body): Promise<Schedule> {
      const { row: existing, meeting } = await visibleSchedule(actor.user, id);
      await checkBody(meeting, body);
      const row = await db.transaction().execute(async (trx) => {
        const updated = await repo.updateScheduleWithinCount(trx, id, {
          ...values(body),
          updated_at: clock(),
        });
        if (updated)
          await waitlist?.seatsFreedIn(trx, {
            meetingId: updated.meeting_id,
            meeting: false,
            scheduleIds: [id],
          });
        return updated && (await repo.findSchedule(trx, id));
      });
      if (!row) {
        if (!(await repo.findSchedule(db, id))) throw new AppError('NOT_FOUND');
        throw new AppError('SIGNUP_LIMIT_BELOW_COUNT', {
          data: { fields: { signup_limit: 'signupLimitBelowCount' } },
        });
      }
      await audit(
        actor,
        'update',
        { key: 'schedule.updated', params: logParams(row) },
        entryChanges(existing, row),
      );
      const [updated] = await withMeetingTimes(db, [row]);
      return updated!;
    },

    /**
     * Refused while anyone has signed up, and while it is the only session a user type may enrol
     * in (that type would be left with none). The map rows go with it (ON DELETE CASCADE).
     */
    async remove(actor: Actor, id: number): Promise<void> {
      const { row } = await visibleSchedule(actor.user, id);
      await db.transaction().execute(async (trx) => {
        const fresh = await repo.findSchedule(trx, id);
        if (!fresh) throw new AppError('NOT_FOUND');
        if (fresh.signup_count > 0) throw new AppError('SCHEDULE_HAS_SIGNUPS');
        if ((await repo.countUserTypesOnlyWith(trx, id)) > 0)
          throw new AppError('SCHEDULE_ONLY_OF_USER_TYPE');
        // The count is checked again by the delete itself: a sign-up may land in between.
        if (!(await repo.deleteScheduleWithoutSignups(trx, id))) throw new AppError('SCHEDULE_HAS_SIGNUPS');
      });
      await audit(
        actor,
        'delete',
        { key: 'schedule.deleted', params: logParams(row) },
        entryChanges(row, null),
      );
    },
  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;
