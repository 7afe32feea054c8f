import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { scheduleColumns } from '../dictionary/dictionary.reads.ts';
import { countGuestMails } from '../jobs/jobs.reads.ts';
import { meetingColumns } from '../meetings/meetings.reads.ts';

type Executor = Kysely<Database>;

/* The meeting part of a mail: the meetings module's reads. */
export {
  liveMeetingByPublicId as findLiveMeetingByPublicId,
  meetingForMail as findMeetingForMail,
} from '../meetings/meetings.reads.ts';

/** What a guest's mail shows: the guest and their answers, the meeting (live or not), its colours and form. */
export function findGuestForMail(db: Executor, guestId: number) {
  return db
    .selectFrom('guests')
    .innerJoin('meetings', 'meetings.id', 'guests.meeting_id')
    .leftJoin('registration_forms', 'registration_forms.meeting_id', 'guests.meeting_id')
    .select([
      'guests.id',
      'guests.meeting_id',
      'guests.guest_code',
      'guests.email',
      'guests.name',
      'guests.name_zh',
      'guests.name_en',
      'guests.language',
      'guests.cancelled_at',
      'guests.broadcast_opt_out',
      // An unpaid guest's mails never carry the code (issue 44), nor a guest's awaiting approval
      // (issue 45): read when the mail is sent.
      'guests.unpaid',
      'guests.approval',
      'guests.answers',
      // The meeting's own fields, for the answers' placeholders: in this read, not one more.
      'registration_forms.fields as form_fields',
      ...meetingColumns.mail,
    ])
    .where('guests.id', '=', guestId)
    .executeTakeFirst();
}
export type GuestForMail = NonNullable<Awaited<ReturnType<typeof findGuestForMail>>>;

/* A meeting's own fields (the example guest's placeholders): the guest core's read. */
export { meetingFormJson as findMeetingForm } from '../guests/guests.reads.ts';

/** The sessions a guest is enrolled in, in time order. */
export function guestSessions(db: Executor, guestId: number) {
  return db
    .selectFrom('guest_schedules')
    .innerJoin('schedules', 'schedules.id', 'guest_schedules.schedule_id')
    .leftJoin('meeting_times', 'meeting_times.id', 'schedules.meeting_time_id')
    .select(scheduleColumns.timed)
    .where('guest_schedules.guest_id', '=', guestId)
    .orderBy('schedules.date')
    .orderBy('meeting_times.start_time')
    .orderBy('schedules.id')
    .execute();
}

/* A cancelled enrolment's sessions, for the cancelling calendar: the dictionary module's read. */
export { sessionsByIds } from '../dictionary/dictionary.reads.ts';

export function findSettings(db: Executor, meetingId: number) {
  return db
    .selectFrom('meeting_mail_settings')
    .selectAll()
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
}

export async function saveSettings(
  trx: Executor,
  row: {
    meeting_id: number;
    confirmation_enabled: number;
    reminder_hours: number;
    lookup_code_by_email: number;
    templates: string;
    updated_at: number;
  },
): Promise<void> {
  await trx
    .insertInto('meeting_mail_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('meeting_id').doUpdateSet({
        confirmation_enabled: row.confirmation_enabled,
        reminder_hours: row.reminder_hours,
        lookup_code_by_email: row.lookup_code_by_email,
        templates: row.templates,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Live guests of a meeting with this address (one person may sign up several people). */
export function liveGuestIdsByEmail(db: Executor, meetingId: number, email: string) {
  return db
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .where('cancelled_at', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .orderBy('id')
    .limit(10)
    .execute();
}

/** Of these guests, the live ones of the meeting that have an e-mail address (a certificate's recipients). */
export function liveGuestIdsWithEmail(db: Executor, meetingId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .where('id', 'in', ids)
    .where('cancelled_at', 'is', null)
    .where('email', '<>', '')
    .execute();
}

/**
 * Whether a guest has an address to write to, cancelled or not (a credit note follows a refund
 * that cancelled the sign-up): not erased, e-mail given.
 */
export async function guestHasAddress(db: Executor, guestId: number): Promise<boolean> {
  const row = await db
    .selectFrom('guests')
    .select('id')
    .where('id', '=', guestId)
    .where('erased_at', 'is', null)
    .where('email', '<>', '')
    .executeTakeFirst();
  return row !== undefined;
}

/** How many calendar-bearing mails a guest has had: the next one's iCalendar SEQUENCE. */
export function calendarMailCount(trx: Executor, guestId: number): Promise<number> {
  return countGuestMails(trx, guestId, ['confirmation:', 'enrolment:']);
}

/**
 * General meetings whose reminder time has come and whose start is still ahead. A date-schedule
 * meeting is reminded of per session (sessionsOnDays): each guest of the sessions they chose.
 */
export function dueMeetingReminders(db: Executor, now: number) {
  return (
    db
      .selectFrom('meeting_mail_settings')
      .innerJoin('meetings', 'meetings.id', 'meeting_mail_settings.meeting_id')
      .select([
        'meetings.id',
        'meetings.start_at',
        'meetings.meeting_type',
        'meeting_mail_settings.reminder_hours',
      ])
      .where('meeting_mail_settings.reminder_hours', '>', 0)
      .where('meetings.meeting_type', '=', 'general')
      .where('meetings.deleted_at', 'is', null)
      .where('meetings.start_at', '>', now)
      // Bigint arithmetic on PostgreSQL: hours × 3,600,000 is compared with a millisecond time.
      .where(
        sql<number>`meetings.start_at - meeting_mail_settings.reminder_hours * cast(3600000 as bigint)`,
        '<=',
        now,
      )
      .execute()
  );
}

/** Sessions (date-schedule meetings with reminders on) held on the given local days. */
export function sessionsOnDays(db: Executor, days: readonly string[]) {
  return db
    .selectFrom('schedules')
    .innerJoin('meetings', 'meetings.id', 'schedules.meeting_id')
    .innerJoin('meeting_mail_settings', 'meeting_mail_settings.meeting_id', 'meetings.id')
    .leftJoin('meeting_times', 'meeting_times.id', 'schedules.meeting_time_id')
    .select([
      'schedules.id',
      'schedules.meeting_id',
      'schedules.date',
      'meeting_times.start_time',
      'meeting_mail_settings.reminder_hours',
    ])
    .where('meetings.meeting_type', '=', 'date_schedule')
    .where('meetings.deleted_at', 'is', null)
    .where('meeting_mail_settings.reminder_hours', '>', 0)
    .where('schedules.date', 'in', days)
    .execute();
}

/**
 * Live guests of a meeting, or of one session, in id order: whom a reminder goes to. Not a guest
 * awaiting approval: the reminder's words are about the code they do not hold yet.
 */
export function reminderRecipients(db: Executor, meetingId: number, scheduleId: number | null) {
  let query = db
    .selectFrom('guests')
    .select('guests.id')
    .where('guests.meeting_id', '=', meetingId)
    .where('guests.cancelled_at', 'is', null)
    // A reminder shows the code: not to a guest awaiting approval (mayHoldCode), whose seat is only
    // held; the confirmation follows the approval.
    .where((eb) => eb.or([eb('guests.approval', 'is', null), eb('guests.approval', '!=', 'pending')]));
  if (scheduleId !== null) {
    query = query
      .innerJoin('guest_schedules', 'guest_schedules.guest_id', 'guests.id')
      .where('guest_schedules.schedule_id', '=', scheduleId);
  }
  return query.orderBy('guests.id').execute();
}

/** Any guest of the meeting, for a preview with real data; undefined when it has none. */
export function anyGuestId(db: Executor, meetingId: number) {
  return db
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** A guest's meeting (the delivery history checks access through it) and unqueued confirmation. */
export function guestMailState(db: Executor, guestId: number) {
  return db
    .selectFrom('guests')
    .select(['meeting_id', 'mail_pending', 'created_at', 'unpaid', 'approval'])
    .where('id', '=', guestId)
    .executeTakeFirst();
}

/* The address of a back-office user (a test send goes to the organiser's own): the users module's read. */
export { userEmail } from '../users/users.reads.ts';

/** Unsubscribes a guest from broadcasts; answers the guest's meeting, or undefined for an unknown guest. */
export async function optOutOfBroadcasts(trx: Executor, guestId: number) {
  const row = await trx
    .updateTable('guests')
    .set({ broadcast_opt_out: 1 })
    .where('id', '=', guestId)
    .returning('meeting_id')
    .executeTakeFirst();
  return row?.meeting_id;
}

/**
 * Takes up to `limit` guests whose confirmation is still to be queued, clearing their flag: the caller
 * queues the mail in the same transaction. SKIP LOCKED lets instances share the work on PostgreSQL;
 * the flag re-checked on the row, and the job's key, keep it once in any case.
 */
export function takePendingConfirmations(trx: Executor, kind: DatabaseKind, limit: number) {
  let pending = trx
    .selectFrom('guests')
    .select('id')
    .where('mail_pending', '=', 1)
    .orderBy('id')
    .limit(limit);
  if (kind === 'postgres') pending = pending.forUpdate().skipLocked();
  return trx
    .updateTable('guests')
    .set({ mail_pending: 0 })
    .where('id', 'in', pending)
    .where('mail_pending', '=', 1)
    .returning(['id', 'meeting_id'])
    .execute();
}

/** How many guests' confirmations are still to be queued (the partial index holds only those rows). */
export async function countPendingConfirmations(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('guests')
    .select((eb) => eb.fn.countAll<number>().as('guests'))
    .where('mail_pending', '=', 1)
    .executeTakeFirst();
  return Number(row?.guests ?? 0);
}
