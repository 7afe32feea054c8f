import { sql } from 'kysely';
import { LANGUAGE_SUFFIX, type Language } from '@meetflow/shared/languages';
import { type ScanType } from '@meetflow/shared/schemas/attendance';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Db } from '../../db/database.ts';

/** The column of a name in the reader's language (name, name_cn, name_en). */
export const nameColumn = <T extends string>(table: T, lang: Language) =>
  `${table}.name${LANGUAGE_SUFFIX[lang]}` as `${T}.name` | `${T}.name_cn` | `${T}.name_en`;

/* Whether a scan's session is the meeting's: the dictionary module's read. */
export { isSessionOf as findScheduleOfMeeting } from '../dictionary/dictionary.reads.ts';

/** What a scan answer knows of a guest, with the registration type's name in `lang`. */
const scannedGuestColumns = (lang: Language) =>
  [
    'guests.id',
    'guests.meeting_id',
    'guests.cancelled_at',
    // Paid registration (issue 44): a guest whose order is not paid is refused at the door.
    'guests.unpaid',
    // Who may register (issue 45): a sign-up awaiting approval is refused at the door.
    'guests.approval',
    'guests.name',
    'guests.name_zh',
    'guests.name_en',
    'guests.user_type_id',
    // What decides the ask-at-door questions still open (door-answers.ts).
    'guests.answers',
    `${nameColumn('user_types', lang)} as user_type_name`,
  ] as const;

/**
 * A guest as a scan answer names them: meeting, state, names and the registration type's name in
 * `lang`, with their type and answers for the door's questions, looked up by code (guests.guest_code is unique) or by id. One prepared query per language.
 */
function scannedGuest(by: 'guest_code' | 'id') {
  const query = (lang: Language) =>
    preparedQuery<{ key: string | number }>()((db, p) =>
      db
        .selectFrom('guests')
        .leftJoin('user_types', 'user_types.id', 'guests.user_type_id')
        .select(scannedGuestColumns(lang))
        .where(`guests.${by}`, '=', p('key')),
    );
  const byLanguage = { 'zh-tw': query('zh-tw'), 'zh-cn': query('zh-cn'), en: query('en') } satisfies Record<
    Language,
    unknown
  >;
  return (db: Db, key: string | number, lang: Language) => byLanguage[lang].takeFirst(db, { key });
}

export const findGuestByCode = scannedGuest('guest_code');
export type ScannedGuest = NonNullable<Awaited<ReturnType<typeof findGuestByCode>>>;

export const findGuestById = scannedGuest('id');

/**
 * The guests of many scans at once (an offline station's upload), by code and by id, each as
 * `findGuestByCode` answers: one query for the whole batch instead of one per scan.
 */
export async function findGuestsByKeys(
  db: Db,
  keys: { codes: readonly string[]; ids: readonly number[] },
  lang: Language,
): Promise<{ byCode: Map<string, ScannedGuest>; byId: Map<number, ScannedGuest> }> {
  const byCode = new Map<string, ScannedGuest>();
  const byId = new Map<number, ScannedGuest>();
  if (keys.codes.length === 0 && keys.ids.length === 0) return { byCode, byId };
  const rows = await db
    .selectFrom('guests')
    .leftJoin('user_types', 'user_types.id', 'guests.user_type_id')
    .select(scannedGuestColumns(lang))
    .select('guests.guest_code')
    .where((eb) =>
      eb.or([
        ...(keys.codes.length > 0 ? [eb('guests.guest_code', 'in', keys.codes)] : []),
        ...(keys.ids.length > 0 ? [eb('guests.id', 'in', keys.ids)] : []),
      ]),
    )
    .execute();
  for (const { guest_code, ...guest } of rows) {
    byCode.set(guest_code, guest);
    byId.set(guest.id, guest);
  }
  return { byCode, byId };
}

const enrolment = preparedQuery<{ guestId: number; scheduleId: number }>()((db, p) =>
  db
    .selectFrom('guest_schedules')
    .select('guest_id')
    .where('guest_id', '=', p('guestId'))
    .where('schedule_id', '=', p('scheduleId')),
);
export async function isEnrolled(db: Db, guestId: number, scheduleId: number): Promise<boolean> {
  return (await enrolment.takeFirst(db, { guestId, scheduleId })) !== undefined;
}

const checkInByNonce = preparedQuery<{ nonce: string }>()((db, p) =>
  db
    .selectFrom('check_ins')
    .innerJoin('guests', 'guests.id', 'check_ins.guest_id')
    .select([
      'check_ins.id',
      'check_ins.guest_id',
      'check_ins.meeting_id',
      'check_ins.scope_id',
      'check_ins.type',
      'check_ins.created_at',
      'guests.guest_code',
    ])
    .where('check_ins.nonce', '=', p('nonce')),
);
/** Which of these client nonces a recorded scan already has (one query for a batch of scans). */
export async function findCheckInNonces(db: Db, nonces: readonly string[]): Promise<Set<string>> {
  if (nonces.length === 0) return new Set();
  const rows = await db.selectFrom('check_ins').select('nonce').where('nonce', 'in', nonces).execute();
  return new Set(rows.map((row) => row.nonce));
}

/** The recorded scan a client nonce belongs to, if that scan was accepted, with the code scanned. */
export async function findCheckInByNonce(db: Db, nonce: string) {
  const row = await checkInByNonce.takeFirst(db, { nonce });
  return row && { ...row, created_at: Number(row.created_at) };
}

const attendanceOf = preparedQuery<{ guestId: number; scopeId: number }>()((db, p) =>
  db
    .selectFrom('guest_attendance')
    .select(['inside', 'first_in_at', 'last_in_at', 'last_out_at'])
    .where('guest_id', '=', p('guestId'))
    .where('scope_id', '=', p('scopeId')),
);
export async function findAttendance(db: Db, guestId: number, scopeId: number) {
  const row = await attendanceOf.takeFirst(db, { guestId, scopeId });
  if (!row) return undefined;
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    inside: Number(row.inside),
    first_in_at: num(row.first_in_at),
    last_in_at: num(row.last_in_at),
    last_out_at: num(row.last_out_at),
  };
}

/** The scopes of a meeting with summaries still marked inside from before `today`. */
export async function findScopesOpenBefore(db: Db, meetingId: number, today: number): Promise<number[]> {
  const rows = await db
    .selectFrom('guest_attendance')
    .select('scope_id')
    .distinct()
    .where('meeting_id', '=', meetingId)
    .where('inside', '=', 1)
    .where('last_in_at', '<', today)
    .execute();
  return rows.map((row) => Number(row.scope_id));
}

/**
 * Up to `limit` summaries of a scope still marked inside with an entry from `from` to before `today`,
 * by entry time: whom the end of an earlier day has to close out. One range of the (meeting, scope,
 * last entry) index; a caller going on from the last entry seen skips the rows it has closed.
 */
export async function findOpenBefore(
  db: Db,
  q: { meetingId: number; scopeId: number; from: number; today: number; limit: number },
) {
  const rows = await db
    .selectFrom('guest_attendance')
    .select(['guest_id', 'last_in_at'])
    .where('meeting_id', '=', q.meetingId)
    .where('scope_id', '=', q.scopeId)
    .where('last_in_at', '>=', q.from)
    .where('last_in_at', '<', q.today)
    .where('inside', '=', 1)
    .orderBy('last_in_at')
    .limit(q.limit)
    .execute();
  return rows.map((row) => ({
    guestId: Number(row.guest_id),
    scopeId: q.scopeId,
    lastInAt: Number(row.last_in_at),
  }));
}

interface Transition {
  guestId: number;
  scopeId: number;
  meetingId: number;
  /** When the guest went in or out: now, or an offline scan's own time. */
  at: number;
  /** The server's clock: what a door station's refresh of its copy goes by. */
  changedAt: number;
}

/**
 * Outside → inside, as one conditional upsert: the first entry inserts the summary row, a later
 * one updates it only while the guest is outside and left before `settledBefore` (the repeat
 * window). No row comes back when the guest is already inside, left too recently, or another
 * transaction got there first: both databases decide under the row lock.
 */
const entry = preparedQuery<Transition & { settledBefore: number }>()((db, p) =>
  db
    .insertInto('guest_attendance')
    .values({
      guest_id: p('guestId'),
      scope_id: p('scopeId'),
      meeting_id: p('meetingId'),
      inside: 1,
      first_in_at: p('at'),
      last_in_at: p('at'),
      last_out_at: null,
      updated_at: p('changedAt'),
    })
    .onConflict((oc) =>
      oc
        .columns(['guest_id', 'scope_id'])
        .doUpdateSet({
          inside: 1,
          last_in_at: (eb) => eb.ref('excluded.last_in_at'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
          first_in_at: sql<number>`coalesce(guest_attendance.first_in_at, excluded.first_in_at)`,
        })
        .where('guest_attendance.inside', '=', 0)
        .where((eb) =>
          eb.or([
            eb('guest_attendance.last_out_at', 'is', null),
            eb('guest_attendance.last_out_at', '<=', p('settledBefore')),
          ]),
        ),
    )
    .returning('guest_id'),
);
export async function markInside(trx: Db, t: Transition & { settledBefore: number }): Promise<boolean> {
  return (await entry.takeFirst(trx, t)) !== undefined;
}

/**
 * Inside → outside; false when the guest is not inside today (an earlier day's entry is closed) or
 * entered after `settledBefore` (the repeat window).
 */
const exit = preparedQuery<Transition & { today: number; settledBefore: number }>()((db, p) =>
  db
    .updateTable('guest_attendance')
    .set({ inside: 0, last_out_at: p('at'), updated_at: p('changedAt') })
    .where('guest_id', '=', p('guestId'))
    .where('scope_id', '=', p('scopeId'))
    .where('inside', '=', 1)
    .where('last_in_at', '>=', p('today'))
    .where('last_in_at', '<=', p('settledBefore'))
    .returning('guest_id'),
);
export async function markOutside(
  trx: Db,
  t: Transition & { today: number; settledBefore: number },
): Promise<boolean> {
  return (await exit.takeFirst(trx, t)) !== undefined;
}

/**
 * Closes out, at `at` (the last moment of their day), these guests' summaries of one scope that are
 * still inside from the entries read (all of that day, from `firstIn` to `lastIn`) — not one
 * re-entered since — so that of transactions racing to close a summary, one does. The entry range
 * is also what keeps the statement on a short stretch of the (meeting, scope, last entry) index.
 * Answers the guests closed out.
 */
export async function markClosedOut(
  trx: Db,
  q: {
    meetingId: number;
    scopeId: number;
    firstIn: number;
    lastIn: number;
    at: number;
    guestIds: readonly number[];
  },
): Promise<number[]> {
  const rows = await trx
    .updateTable('guest_attendance')
    .set({ inside: 0, last_out_at: q.at })
    .where('meeting_id', '=', q.meetingId)
    .where('scope_id', '=', q.scopeId)
    .where('guest_id', 'in', q.guestIds)
    .where('inside', '=', 1)
    .where('last_in_at', '>=', q.firstIn)
    .where('last_in_at', '<=', q.lastIn)
    .returning('guest_id')
    .execute();
  return rows.map((row) => Number(row.guest_id));
}

interface CheckInValues {
  meeting_id: number;
  guest_id: number;
  scope_id: number;
  type: ScanType;
  station: string;
  /** null: written by the system (a day's close-out), not scanned by anyone. */
  operator_id: number | null;
  /** The operator's name at scan time, kept through later renames. */
  operator_name: string | null;
  nonce: string;
  created_at: number;
}
const checkIn = preparedQuery<CheckInValues>()((db, p) =>
  db
    .insertInto('check_ins')
    .values({
      meeting_id: p('meeting_id'),
      guest_id: p('guest_id'),
      scope_id: p('scope_id'),
      type: p('type'),
      station: p('station'),
      operator_id: p('operator_id'),
      operator_name: p('operator_name'),
      nonce: p('nonce'),
      created_at: p('created_at'),
    })
    .returning('id'),
);
export async function insertCheckIn(trx: Db, values: CheckInValues): Promise<number> {
  const row = await checkIn.takeFirst(trx, values);
  return Number(row!.id);
}

/** Several rows of the scan log in one statement. */
export async function insertCheckIns(trx: Db, rows: readonly CheckInValues[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('check_ins').values(rows).execute();
}
