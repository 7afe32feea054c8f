import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { forgetErasedGuests } from '../cme/cme.writes.ts';
import { eraseNamedAnswers } from '../evaluations/evaluations.writes.ts';
import { templatesWithBackground } from '../certificates/certificates.reads.ts';
import { deleteFiles } from '../files/files.writes.ts';
import { proofFilesAmong } from '../payments/payments.reads.ts';

export const DAY_MS = 86_400_000;

/** A deleted meeting's guests are erased this many days after the delete, or at its purge date if sooner. */
export const DELETED_MEETING_RETENTION_DAYS = 30;

/**
 * When a meeting's personal data is due to be erased, as SQL (bigint arithmetic on both databases:
 * 3,650 days in ms overflows a 32-bit integer).
 */
const purgeAtSql = sql<number>`(meetings.end_at + meetings.retention_days * CAST(${DAY_MS} AS BIGINT))`;
const deletedPurgeAtSql = sql<number>`(meetings.deleted_at + CAST(${DELETED_MEETING_RETENTION_DAYS * DAY_MS} AS BIGINT))`;

export function purgeAt(meeting: { end_at: number; retention_days: number; deleted_at: number | null }) {
  const byRetention = meeting.end_at + meeting.retention_days * DAY_MS;
  return meeting.deleted_at === null
    ? byRetention
    : Math.min(byRetention, meeting.deleted_at + DELETED_MEETING_RETENTION_DAYS * DAY_MS);
}

const privacyColumns = [
  'id',
  'name',
  'name_cn',
  'name_en',
  'public_id',
  'organization_id',
  'start_at',
  'end_at',
  'deleted_at',
  'privacy_notice_enabled',
  'privacy_notice',
  'privacy_notice_version',
  'retention_days',
  'retention_notified_at',
  'purged_at',
  'banner_file_id',
  'schedule_file_id',
  'guide_file_id',
] as const;
export type MeetingPrivacyRow = NonNullable<Awaited<ReturnType<typeof findMeetingPrivacy>>>;

/** A meeting's privacy settings and purge state (deleted meetings too: their data is still held). */
export function findMeetingPrivacy(db: Db, meetingId: number) {
  return db.selectFrom('meetings').select(privacyColumns).where('id', '=', meetingId).executeTakeFirst();
}

export async function updatePrivacy(
  trx: Db,
  meetingId: number,
  values: {
    privacy_notice_enabled: number;
    privacy_notice: string;
    privacy_notice_version: number;
    retention_days: number;
    retention_notified_at: number | null;
    updated_at: number;
  },
): Promise<void> {
  await trx.updateTable('meetings').set(values).where('id', '=', meetingId).execute();
}

export async function insertNoticeVersion(
  trx: Db,
  row: { meeting_id: number; version: number; texts: string; created_at: number },
): Promise<void> {
  await trx.insertInto('privacy_notices').values(row).execute();
}

export function findNoticeVersion(db: Db, meetingId: number, version: number) {
  return db
    .selectFrom('privacy_notices')
    .select(['texts', 'created_at'])
    .where('meeting_id', '=', meetingId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Guests of the meeting whose personal data is still held (signed up or cancelled). */
export async function countGuestsHeld(db: Db, meetingId: number): Promise<number> {
  const row = await db
    .selectFrom('guests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('meeting_id', '=', meetingId)
    .where('erased_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Meetings whose purge comes within `noticeMs` and whose organisers have not been told of it yet. */
export function dueNotices(db: Db, now: number, noticeMs: number) {
  return db
    .selectFrom('meetings')
    .select(privacyColumns)
    .where('purged_at', 'is', null)
    .where('retention_notified_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where(purgeAtSql, '<=', now + noticeMs)
    .where(purgeAtSql, '>', now)
    .execute();
}

/** Marks the notice as sent; false when another instance did it first. */
export async function claimNotice(trx: Db, meetingId: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('meetings')
    .set({ retention_notified_at: now })
    .where('id', '=', meetingId)
    .where('retention_notified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Past its purge date (a deleted meeting on its own, shorter clock too), as a WHERE condition. */
const isDue = (now: number) => (eb: ExpressionBuilder<Database, 'meetings'>) =>
  eb.or([
    eb(purgeAtSql, '<=', now),
    eb.and([eb('deleted_at', 'is not', null), eb(deletedPurgeAtSql, '<=', now)]),
  ]);

/** Meetings past their purge date, not yet purged. */
export async function duePurges(db: Db, now: number): Promise<{ id: number; purge_at: number }[]> {
  const rows = await db
    .selectFrom('meetings')
    .select(['id', 'end_at', 'retention_days', 'deleted_at'])
    .where('purged_at', 'is', null)
    .where(isDue(now))
    .execute();
  return rows.map((r) => ({ id: r.id, purge_at: purgeAt(r) }));
}

/**
 * Marks the meeting purged, under its row lock; false when it already was. The erasure runs in
 * the same transaction, so it happens exactly once however many instances try.
 */
export async function claimPurge(
  trx: Db,
  meetingId: number,
  now: number,
  options: { onlyWhenDue: boolean },
): Promise<boolean> {
  const result = await trx
    .updateTable('meetings')
    .set({ purged_at: now })
    .where('id', '=', meetingId)
    .where('purged_at', 'is', null)
    // The retention's purge checks the date again under the lock: an extension just committed wins.
    .$if(options.onlyWhenDue, (q) => q.where(isDue(now)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A placeholder that keeps a unique column unique: 'erased:<id>'. */
const erasedMark = (column: 'guests.id' | 'waitlist_entries.id') =>
  sql<string>`${'erased:'} || CAST(${sql.ref(column)} AS VARCHAR(20))`;

/**
 * The one shredder: irreversibly replaces the personal fields of a meeting's guests (all of them,
 * or one) and removes what copies them — search terms, tokens, queued and sent messages, waiting
 * places, names on certificates and on offline-scan conflicts. Counts, scans, enrolments and the
 * audit trail stay, so the figures still add up. Answers how many guests were erased.
 *
 * Every table that holds a guest's personal data is written here: the test that searches every
 * text column of every table after a purge keeps this list complete.
 */
export async function eraseGuests(
  trx: Db,
  meetingId: number,
  now: number,
  guestId?: number,
): Promise<number> {
  const guestIds = trx
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('id', '=', guestId!));

  // A named evaluation's answers are personal; anonymous responses name nobody (decision 0091).
  await eraseNamedAnswers(trx, meetingId, guestId);
  const erased = await trx
    .updateTable('guests')
    .set({
      name: '',
      name_zh: '',
      name_en: '',
      email: '',
      phone: erasedMark('guests.id'),
      guest_code: erasedMark('guests.id'),
      token_hash: erasedMark('guests.id'),
      institution: '',
      job_title: '',
      organization: '',
      license_number: '',
      other: '',
      contact_name: '',
      contact_number: '',
      contact_phone: '',
      mail_pending: 0,
      broadcast_opt_out: 1,
      erased_at: now,
      updated_at: now,
    })
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('id', '=', guestId!))
    .where('erased_at', 'is', null)
    .executeTakeFirst();

  await trx.deleteFrom('guest_tokens').where('guest_id', 'in', guestIds).execute();
  await trx
    .deleteFrom('guest_search_terms')
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .execute();
  // Queued and finished messages alike: payloads and delivery errors can name the address. The
  // privacy jobs themselves stay (the purge in hand is one of them).
  await trx
    .deleteFrom('jobs')
    .where('meeting_id', '=', meetingId)
    .where('kind', 'not like', 'privacy.%')
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .execute();
  await trx
    .updateTable('certificates')
    .set({ name: '', name_zh: '', name_en: '' })
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .execute();
  await trx
    .updateTable('scan_conflicts')
    .set({ guest_name: '' })
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .execute();

  // Waiting places: the meeting's list holds visitors who never became guests, so a whole-meeting
  // purge takes every place; a withdrawal, the guest's own.
  const entries = trx
    .selectFrom('waitlist_entries')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!));
  await trx.deleteFrom('waitlist_tokens').where('entry_id', 'in', entries).execute();
  if (guestId === undefined) {
    // Nobody is waiting for a meeting that is over and erased: its live places close (a later freed
    // seat must not try to make a guest of an erased form) and the lists' counters with them.
    await trx
      .updateTable('waitlist_entries')
      .set({ status: 'removed', decided_at: now, decided_by: 'retention' })
      .where('meeting_id', '=', meetingId)
      .where('status', 'in', ['waiting', 'offered'])
      .execute();
    const closed = { waiting_count: 0, waitlist_held: 0 };
    await trx.updateTable('meetings').set(closed).where('id', '=', meetingId).execute();
    await trx.updateTable('schedules').set(closed).where('meeting_id', '=', meetingId).execute();
  }
  await trx
    .updateTable('waitlist_entries')
    .set({ phone: erasedMark('waitlist_entries.id'), email: '', display_name: '', form: null })
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .execute();
  // The CME record: the erased guests' links go, and a person with no guest left goes with them.
  await forgetErasedGuests(trx, meetingId, now, guestId);
  return Number(erased.numUpdatedRows);
}

/** Guests rewritten by one statement (kept under the databases' bound-parameter limits). */
const IDS_PER_UPDATE = 500;

/**
 * The next `limit` guests of a meeting (or the one guest) not erased yet who hold answers, after
 * guest `after` by id: a keyset, so that each page costs the same however far the purge has gone.
 */
export function answersPage(
  trx: Db,
  meetingId: number,
  guestId: number | undefined,
  after: number,
  limit: number,
) {
  return trx
    .selectFrom('guests')
    .select(['id', 'answers'])
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('id', '=', guestId!))
    .where('id', '>', after)
    .where('erased_at', 'is', null)
    .where('answers', '<>', '{}')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The same answers (JSON) for all these guests. */
export async function setAnswers(trx: Db, ids: readonly number[], answers: string): Promise<void> {
  for (let i = 0; i < ids.length; i += IDS_PER_UPDATE)
    await trx
      .updateTable('guests')
      .set({ answers })
      .where('id', 'in', ids.slice(i, i + IDS_PER_UPDATE))
      .execute();
}

/**
 * Of these stored files, those nothing names any more: no meeting's banner, schedule or guide, no
 * certificate template's background, no guest's answer, no waiting place's form and no order's
 * proof of payment (files are
 * content-addressed: the same bytes may be several of these).
 */
export async function unreferencedFiles(trx: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const meetings = await trx
    .selectFrom('meetings')
    .select(['banner_file_id', 'schedule_file_id', 'guide_file_id'])
    .where((eb) =>
      eb.or([
        eb('banner_file_id', 'in', ids),
        eb('schedule_file_id', 'in', ids),
        eb('guide_file_id', 'in', ids),
      ]),
    )
    .execute();
  const texts = [
    ...(await templatesWithBackground(trx)).map((t) => t.template),
    ...(
      await trx
        .selectFrom('guests')
        .select('answers')
        .where((eb) => eb.or(ids.map((id) => eb('answers', 'like', `%${id}%`))))
        .execute()
    ).map((r) => r.answers),
    ...(
      await trx
        .selectFrom('waitlist_entries')
        .select('form')
        .where((eb) => eb.or(ids.map((id) => eb('form', 'like', `%${id}%`))))
        .execute()
    ).map((r) => r.form ?? ''),
  ];
  const used = new Set(meetings.flatMap((r) => [r.banner_file_id, r.schedule_file_id, r.guide_file_id]));
  // A guest's proof of payment is kept with their order (the accountant's record).
  const proofs = await proofFilesAmong(trx, ids);
  return ids.filter((id) => !used.has(id) && !proofs.has(id) && !texts.some((text) => text.includes(id)));
}

/**
 * What only a whole-meeting purge removes: the uploaded import files with their rows and failed
 * rows (spreadsheets of people), and the meeting's own uploads that no other meeting uses.
 */
export async function eraseMeetingFiles(trx: Db, meeting: MeetingPrivacyRow): Promise<void> {
  const imports = trx.selectFrom('imports').select('id').where('meeting_id', '=', meeting.id);
  await trx.deleteFrom('import_failures').where('import_id', 'in', imports).execute();
  await trx.deleteFrom('import_rows').where('import_id', 'in', imports).execute();
  await trx
    .updateTable('imports')
    .set({ file_data: null, sample: '[]', error: null })
    .where('meeting_id', '=', meeting.id)
    .execute();

  const own = [meeting.banner_file_id, meeting.schedule_file_id, meeting.guide_file_id].filter(
    (id): id is string => id !== null,
  );
  await trx
    .updateTable('meetings')
    .set({ banner_file_id: null, schedule_file_id: null, guide_file_id: null })
    .where('id', '=', meeting.id)
    .execute();
  // Content-addressed: the same file may be another meeting's banner or a certificate background.
  const unused = await unreferencedFiles(trx, own);
  if (unused.length > 0) await deleteFiles(trx, unused);
}

// ── a guest's own data ────────────────────────────────────────────────────────────────────────────

export function findGuestData(db: Db, guestId: number) {
  return db
    .selectFrom('guests')
    .leftJoin('user_types', 'user_types.id', 'guests.user_type_id')
    .leftJoin('college_categories', 'college_categories.id', 'guests.college_category_id')
    .selectAll('guests')
    .select([
      'user_types.name as user_type_name',
      'user_types.name_cn as user_type_name_cn',
      'user_types.name_en as user_type_name_en',
      'college_categories.name as category_name',
      'college_categories.name_cn as category_name_cn',
      'college_categories.name_en as category_name_en',
    ])
    .where('guests.id', '=', guestId)
    .executeTakeFirst();
}

export function listGuestSessions(db: Db, guestId: number) {
  return db
    .selectFrom('guest_schedules as gs')
    .innerJoin('schedules as s', 's.id', 'gs.schedule_id')
    .select(['s.id', 's.name', 's.name_cn', 's.name_en', 's.date', 'gs.created_at'])
    .where('gs.guest_id', '=', guestId)
    .orderBy('s.date')
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
}

/* A guest's scans with their session's names (the guest's own data): the attendance module's read. */
export { scansOfGuest as listGuestScans } from '../attendance/attendance.reads.ts';

export function listGuestCertificates(db: Db, guestId: number) {
  return db
    .selectFrom('certificates')
    .select(['code', 'issued_at', 'revoked_at', 'minutes', 'credits'])
    .where('guest_id', '=', guestId)
    .orderBy('issued_at')
    .execute();
}

export function listGuestPlaces(db: Db, guestId: number) {
  return db
    .selectFrom('waitlist_entries as w')
    .leftJoin('schedules as s', (join) => join.onRef('s.id', '=', 'w.scope_id'))
    .select(['w.scope_id', 'w.status', 'w.created_at', 's.name', 's.name_cn', 's.name_en'])
    .where('w.guest_id', '=', guestId)
    .orderBy('w.created_at')
    .execute();
}
