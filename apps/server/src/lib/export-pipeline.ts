import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LogMessage, LogMessageKey } from '@meetflow/shared/log-messages';
import { sendXlsx, type PreparedSheet } from './xlsx-export.ts';

/*
 * The one export pipeline: every XLSX export (guests, schedule detail, system log) reads its rows in
 * keyset batches of EXPORT_BATCH_ROWS, streams them through `sendXlsx` (which reads the next row only
 * when the reply has room), then writes the audit entry and, once the file is complete, tells the
 * user it is ready. Export routes only say what to read and how to name it.
 */

/**
 * Rows per keyset batch of every export: one batch is what an export holds in memory. Small, because
 * what outlives each young-generation GC adds up, and past a few tens of MB V8 doubles its young
 * generation (about +60 MB of RSS); 100 rows keep a 100,000-guest export below that (measured, see
 * docs/decisions/0070-own-xlsx-writer.md).
 */
export const EXPORT_BATCH_ROWS = 100;

/**
 * The batches `readAfter` returns, one after another: `readAfter(last, size)` is one keyset query for
 * the `size` rows after `last` (undefined: the first batch). Stops at a short batch.
 */
export async function* keysetBatches<Row>(
  readAfter: (last: Row | undefined, size: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let last: Row | undefined;
  for (;;) {
    const rows = await readAfter(last, EXPORT_BATCH_ROWS);
    yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    last = rows[rows.length - 1];
  }
}

/** Every row of `keysetBatches`, one at a time. */
export async function* keysetRows<Row>(
  readAfter: (last: Row | undefined, size: number) => Promise<Row[]>,
): AsyncGenerator<Row> {
  for await (const rows of keysetBatches(readAfter)) yield* rows;
}

/** Where an export reports: the system log (structural, so that lib/ needs no module). */
export interface ExportReporting {
  systemLog: {
    record(entry: {
      action: 'export';
      source: 'admin';
      message: LogMessage;
      username: string | null;
      ip: string | null;
    }): Promise<void>;
  };
  notifications: {
    notify(userId: number, type: 'export_ready', params: { file: string }): Promise<void>;
  };
  /** Told when a meeting's export completed (the webhooks' export.finished). */
  exportFinished?(finished: {
    meetingId: number;
    fileName: string;
    rows: number;
    kind: LogMessageKey;
  }): Promise<void>;
}

export interface ExportSpec {
  /** Who exports: named in the audit entry, notified when the file is complete. */
  user: { id: number; auditName: string };
  /** With the extension; also the file named in the "export ready" notification. */
  fileName: string;
  sheets: readonly PreparedSheet[];
  /** The audit entry's message key, e.g. 'guest.exported'. */
  auditKey: LogMessageKey;
  /** Parameters of the audit entry besides `rows` and `interrupted`. */
  auditParams?: Record<string, string | number>;
  /** The meeting exported from, if any: its endpoints hear of the finished export. */
  meetingId?: number;
}

/**
 * Streams the export as the reply; when the writer stops, records 'export' in the system log (rows
 * written, and whether the download was cut short) and, for a complete file only, notifies the user.
 */
export function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  reporting: ExportReporting,
  spec: ExportSpec,
): FastifyReply {
  return sendXlsx(request, reply, {
    fileName: spec.fileName,
    sheets: spec.sheets,
    audit: async (rows, completed) => {
      await reporting.systemLog.record({
        action: 'export',
        source: 'admin',
        message: {
          key: spec.auditKey,
          params: {
            rows,
            ...spec.auditParams,
            interrupted: completed ? [] : [{ key: 'export.interrupted' }],
          },
        },
        username: spec.user.auditName,
        ip: request.ip,
      });
      if (!completed) return;
      await reporting.notifications.notify(spec.user.id, 'export_ready', { file: spec.fileName });
      if (spec.meetingId !== undefined)
        await reporting.exportFinished?.({
          meetingId: spec.meetingId,
          fileName: spec.fileName,
          rows,
          kind: spec.auditKey,
        });
    },
  });
}
