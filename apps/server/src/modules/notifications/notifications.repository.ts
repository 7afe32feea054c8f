import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface NewNotification {
  type: string;
  meetingId: number | null;
  params: string;
  createdAt: number;
}

export async function insertNotification(db: Db, userId: number, n: NewNotification): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      type: n.type,
      meeting_id: n.meetingId,
      params: n.params,
      read_at: null,
      created_at: n.createdAt,
    })
    .execute();
}

/**
 * One statement for everyone concerned with a meeting: its creator, and the enabled users who may
 * see its guests (guest:view, or an administrator role) and whose organisation is the meeting's or
 * one above it: organisation scoping lets a parent organisation's users see their subtree's meetings.
 */
export async function insertForMeetingAudience(
  db: Db,
  meetingId: number,
  n: Omit<NewNotification, 'meetingId'>,
): Promise<void> {
  const audience = db
    .withRecursive('chain(id)', (qb) =>
      qb
        .selectFrom('meetings')
        .select('meetings.organization_id as id')
        .where('meetings.id', '=', meetingId)
        // UNION, not UNION ALL: a cycle in damaged data would end instead of looping.
        .union((sub) =>
          sub
            .selectFrom('organizations')
            .innerJoin('chain', 'chain.id', 'organizations.id')
            .select('organizations.parent_id as id')
            .where('organizations.parent_id', 'is not', null)
            .$narrowType<{ id: number }>(),
        ),
    )
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .innerJoin('meetings', (join) => join.on('meetings.id', '=', meetingId))
    .where('users.enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb('users.id', '=', eb.ref('meetings.created_by')),
        eb.and([
          eb('users.organization_id', 'in', eb.selectFrom('chain').select('chain.id')),
          eb.or([eb('roles.is_admin', '=', 1), eb('roles.permissions', 'like', '%"guest:view"%')]),
        ]),
      ]),
    )
    // Typed casts: PostgreSQL cannot infer the type of a bare parameter in a select list.
    .select([
      'users.id',
      sql<string>`cast(${n.type} as varchar(32))`.as('type'),
      sql<number>`cast(${meetingId} as integer)`.as('meeting_id'),
      sql<string>`cast(${n.params} as text)`.as('params'),
      sql<number>`cast(${n.createdAt} as bigint)`.as('created_at'),
    ]);
  await db
    .insertInto('notifications')
    .columns(['user_id', 'type', 'meeting_id', 'params', 'created_at'])
    .expression(audience)
    .execute();
}

export async function listNotifications(
  db: Db,
  userId: number,
  unreadOnly: boolean,
  page: { offset: number; limit: number },
) {
  let base = db.selectFrom('notifications').where('user_id', '=', userId);
  if (unreadOnly) base = base.where('read_at', 'is', null);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'type', 'meeting_id', 'params', 'read_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      meeting_id: r.meeting_id === null ? null : Number(r.meeting_id),
      created_at: Number(r.created_at),
    })),
    total: Number(count.n),
  };
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one (of this user's) read; false when there is no such notification. */
export async function markRead(db: Db, userId: number, id: number, now: number): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markAllRead(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/* The deadline announcement is claimed on the meeting's row: the meetings module's read and write. */
export { dueDeadlines as findDueDeadlines } from '../meetings/meetings.reads.ts';
export { claimDeadlineNotice as claimDeadline } from '../meetings/meetings.writes.ts';
