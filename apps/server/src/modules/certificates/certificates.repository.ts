import type { Db } from '../../db/database.ts';
import { insertRows } from '../../db/prepared-query.ts';

/*
 * The certificates module's tables (settings, certificates) and what it reads of others: a meeting's
 * live guests, their scans, its sessions and display config, a background image.
 */

export async function findSettings(db: Db, meetingId: number) {
  return db
    .selectFrom('certificate_settings')
    .select(['rule', 'template', 'guest_download', 'updated_at'])
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  row: {
    meeting_id: number;
    rule: string;
    template: string;
    guest_download: number;
    updated_by: number;
    updated_at: number;
  },
): Promise<void> {
  await db
    .insertInto('certificate_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('meeting_id').doUpdateSet({
        rule: row.rule,
        template: row.template,
        guest_download: row.guest_download,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export type GuestRow = Awaited<ReturnType<typeof findLiveGuests>>[number];

const GUEST_COLUMNS = [
  'id',
  'name',
  'name_zh',
  'name_en',
  'institution',
  'organization',
  'email',
  'language',
  'guest_code',
  'user_type_id',
] as const;

/** A meeting's live guests (all of them, or the listed ones), by id. */
export async function findLiveGuests(db: Db, meetingId: number, ids?: readonly number[]) {
  let query = db
    .selectFrom('guests')
    .select(GUEST_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .where('cancelled_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length ? ids : [0]);
  return query.orderBy('id').execute();
}

/** The ids of a meeting's live guests (all of them, or of the listed ones), ascending. */
export async function findLiveGuestIds(
  db: Db,
  meetingId: number,
  ids?: readonly number[],
): Promise<number[]> {
  let query = db
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .where('cancelled_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length ? ids : [0]);
  return (await query.orderBy('id').execute()).map((g) => g.id);
}

/** The meeting of a live guest (not cancelled), or undefined. */
export async function findGuestMeeting(db: Db, guestId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('guests')
    .select('meeting_id')
    .where('id', '=', guestId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return row?.meeting_id;
}

/** The answers (JSON) of a meeting's guests that gave any: all of them, or the listed ones. */
export async function findAnswers(
  db: Db,
  meetingId: number,
  ids?: readonly number[],
): Promise<Map<number, string>> {
  let query = db
    .selectFrom('guests')
    .select(['id', 'answers'])
    .where('meeting_id', '=', meetingId)
    .where('answers', '<>', '{}');
  if (ids) query = query.where('id', 'in', ids.length ? ids : [0]);
  return new Map((await query.execute()).map((r) => [r.id, r.answers]));
}

/* The meeting's own fields, which `{answer.<key>}` and badges print: the guest core's read. */
export { meetingFormJson as findForm } from '../guests/guests.reads.ts';

/* The scans a certificate is judged from: the attendance module's read. */
export { scansOfGuests as findScans } from '../attendance/attendance.reads.ts';

/* The sessions and user types a certificate names: the dictionary module's reads. */
export {
  sessionNames as findSessions,
  userTypeNames as findUserTypes,
} from '../dictionary/dictionary.reads.ts';

/* The meeting's look, for a certificate's colours: the meetings module's read. */
export { displayConfigOf as findDisplayConfig } from '../meetings/meetings.reads.ts';

/* A certificate's background: the files module's reads. */
export { storedFile as findFile, storedFileMime as findFileMime } from '../files/files.reads.ts';

export type CertificateRecord = Awaited<ReturnType<typeof findCertificates>>[number];

const CERTIFICATE_COLUMNS = [
  'id',
  'meeting_id',
  'guest_id',
  'code',
  'name',
  'name_zh',
  'name_en',
  'minutes',
  'credits',
  'sessions',
  'issued_at',
  'revoked_at',
  'emailed_at',
] as const;

export async function findCertificates(db: Db, meetingId: number) {
  return db
    .selectFrom('certificates')
    .select(CERTIFICATE_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .execute();
}

/** Which of a meeting's guests hold a certificate, and whether it was revoked (the list's states). */
export async function findCertificateStates(db: Db, meetingId: number) {
  return db
    .selectFrom('certificates')
    .select(['guest_id', 'revoked_at'])
    .where('meeting_id', '=', meetingId)
    .execute();
}

export async function findCertificatesOf(db: Db, guestIds: readonly number[]) {
  if (guestIds.length === 0) return [];
  return db
    .selectFrom('certificates')
    .select(CERTIFICATE_COLUMNS)
    .where('guest_id', 'in', guestIds)
    .execute();
}

export async function findCertificateOfGuest(db: Db, guestId: number) {
  return db
    .selectFrom('certificates')
    .select(CERTIFICATE_COLUMNS)
    .where('guest_id', '=', guestId)
    .executeTakeFirst();
}

export async function findCertificateByCode(db: Db, code: string) {
  return db
    .selectFrom('certificates')
    .innerJoin('meetings', 'meetings.id', 'certificates.meeting_id')
    .innerJoin('guests', 'guests.id', 'certificates.guest_id')
    .select([
      'guests.cancelled_at',
      'certificates.name',
      'certificates.name_zh',
      'certificates.name_en',
      'certificates.issued_at',
      'certificates.revoked_at',
      'meetings.name as meeting_name',
      'meetings.name_cn as meeting_name_cn',
      'meetings.name_en as meeting_name_en',
      'meetings.start_at',
      'meetings.end_at',
    ])
    .where('certificates.code', '=', code)
    .where('meetings.deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface NewCertificate {
  meeting_id: number;
  guest_id: number;
  code: string;
  name: string;
  name_zh: string;
  name_en: string;
  minutes: number;
  credits: number;
  sessions: string;
  issued_at: number;
  issued_by: number | null;
}

/**
 * Issues certificates, each as a new row or a new code over a revoked one; answers the guests
 * issued. A live certificate is left as it is, so two organisers issuing at once issue it once.
 * Batched (one read of the revoked, one multi-row INSERT): "issue to all" writes 50,000 at a time.
 */
export async function issueCertificates(db: Db, rows: readonly NewCertificate[]): Promise<Set<number>> {
  const issued = new Set<number>();
  if (rows.length === 0) return issued;
  const revoked = new Set(
    (
      await db
        .selectFrom('certificates')
        .select('guest_id')
        .where(
          'guest_id',
          'in',
          rows.map((r) => r.guest_id),
        )
        .where('revoked_at', 'is not', null)
        .execute()
    ).map((r) => r.guest_id),
  );
  for (const row of rows) if (revoked.has(row.guest_id) && (await reissue(db, row))) issued.add(row.guest_id);
  const inserted = await insertRows<'certificates', { guest_id: number }>(
    db,
    'certificates',
    rows.filter((r) => !revoked.has(r.guest_id)),
    ['guest_id'],
    ['guest_id'],
  );
  for (const { guest_id } of inserted) issued.add(guest_id);
  return issued;
}

/** A new code and what it certifies over a revoked certificate; false when it is no longer revoked. */
async function reissue(db: Db, row: NewCertificate): Promise<boolean> {
  const updated = await db
    .updateTable('certificates')
    .set({ ...row, revoked_at: null, revoked_by: null, revoke_reason: '', emailed_at: null })
    .where('guest_id', '=', row.guest_id)
    .where('revoked_at', 'is not', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function revokeCertificates(
  db: Db,
  meetingId: number,
  guestIds: readonly number[],
  by: { userId: number; reason: string; at: number },
): Promise<number> {
  const result = await db
    .updateTable('certificates')
    .set({ revoked_at: by.at, revoked_by: by.userId, revoke_reason: by.reason })
    .where('meeting_id', '=', meetingId)
    .where('guest_id', 'in', guestIds)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markEmailed(db: Db, ids: readonly number[], at: number): Promise<void> {
  if (ids.length)
    await db.updateTable('certificates').set({ emailed_at: at }).where('id', 'in', ids).execute();
}

/** The templates that name a background file (a purge keeps the files they use). */
export function listTemplatesWithBackground(db: Db) {
  return db
    .selectFrom('certificate_settings')
    .select('template')
    .where('template', 'like', '%background_file_id%')
    .execute();
}
