import type { Db } from '../../db/database.ts';
import { localDate, localDayBounds, localDayTime } from '../../lib/local-time.ts';
import type { JobRow, Jobs } from '../jobs/jobs.service.ts';
import type { MailPayload } from './mail-compose.ts';
import * as repo from './mail.repository.ts';

/** Reminder look-ups run at most this often per instance; the job keys keep them once anyway. */
const REMINDER_SCAN_MS = 30_000;
/** Session reminders are looked for this many local days ahead (the longest reminder is 14 days). */
const DAYS_AHEAD = 15;

/**
 * Reminders: each runner pass looks for general meetings and date-schedule sessions whose start minus
 * the reminder hours has come, and enqueues a `mail.reminders` job keyed by what it reminds of and
 * when; that job enqueues one keyed reminder per guest. So each reminder is sent once, whatever the
 * number of instances or restarts, and a moved start makes a new one.
 */
export function registerReminders(deps: { db: Db; jobs: Jobs; clock: () => number }): void {
  const { db, jobs, clock } = deps;
  let lastScan = -Infinity;

  async function scan(): Promise<void> {
    const now = clock();
    if (now - lastScan < REMINDER_SCAN_MS) return;
    lastScan = now;
    const due: { meetingId: number; scheduleId: number | null; startAt: number; hours: number }[] = [];
    for (const m of await repo.dueMeetingReminders(db, now)) {
      due.push({ meetingId: m.id, scheduleId: null, startAt: m.start_at, hours: m.reminder_hours });
    }
    // Session starts are local wall-clock times: read them in TIME_ZONE, day by day.
    const days = Array.from({ length: DAYS_AHEAD }, (_, d) => localDate(localDayTime(now, d)));
    for (const s of await repo.sessionsOnDays(db, days)) {
      const dayStart = localDayBounds(s.date).from;
      const startAt = s.start_time ? localDayTime(dayStart, 0, s.start_time) : dayStart;
      if (startAt > now && startAt - s.reminder_hours * 3_600_000 <= now) {
        due.push({ meetingId: s.meeting_id, scheduleId: s.id, startAt, hours: s.reminder_hours });
      }
    }
    if (due.length === 0) return;
    await db.transaction().execute(async (trx) => {
      for (const r of due) {
        await jobs.enqueue(trx, {
          kind: 'mail.reminders',
          key: `reminders:${r.meetingId}:${r.scheduleId ?? 'meeting'}:${r.startAt}:${r.hours}`,
          payload: { meeting_id: r.meetingId, schedule_id: r.scheduleId, start_at: r.startAt },
          meetingId: r.meetingId,
        });
      }
    });
  }

  /** The `mail.reminders` job: one reminder message per guest of the meeting (or session). */
  async function fanOut(job: JobRow): Promise<void> {
    const payload = JSON.parse(job.payload) as {
      meeting_id: number;
      schedule_id: number | null;
      start_at: number;
    };
    const { meeting_id: meetingId, schedule_id: scheduleId, start_at: startAt } = payload;
    const recipients = await repo.reminderRecipients(db, meetingId, scheduleId);
    const scope = scheduleId === null ? 'meeting' : `session-${scheduleId}`;
    for (let i = 0; i < recipients.length; i += 500) {
      await db.transaction().execute(async (trx) => {
        for (const { id } of recipients.slice(i, i + 500)) {
          await jobs.enqueue(trx, {
            kind: 'mail',
            key: `reminder:${id}:${scope}:${startAt}`,
            payload: { type: 'reminder', schedule_id: scheduleId } satisfies MailPayload,
            meetingId,
            guestId: id,
          });
        }
      });
    }
  }

  jobs.handle('mail.reminders', fanOut);
  jobs.onPass(scan);
}
