import {
  STATEMENT_PREVIEW_MINUTES,
  STATEMENT_ROWS_MAX,
  type StatementApplied,
  type StatementLine,
  type StatementPreview,
} from '@meetflow/shared/schemas/payments';
import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/secure-random.ts';
import { loadSpreadsheetReader, SpreadsheetError } from '../../lib/spreadsheet.ts';
import type { Db } from '../../db/database.ts';
import type { ConfirmOutcome, PaymentInput } from './confirm-payment.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as orders from './orders.repository.ts';
import { guestNameOf } from './order-admin.ts';
import { creditLines, findColumns, referenceKey, type CreditLine } from './statement-sheet.ts';
import * as statements from './statements.repository.ts';

/*
 * Reconciliation by bank statement (issue 44): a CSV or XLSX export of the organisation's account
 * is read once and matched to the meeting's orders (the order's reference in the line's text AND
 * the order's total equal to the amount), shown to the organiser, and applied only when they
 * confirm. Applying pays each matched line through the one confirm path with the line's hash as
 * the provider reference: a statement imported twice (or overlapping the last one) pays nothing
 * twice, and a line that arrived after its order's hold expired is handled as any late payment.
 */

export type StatementDeps = Pick<PaymentsDeps, 'db' | 'clock' | 'systemLog' | 'mail'> & {
  confirmIn: (trx: Db, input: PaymentInput) => Promise<ConfirmOutcome>;
};

/** A line as the preview keeps it for apply. */
interface KeptLine extends CreditLine {
  outcome: StatementLine['outcome'];
  order_id: number | null;
  order_reference: string | null;
  guest_name: string | null;
}

/** Orders whose payment is still to come, or arrived after they closed (a late payment is never lost). */
const PAYABLE = new Set<orders.OrderStatus>(['pending', 'expired', 'cancelled']);
const PREVIEW_MS = STATEMENT_PREVIEW_MINUTES * 60_000;
/** A reference shorter than this is not looked for in a line's text (it would match by chance). */
const REFERENCE_MIN = 4;

/** The reader's refusal as the user reads it (the imports' messages). */
function readError(error: unknown): unknown {
  if (!(error instanceof SpreadsheetError)) return error;
  switch (error.problem) {
    case 'unsafe':
      return new AppError('IMPORT_FILE_UNSAFE');
    case 'too_many_rows':
      return new AppError('IMPORT_TOO_MANY_ROWS');
    case 'text_too_long':
      return new AppError('IMPORT_TEXT_TOO_LONG', { data: error.row ? { row: error.row } : null });
    default:
      return new AppError('STATEMENT_UNREADABLE');
  }
}

/** The rows of the file's first sheet (CSV: its one sheet), through the imports' safe reader. */
async function readRows(bytes: Uint8Array) {
  const reader = await loadSpreadsheetReader();
  const format = reader.sniffFormat(bytes);
  if (!format) {
    throw new AppError(reader.isLegacyExcel(bytes) ? 'IMPORT_XLS_NOT_SUPPORTED' : 'STATEMENT_UNREADABLE');
  }
  const rows: { number: number; cells: string[] }[] = [];
  try {
    if (format === 'xlsx') await reader.checkZip(bytes, STATEMENT_ROWS_MAX + 1);
    let first: string | undefined;
    for await (const { sheet, row } of reader.readSheets(bytes, { format, maxRows: STATEMENT_ROWS_MAX })) {
      first ??= sheet;
      if (sheet === first) rows.push(row);
    }
  } catch (error) {
    throw readError(error);
  }
  return rows;
}

/** Each line's outcome against the meeting's orders and the lines imported before. */
async function matchLines(deps: StatementDeps, meetingId: number, lines: CreditLine[]) {
  const [candidates, imported] = await Promise.all([
    orders.ordersForMatching(deps.db, meetingId),
    statements.linesByHash(
      deps.db,
      meetingId,
      lines.map((l) => l.hash),
    ),
  ]);
  const known = new Set(imported.map((l) => l.line_hash));
  const keyed = candidates
    .map((o) => ({ ...o, key: referenceKey(o.reference) }))
    .filter((o) => o.key.length >= REFERENCE_MIN);
  return lines.map((line): KeptLine => {
    const text = referenceKey(line.text);
    const named = keyed.filter((o) => text.includes(o.key));
    const order = named.find((o) => o.total === line.amount) ?? named[0];
    const outcome: StatementLine['outcome'] = !order
      ? 'unmatched'
      : order.total !== line.amount
        ? 'amount_differs'
        : known.has(line.hash) || !PAYABLE.has(order.status)
          ? 'already'
          : 'matched';
    return {
      ...line,
      outcome,
      order_id: order?.id ?? null,
      order_reference: order?.reference ?? null,
      guest_name: order ? guestNameOf(order) : null,
    };
  });
}

function shown(line: KeptLine): StatementLine {
  return {
    row: line.row,
    booked_on: line.booked_on,
    amount: line.amount,
    text: line.text,
    outcome: line.outcome,
    order_reference: line.order_reference,
    guest_name: line.guest_name,
  };
}

export function createStatementImport(deps: StatementDeps) {
  const { db, clock } = deps;

  return {
    /** Reads and matches a statement; nothing is paid until `apply` with the preview's id. */
    async preview({ user }: Actor, meetingId: number, bytes: Uint8Array): Promise<StatementPreview> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const rows = await readRows(bytes);
      const columns = findColumns(rows);
      if (!columns) throw new AppError('STATEMENT_UNREADABLE');
      const lines = await matchLines(deps, meeting.id, creditLines(rows, columns));
      const now = clock();
      const id = randomToken(16);
      await statements.deletePreviewsBefore(db, now - PREVIEW_MS);
      await statements.insertPreview(db, {
        id,
        meeting_id: meeting.id,
        user_id: user.id,
        lines: JSON.stringify(lines),
        created_at: now,
      });
      const matched = lines.filter((l) => l.outcome === 'matched').length;
      return { preview_id: id, lines: lines.map(shown), matched, unmatched: lines.length - matched };
    },

    /**
     * Pays the preview's matched lines, each in its own transaction: the line is recorded (its hash
     * unique per meeting) and its payment confirmed with the hash as provider reference. A line whose
     * order changed since the preview (paid meanwhile, another amount) is skipped. Once only: the
     * preview is taken before the first line is applied.
     */
    async apply({ user, ip }: Actor, meetingId: number, previewId: string): Promise<StatementApplied> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const preview = await statements.findPreview(db, previewId);
      if (!preview || preview.meeting_id !== meeting.id || preview.created_at < clock() - PREVIEW_MS)
        throw new AppError('NOT_FOUND');
      if (!(await statements.deletePreview(db, preview.id))) throw new AppError('NOT_FOUND');
      const lines = JSON.parse(preview.lines) as KeptLine[];
      let paid = 0;
      for (const line of lines) {
        if (line.outcome !== 'matched' || line.order_id === null) continue;
        const orderId = line.order_id;
        const recorded = await db.transaction().execute(async (trx) => {
          const order = await orders.lockOrder(trx, orderId);
          if (!order || !PAYABLE.has(order.status) || order.total !== line.amount) return false;
          const lineId = await statements.insertLine(trx, {
            meeting_id: meeting.id,
            line_hash: line.hash,
            booked_on: line.booked_on,
            amount: line.amount,
            text: line.text,
            order_id: orderId,
            state: 'applied',
            created_at: clock(),
          });
          if (lineId === null) return false;
          const outcome = await deps.confirmIn(trx, {
            orderId,
            method: 'statement',
            amount: line.amount,
            providerRef: line.hash,
            userId: null,
            note: line.text,
            auditName: user.auditName,
            ip,
          });
          return outcome !== 'duplicate';
        });
        if (recorded) paid += 1;
      }
      const skipped = lines.length - paid;
      await deps.systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'payments.statement_imported',
          params: { meeting_id: meeting.id, paid, skipped },
        },
        username: user.auditName,
        ip,
      });
      if (paid > 0) deps.mail?.kick();
      return { paid, skipped };
    },
  };
}

export type StatementImport = ReturnType<typeof createStatementImport>;
