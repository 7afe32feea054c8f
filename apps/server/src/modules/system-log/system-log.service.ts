import { type Language } from '@meetflow/shared/languages';
import {
  logMessage,
  logMessageKeysContaining,
  renderLogMessage,
  type LogMessage,
} from '@meetflow/shared/log-messages';
import {
  type ClientErrorBody,
  type LogAction,
  type LogSource,
  type SystemLogEntry,
  type SystemLogFilter,
  type SystemLogPage,
} from '@meetflow/shared/schemas/system-log';
import { z } from 'zod';
import { fieldChange, type FieldChange } from '@meetflow/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import { describeLocation, locateIp } from './ip-location.ts';
import {
  deleteLogsBefore,
  insertLogs,
  listLogs,
  logsAfter,
  type LogFilter,
  type LogRow,
} from './system-log.repository.ts';
import { keysetRows } from '../../lib/export-pipeline.ts';

export type { LogMessage } from '@meetflow/shared/log-messages';
export type { LogAction, LogSource } from '@meetflow/shared/schemas/system-log';

export interface LogEntry {
  action: LogAction;
  source: LogSource;
  /** Read in each reader's language; its parameters carry no passwords, tokens or full phone numbers. */
  message: LogMessage;
  username: string | null;
  ip: string | null;
  /** The fields the change touched (see field-changes.ts: personal values masked). */
  changes?: FieldChange[];
}

const DAY_MS = 86_400_000;

function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  date.setMonth(date.getMonth() - months);
  return date.getTime();
}

/** Filters from the query: a preset counts back from the server's clock and ends now. */
export function toLogFilter(query: SystemLogFilter, now: number, lang: Language): LogFilter {
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
    keywordKeys: query.keyword ? logMessageKeysContaining(query.keyword, lang) : undefined,
    from,
    to,
  };
}

/** The stored message, or null for rows older than the catalogue (or naming a key since removed). */
function storedMessage(row: LogRow): LogMessage | null {
  if (row.message_key === null) return null;
  try {
    const parsed = logMessage.safeParse({
      key: row.message_key,
      params: JSON.parse(row.message_params ?? '{}'),
    });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function storedChanges(row: LogRow): FieldChange[] {
  if (!row.changes) return [];
  try {
    const parsed = z.array(fieldChange).safeParse(JSON.parse(row.changes));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function toEntry(row: LogRow, lang: Language): SystemLogEntry {
  const { message_key: _key, message_params: _params, ...entry } = row;
  const message = storedMessage(row);
  return {
    ...entry,
    content: message ? renderLogMessage(message, lang) : row.content,
    ip_location: describeLocation(row.ip_location, lang),
    changes: storedChanges(row),
  };
}

/**
 * The columns that keep a message: its key and parameters, and its English text, which older
 * rows also hold and keyword searches read.
 */
export function storedMessageColumns(message: LogMessage) {
  return {
    content: renderLogMessage(message, 'en'),
    message_key: message.key,
    message_params: JSON.stringify(message.params ?? {}),
  };
}

/** Spec §8's record of an uncaught browser error. */
export function clientErrorMessage(body: ClientErrorBody): LogMessage {
  return {
    key: 'client.error',
    params: {
      message: body.message || [{ key: 'client.no_message' }],
      info: body.info,
      url: body.url,
      time: body.time,
      stack: body.stack,
    },
  };
}

/**
 * The audit trail (spec §3 Log): append-only, written for every admin mutation, login and logout.
 * Nothing here updates an entry, and no route offers to change or delete one; entries past the
 * log's retention (LOG_RETENTION_DAYS) are removed by the retention pass.
 */
export function createSystemLog(db: Db, clock: () => number) {
  async function recordAll(entries: readonly LogEntry[], trx: Db = db): Promise<void> {
    const now = clock();
    await insertLogs(
      trx,
      entries.map((entry) => ({
        ...storedMessageColumns(entry.message),
        action_type: entry.action,
        source_type: entry.source,
        username: entry.username,
        ip: entry.ip,
        ip_location: locateIp(entry.ip),
        created_at: now,
        changes: entry.changes?.length ? JSON.stringify(entry.changes) : null,
      })),
    );
  }

  return {
    /** Written with `trx` when given: the entry commits (or rolls back) with the change it records. */
    record: (entry: LogEntry, trx: Db = db): Promise<void> => recordAll([entry], trx),
    /** Many entries in one statement (sign-ups admitted together), with `trx` as for one. */
    recordAll,

    async list(
      query: SystemLogFilter & { page: number; page_size: number },
      lang: Language,
    ): Promise<SystemLogPage> {
      const { rows, total } = await listLogs(db, toLogFilter(query, clock(), lang), {
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
      const filter = toLogFilter(query, clock(), lang);
      for await (const row of keysetRows((last: LogRow | undefined, size) =>
        logsAfter(db, filter, last, size),
      )) {
        yield toEntry(row, lang);
      }
    },

    /**
     * The log's own retention: entries older than `cutoff` are removed (never edited). Answers how
     * many; the removal is itself recorded by the caller.
     */
    pruneBefore: (cutoff: number) => deleteLogsBefore(db, cutoff),

    async recordClientError(body: ClientErrorBody, username: string | null, ip: string): Promise<void> {
      await this.record({
        action: 'error',
        source: 'client',
        message: clientErrorMessage(body),
        username,
        ip,
      });
    },
  };
}
export type SystemLog = ReturnType<typeof createSystemLog>;
