import { sql } from 'kysely';
import { PostgresAdapter } from 'kysely';
import type { CmeLinkKind } from '@meetflow/shared/schemas/cme';
import type { Db } from '../../db/database.ts';
import { containsPattern, lowerLike } from '../../lib/like.ts';

/*
 * The CME record's people, their links to guests and the yearly return's columns. A linked guest
 * counts while it is live: not cancelled, in a meeting not deleted (an erased guest loses its link,
 * cme.writes.ts).
 */

export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** The advisory locks' first key for the CME linking (the seats' queue is 1). */
const CME_LINKING_LOCK = 43;

/**
 * PostgreSQL: one linking, merge or split of an organisation at a time (two would make two people
 * of one licence); SQLite runs one writer already.
 */
export async function lockOrganizationLinks(trx: Db, organizationId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${CME_LINKING_LOCK}, ${organizationId})`.execute(trx);
}

const PERSON_COLUMNS = ['id', 'organization_id', 'name', 'licence_number', 'email'] as const;

export function findPerson(db: Db, id: number) {
  return db.selectFrom('cme_people').select(PERSON_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function peopleOf(db: Db, organizationId: number) {
  return db
    .selectFrom('cme_people')
    .select(PERSON_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

/**
 * The people, in every organisation, holding a live guest who gave this e-mail (lower-cased), with
 * the organisation's name: the public page's, which shows each of them only those guests.
 */
export function peopleOfGuestEmail(db: Db, email: string) {
  return db
    .selectFrom('cme_people')
    .innerJoin('organizations', 'organizations.id', 'cme_people.organization_id')
    .select([
      'cme_people.id',
      'cme_people.organization_id',
      'cme_people.name',
      'cme_people.licence_number',
      'cme_people.email',
      'organizations.name as organization_name',
    ])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('cme_links')
          .innerJoin('guests', 'guests.id', 'cme_links.guest_id')
          .innerJoin('meetings', 'meetings.id', 'guests.meeting_id')
          .select('cme_links.guest_id')
          .whereRef('cme_links.person_id', '=', 'cme_people.id')
          .where(sql<string>`lower(guests.email)`, '=', email)
          .where('guests.cancelled_at', 'is', null)
          .where('meetings.deleted_at', 'is', null),
      ),
    )
    .orderBy('cme_people.id')
    .execute();
}

export async function insertPerson(
  trx: Db,
  values: { organization_id: number; name: string; licence_number: string; email: string },
  now: number,
): Promise<number> {
  const row = await trx
    .insertInto('cme_people')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePerson(
  trx: Db,
  id: number,
  values: Partial<{ name: string; licence_number: string; email: string }>,
  now: number,
): Promise<void> {
  await trx
    .updateTable('cme_people')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deletePeople(trx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('cme_people').where('id', 'in', ids).execute();
}

/** People of the organisation holding no link. */
export async function emptyPeople(trx: Db, organizationId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('cme_people')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('cme_links').select('guest_id').whereRef('person_id', '=', 'cme_people.id'))),
    )
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function insertLinks(
  trx: Db,
  links: readonly { guest_id: number; person_id: number }[],
  kind: CmeLinkKind,
  now: number,
): Promise<void> {
  for (let i = 0; i < links.length; i += 500) {
    const chunk = links.slice(i, i + 500).map((l) => ({ ...l, linked_by: kind, created_at: now }));
    await trx.insertInto('cme_links').values(chunk).execute();
  }
}

export async function deleteLinks(trx: Db, guestIds: readonly number[]): Promise<void> {
  for (let i = 0; i < guestIds.length; i += 500)
    await trx
      .deleteFrom('cme_links')
      .where('guest_id', 'in', guestIds.slice(i, i + 500))
      .execute();
}

/** Moves guests' links to a person, as links set by hand. */
export async function moveLinks(trx: Db, guestIds: readonly number[], personId: number): Promise<void> {
  await trx
    .updateTable('cme_links')
    .set({ person_id: personId, linked_by: 'manual' })
    .where('guest_id', 'in', guestIds)
    .execute();
}

/** The automatic links of an organisation's people, with what the guest now says (to redo stale ones). */
export function autoLinksOf(db: Db, organizationId: number) {
  return db
    .selectFrom('cme_links')
    .innerJoin('cme_people', 'cme_people.id', 'cme_links.person_id')
    .innerJoin('guests', 'guests.id', 'cme_links.guest_id')
    .select([
      'cme_links.guest_id',
      'cme_links.person_id',
      'guests.license_number',
      'guests.email',
      'guests.name',
      'guests.name_zh',
      'guests.name_en',
    ])
    .where('cme_people.organization_id', '=', organizationId)
    .where('cme_links.linked_by', '=', 'auto')
    .where('guests.erased_at', 'is', null)
    .execute();
}

/** The links set by hand of an organisation's people, with the guest's licence and e-mail (the index's). */
export function manualLinksOf(db: Db, organizationId: number) {
  return db
    .selectFrom('cme_links')
    .innerJoin('cme_people', 'cme_people.id', 'cme_links.person_id')
    .innerJoin('guests', 'guests.id', 'cme_links.guest_id')
    .select(['cme_links.person_id', 'guests.license_number', 'guests.email'])
    .where('cme_people.organization_id', '=', organizationId)
    .where('cme_links.linked_by', '=', 'manual')
    .where('guests.erased_at', 'is', null)
    .orderBy('cme_links.person_id')
    .execute();
}

/** The live guests linked to these people, with their meeting, oldest meeting first. */
export function entriesOf(db: Db, personIds: readonly number[]) {
  return db
    .selectFrom('cme_links')
    .innerJoin('guests', 'guests.id', 'cme_links.guest_id')
    .innerJoin('meetings', 'meetings.id', 'guests.meeting_id')
    .select([
      'cme_links.person_id',
      'cme_links.guest_id',
      'cme_links.linked_by',
      'meetings.id as meeting_id',
      'meetings.name as meeting_name',
      'meetings.name_cn as meeting_name_cn',
      'meetings.name_en as meeting_name_en',
      'meetings.start_at',
      'meetings.end_at',
      'guests.name',
      'guests.name_zh',
      'guests.name_en',
      'guests.license_number',
      'guests.email',
    ])
    .where('cme_links.person_id', 'in', personIds.length > 0 ? personIds : [0])
    .where('guests.cancelled_at', 'is', null)
    .where('meetings.deleted_at', 'is', null)
    .orderBy('meetings.start_at')
    .orderBy('cme_links.guest_id')
    .execute();
}
export type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

/** One page of an organisation's people (by name), with the number of live guests each holds. */
export async function peoplePage(
  db: Db,
  organizationId: number,
  query: { keyword?: string | undefined; page: number; page_size: number },
) {
  const pattern = query.keyword ? containsPattern(query.keyword) : undefined;
  const base = db
    .selectFrom('cme_people')
    .where('cme_people.organization_id', '=', organizationId)
    .$if(pattern !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          lowerLike('cme_people.name', pattern!),
          lowerLike('cme_people.licence_number', pattern!),
          lowerLike('cme_people.email', pattern!),
        ]),
      ),
    );
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(PERSON_COLUMNS.map((c) => `cme_people.${c}` as const))
    .orderBy('cme_people.name')
    .orderBy('cme_people.id')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { total: Number(total), rows };
}

/** Every live linked guest of the organisation's meetings that start in [from, to), with the person. */
export function returnEntries(db: Db, organizationId: number, from: number, to: number) {
  return db
    .selectFrom('cme_links')
    .innerJoin('cme_people', 'cme_people.id', 'cme_links.person_id')
    .innerJoin('guests', 'guests.id', 'cme_links.guest_id')
    .innerJoin('meetings', 'meetings.id', 'guests.meeting_id')
    .select([
      'cme_links.guest_id',
      'cme_people.name as person_name',
      'cme_people.licence_number',
      'cme_people.email',
      'meetings.name as meeting_name',
      'meetings.name_cn as meeting_name_cn',
      'meetings.name_en as meeting_name_en',
      'meetings.start_at',
      'meetings.end_at',
    ])
    .where('cme_people.organization_id', '=', organizationId)
    .where('meetings.organization_id', '=', organizationId)
    .where('meetings.start_at', '>=', from)
    .where('meetings.start_at', '<', to)
    .where('meetings.deleted_at', 'is', null)
    .where('guests.cancelled_at', 'is', null)
    .orderBy('meetings.start_at')
    .orderBy('meetings.id')
    .orderBy('cme_people.name')
    .orderBy('cme_links.guest_id')
    .execute();
}

export async function findReturnColumns(db: Db, organizationId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('cme_return_settings')
    .select('columns')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.columns;
}

export async function saveReturnColumns(db: Db, organizationId: number, columns: string, now: number) {
  await db
    .insertInto('cme_return_settings')
    .values({ organization_id: organizationId, columns, updated_at: now })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ columns, updated_at: now }))
    .execute();
}

/** The guests a person holds (the split's check, the merge's move). */
export async function linkedGuestIds(db: Db, personId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('cme_links')
    .select('guest_id')
    .where('person_id', '=', personId)
    .execute();
  return rows.map((r) => Number(r.guest_id));
}
