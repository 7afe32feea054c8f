import { nameIn, type Language, type Localized } from '@meetflow/shared/languages';
import {
  type EnrolledGuest,
  type EnrolledGuestPage,
  type ScheduleDetail,
  type SessionSummary,
} from '@meetflow/shared/schemas/schedule-detail';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import { xlsxSheet, type PreparedSheet, type XlsxColumn } from '../../lib/xlsx-export.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { meetingSchedules } from '../dictionary/schedules.service.ts';
import { attendanceStatus } from '../../core/attendance-status.ts';
import { visibleMeeting as coreVisibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { keysetRows } from '../../lib/export-pipeline.ts';
import { assertOrganizationVisible } from '../../core/organization-scope.ts';
import { guestDisplayName, STATUS_TEXT } from '../guests/guest-format.ts';
import * as repo from './schedule-detail.repository.ts';

export const SCHEDULE_EXPORT_TEXT = {
  file: { 'zh-tw': '日程明細', 'zh-cn': '日程明细', en: 'Schedule detail' },
  sessionsSheet: { 'zh-tw': '日程', 'zh-cn': '日程', en: 'Sessions' },
  guestsSheet: { 'zh-tw': '報名嘉賓', 'zh-cn': '报名嘉宾', en: 'Enrolled guests' },
  session: { 'zh-tw': '日程', 'zh-cn': '日程', en: 'Session' },
  date: { 'zh-tw': '日期', 'zh-cn': '日期', en: 'Date' },
  timeSlot: { 'zh-tw': '時段', 'zh-cn': '时段', en: 'Time' },
  enrolled: { 'zh-tw': '已報名', 'zh-cn': '已报名', en: 'Enrolled' },
  limit: { 'zh-tw': '上限（0 為不限）', 'zh-cn': '上限（0 为不限）', en: 'Limit (0 = unlimited)' },
  checkedIn: { 'zh-tw': '已簽到', 'zh-cn': '已签到', en: 'Checked in' },
  inside: { 'zh-tw': '場內', 'zh-cn': '场内', en: 'Inside' },
  guest: { 'zh-tw': '嘉賓', 'zh-cn': '嘉宾', en: 'Guest' },
  userType: { 'zh-tw': '報名類型', 'zh-cn': '报名类型', en: 'Registration type' },
  status: { 'zh-tw': '出席狀態', 'zh-cn': '出席状态', en: 'Attendance' },
  enrolledAt: { 'zh-tw': '報名時間', 'zh-cn': '报名时间', en: 'Enrolled' },
  firstInAt: { 'zh-tw': '首次入場', 'zh-cn': '首次入场', en: 'First entry' },
  lastInAt: { 'zh-tw': '最近入場', 'zh-cn': '最近入场', en: 'Latest entry' },
  lastOutAt: { 'zh-tw': '最近離場', 'zh-cn': '最近离场', en: 'Latest exit' },
} as const satisfies Record<string, Localized>;

const T = SCHEDULE_EXPORT_TEXT;

function timeSlot(s: SessionSummary): string {
  return s.meeting_time ? `${s.meeting_time.start_time}–${s.meeting_time.end_time}` : '';
}

function toEnrolledGuest(row: repo.EnrolledRow, lang: Language, today: number): EnrolledGuest {
  return {
    guest_id: row.guest_id,
    display_name: guestDisplayName(row),
    user_type_name: nameIn(lang, row.ut_name, row.ut_name_cn, row.ut_name_en),
    status: attendanceStatus(row, today),
    enrolled_at: Number(row.enrolled_at),
    first_in_at: row.first_in_at,
    last_in_at: row.last_in_at,
    last_out_at: row.last_out_at,
  };
}

const SESSION_COLUMNS: XlsxColumn<SessionSummary>[] = [
  { header: T.session, width: 28, value: (s, lang) => nameIn(lang, s.name, s.name_cn, s.name_en) },
  { header: T.date, width: 12, value: (s) => s.date },
  { header: T.timeSlot, width: 14, value: (s) => timeSlot(s) },
  { header: T.enrolled, width: 10, type: 'number', value: (s) => s.signup_count },
  { header: T.limit, width: 12, type: 'number', value: (s) => s.signup_limit },
  { header: T.checkedIn, width: 10, type: 'number', value: (s) => s.checked_in },
  { header: T.inside, width: 10, type: 'number', value: (s) => s.inside },
];

type GuestOfSession = { session: SessionSummary; guest: EnrolledGuest };

const GUEST_COLUMNS: XlsxColumn<GuestOfSession>[] = [
  {
    header: T.session,
    width: 28,
    value: (r, lang) => nameIn(lang, r.session.name, r.session.name_cn, r.session.name_en),
  },
  { header: T.date, width: 12, value: (r) => r.session.date },
  { header: T.timeSlot, width: 14, value: (r) => timeSlot(r.session) },
  { header: T.guest, width: 24, value: (r) => r.guest.display_name },
  { header: T.userType, width: 18, value: (r) => r.guest.user_type_name },
  { header: T.status, width: 14, value: (r, lang) => STATUS_TEXT[r.guest.status][lang] },
  { header: T.enrolledAt, width: 20, type: 'datetime', value: (r) => r.guest.enrolled_at },
  { header: T.firstInAt, width: 20, type: 'datetime', value: (r) => r.guest.first_in_at },
  { header: T.lastInAt, width: 20, type: 'datetime', value: (r) => r.guest.last_in_at },
  { header: T.lastOutAt, width: 20, type: 'datetime', value: (r) => r.guest.last_out_at },
];

/** Schedule detail (issue 5): per session sign-ups against the limit, checked-in and inside counts, guests. */
export function createScheduleDetailService(deps: { db: Db; clock: () => number }) {
  const { db, clock } = deps;

  function visibleMeeting(user: AuthUser, meetingId: number): Promise<VisibleMeeting> {
    return coreVisibleMeeting(db, user, meetingId);
  }

  async function sessions(meetingId: number): Promise<ScheduleDetail> {
    const [schedules, counts] = await Promise.all([
      meetingSchedules(db, meetingId),
      repo.sessionCounts(db, meetingId, startOfLocalDay(clock())),
    ]);
    return schedules.map((s) => ({ ...s, ...(counts.get(s.id) ?? { checked_in: 0, inside: 0 }) }));
  }

  async function* guestsOfSessions(list: ScheduleDetail, lang: Language): AsyncGenerator<GuestOfSession> {
    const today = startOfLocalDay(clock());
    for (const session of list) {
      const rows = keysetRows((last: repo.EnrolledRow | undefined, size) =>
        repo.enrolledAfter(db, session.id, last?.guest_id ?? 0, size),
      );
      for await (const row of rows) yield { session, guest: toEnrolledGuest(row, lang, today) };
    }
  }

  async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
    yield* items;
  }

  return {
    visibleMeeting,

    async summaries(user: AuthUser, meetingId: number): Promise<ScheduleDetail> {
      const meeting = await visibleMeeting(user, meetingId);
      return sessions(meeting.id);
    },

    async enrolled(
      user: AuthUser,
      scheduleId: number,
      query: { page: number; page_size: number },
      lang: Language,
    ): Promise<EnrolledGuestPage> {
      const schedule = await repo.findScheduleMeeting(db, scheduleId);
      if (!schedule) throw new AppError('NOT_FOUND');
      await assertOrganizationVisible(db, user, schedule.organization_id);
      const { rows, total } = await repo.listEnrolled(db, schedule.id, {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      });
      const today = startOfLocalDay(clock());
      return {
        items: rows.map((row) => toEnrolledGuest(row, lang, today)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /** Two sheets: the sessions with their figures, then every enrolled guest session by session. */
    async exportSheets(meeting: VisibleMeeting, lang: Language): Promise<PreparedSheet[]> {
      const list = await sessions(meeting.id);
      return [
        xlsxSheet({ name: T.sessionsSheet, columns: SESSION_COLUMNS, rows: each(list) }),
        xlsxSheet({ name: T.guestsSheet, columns: GUEST_COLUMNS, rows: guestsOfSessions(list, lang) }),
      ];
    },
  };
}
export type ScheduleDetailService = ReturnType<typeof createScheduleDetailService>;
