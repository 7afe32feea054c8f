import type {
  ClientErrorBody,
  Language,
  LogAction,
  LogSource,
  SystemLogEntry,
  SystemLogFilter,
  SystemLogPage,
} from '@meetflow/shared';
import type { Db } from '../../db/database.ts';
import { describeLocation, locateIp } from './ip-location.ts';
import { insertLog, iterateLogs, listLogs, type LogFilter, type LogRow } from './system-log.repository.ts';

export type { LogAction, LogSource } from '@meetflow/shared';

export interface LogEntry {
  action: LogAction;
  source: LogSource;
  content: string;
  username: string | null;
  ip: string | null;
}

const DAY_MS = 86_400_000;

function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  date.setMonth(date.getMonth() - months);
  return date.getTime();
}

/** Filters from the query: a preset counts back from the server's clock and ends now. */
export function toLogFilter(query: SystemLogFilter, now: number): LogFilter {
  let from = query.from;
  let to = query.to;
  if (query.range) {
    to = now;
    from = query.range === 'week' ? now - 7 * DAY_MS : monthsBefore(now, query.range === 'month' ? 1 : 3);
  }
  return {
    action: query.action_type,
    source: query.source_type,
    username: query.username || undefined,
    ipPrefix: query.ip || undefined,
    keyword: query.keyword || undefined,
    from,
    to,
  };
}

function toEntry(row: LogRow, lang: Language): SystemLogEntry {
  return { ...row, ip_location: describeLocation(row.ip_location, lang) };
}

/** Spec §8's record of an uncaught browser error, as one readable log text. */
export function clientErrorContent(body: ClientErrorBody): string {
  const lines = [`${body.message || '(no message)'} [${body.info}] at ${body.url}`, `time: ${body.time}`];
  if (body.stack) lines.push(body.stack);
  return lines.join('\n');
}

/**
 * The audit trail (spec §3 Log): append-only, written for every admin mutation, login and logout.
 * Nothing here updates or deletes an entry, and no route offers to.
 */
export function createSystemLog(db: Db, clock: () => number) {
  return {
    /** Written with `trx` when given: the entry commits (or rolls back) with the change it records. */
    async record(entry: LogEntry, trx: Db = db): Promise<void> {
      await insertLog(trx, {
        content: entry.content,
        action_type: entry.action,
        source_type: entry.source,
        username: entry.username,
        ip: entry.ip,
        ip_location: locateIp(entry.ip),
        created_at: clock(),
      });
    },

    async list(
      query: SystemLogFilter & { page: number; page_size: number },
      lang: Language,
    ): Promise<SystemLogPage> {
      const { rows, total } = await listLogs(db, toLogFilter(query, clock()), {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      });
      return {
        items: rows.map((r) => toEntry(r, lang)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /** Every matching entry, newest first, read in batches for the streamed export. */
    async *entries(query: SystemLogFilter, lang: Language): AsyncGenerator<SystemLogEntry> {
      for await (const row of iterateLogs(db, toLogFilter(query, clock()))) yield toEntry(row, lang);
    },

    async recordClientError(body: ClientErrorBody, username: string | null, ip: string): Promise<void> {
      await this.record({
        action: 'error',
        source: 'client',
        content: clientErrorContent(body),
        username,
        ip,
      });
    },
  };
}
export type SystemLog = ReturnType<typeof createSystemLog>;
