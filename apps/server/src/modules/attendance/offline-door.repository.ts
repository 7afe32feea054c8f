import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

/**
 * The guests of a meeting as a door station's copy holds them, with their attendance in one scope:
 * all live guests, or (with `since`) every guest — cancelled ones too — whose data or attendance
 * changed after it. One pass over the meeting's guests: a meeting has thousands, not millions.
 */
export async function listDoorGuests(
  db: Db,
  q: {
    meetingId: number;
    scopeId: number;
    since?: number;
    enrolmentIn?: number;
    withPhone: boolean;
    /** With their answers and type: the meeting asks questions at the door. */
    withAnswers?: boolean;
  },
) {
  const rows = await db
    .selectFrom('guests as g')
    .leftJoin('guest_attendance as ga', (join) =>
      join.onRef('ga.guest_id', '=', 'g.id').on('ga.scope_id', '=', q.scopeId),
    )
    .select([
      'g.id',
      'g.guest_code',
      'g.name',
      'g.name_zh',
      'g.name_en',
      'g.user_type_id',
      'g.cancelled_at',
      'g.unpaid',
      'g.approval',
      'ga.inside',
      'ga.last_in_at',
      'ga.last_out_at',
    ])
    .$if(q.withPhone, (qb) => qb.select('g.phone'))
    .$if(q.withAnswers === true, (qb) => qb.select('g.answers'))
    .$if(q.enrolmentIn !== undefined, (qb) =>
      qb.select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('guest_schedules as gs')
              .select('gs.guest_id')
              .whereRef('gs.guest_id', '=', 'g.id')
              .where('gs.schedule_id', '=', q.enrolmentIn!),
          )
          .as('enrolled'),
      ),
    )
    .where('g.meeting_id', '=', q.meetingId)
    .$if(q.since === undefined, (qb) => qb.where('g.cancelled_at', 'is', null))
    .$if(q.since !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('g.created_at', '>', q.since!),
          eb('g.updated_at', '>', q.since!),
          eb('ga.updated_at', '>', q.since!),
        ]),
      ),
    )
    .orderBy('g.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    phone: 'phone' in row ? (row.phone as string) : null,
    answers: 'answers' in row ? (row.answers as string) : '{}',
    enrolled: 'enrolled' in row ? Boolean(row.enrolled) : true,
    inside: Number(row.inside ?? 0) === 1,
    last_in_at: row.last_in_at === null ? null : Number(row.last_in_at),
    last_out_at: row.last_out_at === null ? null : Number(row.last_out_at),
  }));
}

/* The station's headline: the dictionary module's reads. */
export {
  sessionName as findSchedule,
  userTypeNames as listUserTypes,
} from '../dictionary/dictionary.reads.ts';

export type ConflictValues = Omit<Database['scan_conflicts'], 'id'>;

export async function insertConflict(trx: Db, values: ConflictValues): Promise<void> {
  await trx.insertInto('scan_conflicts').values(values).execute();
}

export function findConflictByNonce(db: Db, nonce: string) {
  return db
    .selectFrom('scan_conflicts')
    .select(['id', 'reason'])
    .where('nonce', '=', nonce)
    .executeTakeFirst();
}

/** The conflicts these nonces were kept as, by nonce (one query for a batch of scans). */
export async function findConflictReasons(db: Db, nonces: readonly string[]): Promise<Map<string, string>> {
  if (nonces.length === 0) return new Map();
  const rows = await db
    .selectFrom('scan_conflicts')
    .select(['nonce', 'reason'])
    .where('nonce', 'in', nonces)
    .execute();
  return new Map(rows.map((row) => [row.nonce, row.reason]));
}

/** A meeting's conflicts, newest scan first. */
export async function listConflicts(db: Db, meetingId: number, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('scan_conflicts')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .orderBy('scanned_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('scan_conflicts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', meetingId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
