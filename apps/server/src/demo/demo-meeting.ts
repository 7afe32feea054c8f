import { resolveDisplayConfig } from '@meetflow/shared/display-text';
import { meetingDisplayConfig } from '@meetflow/shared/schemas/meeting-display';
import { localDate, localDayTime } from '../lib/local-time.ts';
import { insertSchedule } from '../modules/dictionary/schedules.repository.ts';
import { insertUserType, replaceScheduleSet } from '../modules/dictionary/user-types.repository.ts';
import { updateMeetingDisplay } from '../modules/meeting-display/meeting-display.repository.ts';
import { insertMeeting } from '../modules/meetings/meetings.repository.ts';
import { newPublicId } from '../modules/meetings/meetings.service.ts';
import { guidePdfLines, schedulePdfLines, type DemoMeeting } from './demo-catalogue.ts';
import { bannerPng, storeDemoFile, textPdf } from './demo-files.ts';
import { demoGuests } from './demo-guests.ts';
import type { DemoRandom } from './demo-random.ts';
import { demoScans, type ScanWindow } from './demo-scans.ts';
import * as repo from './demo.repository.ts';
import type { Db } from '../db/database.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface SeededMeeting {
  id: number;
  publicId: string;
  name: string;
  type: DemoMeeting['kind'];
  guests: number;
  enrolments: number;
  scans: number;
}

/** The local day of `now` plus `days`, at the clock time 'HH:mm' (TIME_ZONE). */
export function localTime(now: number, days: number, clock = '00:00'): number {
  return localDayTime(now, days, clock);
}

export interface DemoUserIds {
  organiser: number;
  door: number;
  hkDoor: number;
}

/** One meeting with its files, display config, sessions, registration types, guests and scans. */
export async function seedMeeting(
  trx: Db,
  random: DemoRandom,
  def: DemoMeeting,
  ctx: {
    now: number;
    adminId: number;
    organizationId: number;
    timeIds: number[];
    categoryIds: number[];
    users: DemoUserIds;
    window: ScanWindow;
    takenPhones: Set<string>;
  },
): Promise<SeededMeeting> {
  const { now } = ctx;
  const createdAt = now - 30 * DAY;
  const dates = Array.from({ length: def.days }, (_, day) => localDate(localTime(now, day)));
  const files = {
    banner: await storeDemoFile(trx, 'banner', bannerPng(def.banner), createdAt),
    schedule: await storeDemoFile(trx, 'pdf', textPdf(schedulePdfLines(def, dates)), createdAt),
    guide: await storeDemoFile(trx, 'pdf', textPdf(guidePdfLines(def)), createdAt),
  };
  const publicId = newPublicId();
  const meetingId = await insertMeeting(trx, {
    organization_id: ctx.organizationId,
    name: def.name,
    name_cn: def.name_cn,
    name_en: def.name_en,
    location: def.location,
    location_cn: def.location_cn,
    location_en: def.location_en,
    start_at: localTime(now, 0, def.starts),
    end_at: localTime(now, def.days - 1, def.ends),
    registration_limit: def.registrationLimit,
    // Open for late sign-ups until the next morning, so the public page takes them.
    registration_deadline: def.kind === 'date_schedule' ? localTime(now, 1, '09:00') : null,
    multi_language: 1,
    signup_enabled: 1,
    meeting_type: def.kind,
    banner_file_id: files.banner,
    schedule_file_id: files.schedule,
    guide_file_id: files.guide,
    waitlist_enabled: 0,
    waitlist_max: 0,
    waitlist_offer_hours: 0,
    public_id: publicId,
    created_by: ctx.adminId,
    now: createdAt,
  });
  const display = resolveDisplayConfig(meetingDisplayConfig.parse(def.display));
  await updateMeetingDisplay(trx, meetingId, JSON.stringify(display));

  const scheduleIds: number[] = [];
  for (const [sort, session] of def.sessions.entries()) {
    const row = await insertSchedule(trx, {
      meeting_id: meetingId,
      name: session.name,
      name_cn: session.name_cn,
      name_en: session.name_en,
      signup_limit: session.limit,
      date: dates[session.day]!,
      meeting_time_id: ctx.timeIds[session.slot] ?? null,
      sort,
      created_at: createdAt,
      updated_at: createdAt,
    });
    scheduleIds.push(row.id);
  }
  const userTypeIds: number[] = [];
  for (const [sort, type] of def.userTypes.entries()) {
    const row = await insertUserType(trx, {
      meeting_id: meetingId,
      name: type.name,
      name_cn: type.name_cn,
      name_en: type.name_en,
      sort,
      created_at: createdAt,
      updated_at: createdAt,
    });
    await replaceScheduleSet(
      trx,
      row.id,
      type.sessions.map((i) => scheduleIds[i]!),
    );
    userTypeIds.push(row.id);
  }

  if (def.form) await repo.insertForm(trx, meetingId, JSON.stringify(def.form), createdAt);
  const guests = demoGuests(
    random,
    def,
    {
      meetingId,
      scheduleIds,
      userTypeIds,
      categoryIds: ctx.categoryIds,
      from: ctx.window.start - 22 * DAY,
      to: ctx.window.start - HOUR,
    },
    ctx.takenPhones,
  );
  const ids = await repo.insertGuests(
    trx,
    meetingId,
    guests.map((g) => g.values),
  );
  const withIds = guests.map((g) => ({ ...g, id: ids.get(g.values.guest_code)! }));
  const enrolments = withIds.flatMap((g) =>
    g.sessions.map((i) => ({
      guest_id: g.id,
      schedule_id: scheduleIds[i]!,
      created_at: g.values.created_at,
    })),
  );
  await repo.insertGuestSchedules(trx, enrolments);
  await repo.syncCounters(trx, meetingId);

  const morning = def.sessions
    .map((s, i) => ({ ...s, i }))
    .filter((s) => s.day === 0)
    .sort((a, b) => a.slot - b.slot);
  const scans = demoScans(
    random,
    {
      meetingId,
      kind: def.kind,
      guests: withIds.map((g) => ({ id: g.id, sessions: g.sessions })),
      scheduleIds,
      morningSessions: [morning[0]?.i ?? -1, morning[1]?.i ?? -1],
      doorStaffId: def.kind === 'general' ? ctx.users.door : ctx.users.hkDoor,
      organiserId: ctx.users.organiser,
    },
    ctx.window,
  );
  await repo.insertCheckIns(trx, scans.checkIns);
  await repo.insertAttendance(trx, scans.attendance);
  return {
    id: meetingId,
    publicId,
    name: def.name,
    type: def.kind,
    guests: guests.length,
    enrolments: enrolments.length,
    scans: scans.checkIns.length,
  };
}
