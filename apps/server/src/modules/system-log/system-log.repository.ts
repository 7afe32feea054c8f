import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertRows } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, lowerLike, prefixPattern } from '../../lib/like.ts';

type LogValues = Required<Omit<Insertable<Database['system_logs']>, 'id'>>;
export async function insertLog(db: Db, entry: LogValues): Promise<void> {
  await insertLogs(db, [entry]);
}

/** Entries of one shape (every column set, in one key order). */
export async function insertLogs(db: Db, entries: readonly LogValues[]): Promise<void> {
  await insertRows(db, 'system_logs', entries);
}

export interface LogFilter {
  action?: string | undefined;
  source?: string | undefined;
  username?: string | undefined;
  ipPrefix?: string | undefined;
  keyword?: string | undefined;
  /** Message keys whose wording in the reader's language contains the keyword. */
  keywordKeys?: readonly string[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Db, filter: LogFilter) {
  let query = db.selectFrom('system_logs');
  if (filter.action) query = query.where('action_type', '=', filter.action);
  if (filter.source) query = query.where('source_type', '=', filter.source);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<=', filter.to);
  if (filter.username) query = query.where(lowerLike('username', containsPattern(filter.username)));
  if (filter.ipPrefix) query = query.where(lowerLike('ip', prefixPattern(filter.ipPrefix)));
  const { keyword, keywordKeys = [] } = filter;
  if (keyword) {
    query = query.where((eb) =>
      eb.or([
        lowerLike('content', containsPattern(keyword)),
        ...(keywordKeys.length ? [eb('message_key', 'in', keywordKeys)] : []),
        // A message nested in the parameters (one of a user's changes) is stored as {"key":"…",…}.
        ...keywordKeys.map((key) => lowerLike('message_params', containsPattern(`{"key":"${key}"`))),
      ]),
    );
  }
  return query;
}

const COLUMNS = [
  'id',
  'content',
  'message_key',
  'message_params',
  'action_type',
  'source_type',
  'username',
  'ip',
  'ip_location',
  'created_at',
  'changes',
] as const;

export type LogRow = Awaited<ReturnType<typeof listLogs>>['rows'][number];

/** Newest first; the id breaks ties between entries of the same millisecond. */
export async function listLogs(db: Db, filter: LogFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .select(COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) })),
    total: Number(count.n),
  };
}

/**
 * One keyset batch of the export (newest first, below `before`, the last entry seen): the export
 * pipeline reads batch after batch, so memory stays flat however long the log is.
 */
export async function logsAfter(
  db: Db,
  filter: LogFilter,
  before: { created_at: number; id: number } | undefined,
  size: number,
) {
  let query = filtered(db, filter).select(COLUMNS);
  if (before) {
    const b = before;
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', b.created_at),
        eb.and([eb('created_at', '=', b.created_at), eb('id', '<', b.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) }));
}

/** Removes entries older than `cutoff` (their retention is over); answers how many. */
export async function deleteLogsBefore(db: Db, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('system_logs').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
