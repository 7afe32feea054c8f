import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { Scope } from './waitlist-scopes.repository.ts';

export type EntryRow = Selectable<Database['waitlist_entries']>;
export type { Scope };

export function insertEntry(trx: Db, values: Insertable<Database['waitlist_entries']>): Promise<EntryRow> {
  return trx.insertInto('waitlist_entries').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The first `limit` in line, in order. */
export function firstWaiting(trx: Db, scope: Scope, limit: number): Promise<EntryRow[]> {
  return trx
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('meeting_id', '=', scope.meetingId)
    .where('scope_id', '=', scope.scopeId)
    .where('status', '=', 'waiting')
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  return db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** 1 + those waiting before this place. */
export async function positionOf(db: Db, entry: Pick<EntryRow, 'meeting_id' | 'scope_id' | 'seq'>) {
  const row = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('meeting_id', '=', entry.meeting_id)
    .where('scope_id', '=', entry.scope_id)
    .where('status', '=', 'waiting')
    .where('seq', '<', entry.seq)
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

/**
 * A visitor who left the meeting's list is no one's business any more: their form and contact go
 * (the place stays, numbered, for the list's history and figures).
 */
export async function eraseEntryContact(trx: Db, entryId: number): Promise<void> {
  await trx
    .updateTable('waitlist_entries')
    .set({ phone: '', email: '', display_name: '', form: null })
    .where('id', '=', entryId)
    .where('status', '=', 'left')
    .execute();
}

/**
 * Moves a place from one status to the next only if it is still in `from` (and, for an offer, still
 * the same offer): the conditional UPDATE is what makes an expiry, an acceptance and a removal racing
 * for one place take effect once.
 */
export async function moveEntry(
  trx: Db,
  id: number,
  from: EntryRow['status'][],
  to: Partial<Omit<EntryRow, 'id'>>,
  offeredAt?: number,
): Promise<boolean> {
  let query = trx.updateTable('waitlist_entries').set(to).where('id', '=', id).where('status', 'in', from);
  if (offeredAt !== undefined) query = query.where('offered_at', '=', offeredAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The live place of a phone on a list, if any. */
export function activeEntryByPhone(db: Db, scope: Scope, areaCode: string, phone: string) {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('meeting_id', '=', scope.meetingId)
    .where('scope_id', '=', scope.scopeId)
    .where('area_code', '=', areaCode)
    .where('phone', '=', phone)
    .where('status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();
}

/** A guest's live place on one session's list. */
export function activeEntryOfGuest(db: Db, scope: Scope, guestId: number) {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('meeting_id', '=', scope.meetingId)
    .where('scope_id', '=', scope.scopeId)
    .where('guest_id', '=', guestId)
    .where('status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();
}

/** A guest's live places on the sessions' lists. */
export function activeEntriesOfGuest(db: Db, guestId: number) {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('guest_id', '=', guestId)
    .where('scope_id', '!=', 0)
    .where('status', 'in', ['waiting', 'offered'])
    .orderBy('scope_id')
    .execute();
}

export async function addToken(trx: Db, entryId: number, tokenHash: string, now: number): Promise<void> {
  await trx
    .insertInto('waitlist_tokens')
    .values({ token_hash: tokenHash, entry_id: entryId, created_at: now })
    .execute();
}

export function entryByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('waitlist_tokens')
    .innerJoin('waitlist_entries', 'waitlist_entries.id', 'waitlist_tokens.entry_id')
    .selectAll('waitlist_entries')
    .where('waitlist_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * The devices of a promoted visitor become the guest's: the same token opens the guest page (and
 * still reads the place, now promoted, so a waiting page open on it learns where to go).
 */
export async function copyTokensToGuest(trx: Db, entryId: number, guestId: number): Promise<void> {
  const tokens = await trx
    .selectFrom('waitlist_tokens')
    .select(['token_hash', 'created_at'])
    .where('entry_id', '=', entryId)
    .execute();
  if (tokens.length === 0) return;
  await trx
    .insertInto('guest_tokens')
    .values(tokens.map((t) => ({ token_hash: t.token_hash, guest_id: guestId, created_at: t.created_at })))
    .execute();
}

/** A list's figures: how many wait, hold offers, let them lapse, got seats… */
export async function countsByStatus(db: Db, scope: Scope) {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('meeting_id', '=', scope.meetingId)
    .where('scope_id', '=', scope.scopeId)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** One page of a list, in line order (then by when they left it). */
export async function listEntries(
  db: Db,
  scope: Scope,
  options: { active: boolean; offset: number; limit: number },
) {
  const base = db
    .selectFrom('waitlist_entries')
    .where('meeting_id', '=', scope.meetingId)
    .where('scope_id', '=', scope.scopeId)
    .$if(options.active, (qb) => qb.where('status', 'in', ['waiting', 'offered']));
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      // Offers first (they hold seats), then the line, then the rest by when it left.
      .orderBy(sql`case status when 'offered' then 0 when 'waiting' then 1 else 2 end`)
      .orderBy('seq')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every place of a list (the export), in line order. */
export function allEntries(db: Db, scope: Scope) {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('meeting_id', '=', scope.meetingId)
    .where('scope_id', '=', scope.scopeId)
    .orderBy(sql`case status when 'offered' then 0 when 'waiting' then 1 else 2 end`)
    .orderBy('seq')
    .execute();
}

/** A guest as a session's list needs them (contact copied onto the place). */
export function guestForPlace(db: Db, guestId: number) {
  return db
    .selectFrom('guests')
    .select([
      'id',
      'meeting_id',
      'area_code',
      'phone',
      'email',
      'name',
      'name_zh',
      'name_en',
      'language',
      'cancelled_at',
    ])
    .where('id', '=', guestId)
    .executeTakeFirst();
}

/** Whether a phone is a live guest of the meeting already (a place on the meeting's list then gives way). */
export async function isGuestPhone(db: Db, meetingId: number, areaCode: string, phone: string) {
  const row = await db
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .where('area_code', '=', areaCode)
    .where('phone', '=', phone)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export { formReferencesExist } from '../dictionary/dictionary.reads.ts';

export async function isEnrolled(db: Db, guestId: number, scheduleId: number) {
  const row = await db
    .selectFrom('guest_schedules')
    .select('guest_id')
    .where('guest_id', '=', guestId)
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
  return row !== undefined;
}
