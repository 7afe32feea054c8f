import { createHash } from 'node:crypto';
import { parseMinorAmount } from '@meetflow/shared/schemas/payments';

/*
 * A bank statement's rows, as the spreadsheet reader gives them, turned into credit lines: the
 * header row found by its names (English and Chinese, as Hong Kong, Macao, Taiwan and mainland
 * banks write them), amounts read exactly into minor units, dates as YYYY-MM-DD. Pure: the
 * import (statement-import.ts) reads the file and matches the lines to orders.
 */

/** A credit line of the statement (money in). */
export interface CreditLine {
  /** The row's number in the file (1 = the first row). */
  row: number;
  /** YYYY-MM-DD where the cell reads as a date; the cell's text otherwise. */
  booked_on: string;
  amount: number;
  /** The text columns joined (附言, 摘要, reference, description…), at most TEXT_MAX characters. */
  text: string;
  /** SHA-256 of the row's cells: the same line read again (another export of the statement) is known. */
  hash: string;
}

export const TEXT_MAX = 500;
/** The header row is looked for among the first rows (a bank puts the account's details above it). */
const HEADER_SEARCH_ROWS = 30;

type Role = 'date' | 'credit' | 'amount' | 'text' | 'ignore';

/** Header names by role, matched within the cell (lower case, spaces removed); checked in this order. */
const HEADER_WORDS: [Role, readonly string[]][] = [
  // Columns that name an amount but are not money in: checked first ("結餘金額", "debit amount").
  ['ignore', ['餘額', '余额', '結餘', '结余', 'balance', '支出', '提取', '借方', 'debit', 'withdrawal']],
  ['credit', ['存入', '收入', '貸方', '贷方', '入賬', '入账', 'credit', 'deposit']],
  ['amount', ['金額', '金额', '交易額', '交易额', 'amount']],
  ['date', ['日期', '交易日', '記賬日', '记账日', 'date']],
  [
    'text',
    [
      '附言',
      '摘要',
      '備註',
      '备注',
      '說明',
      '说明',
      '描述',
      '參考',
      '参考',
      '用途',
      'reference',
      'description',
      'details',
      'detail',
      'narrative',
      'particulars',
      'remark',
      'memo',
    ],
  ],
];

function roleOf(header: string): Role | undefined {
  const name = header.toLowerCase().replace(/\s+/g, '');
  if (!name) return undefined;
  return HEADER_WORDS.find(([, words]) => words.some((w) => name.includes(w)))?.[0];
}

export interface StatementColumns {
  headerRow: number;
  date: number;
  /** The credit column, or the one amount column (money in is then its positive values). */
  amount: number;
  text: number[];
}

/** The header row and its columns, or undefined when no row names a date, an amount and a text. */
export function findColumns(rows: readonly { number: number; cells: readonly string[] }[]) {
  for (const row of rows.slice(0, HEADER_SEARCH_ROWS)) {
    const roles = row.cells.map(roleOf);
    const date = roles.indexOf('date');
    const credit = roles.indexOf('credit');
    const amount = credit !== -1 ? credit : roles.indexOf('amount');
    const text = roles.flatMap((role, i) => (role === 'text' ? [i] : []));
    if (date !== -1 && amount !== -1 && text.length > 0) {
      return { headerRow: row.number, date, amount, text } satisfies StatementColumns;
    }
  }
  return undefined;
}

const pad = (n: string | number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** A cell as YYYY-MM-DD: 2026-11-30, 2026/11/30, 2026年11月30日, 30/11/2026 (day first), 20261130, an Excel serial. */
export function normaliseDate(cell: string): string {
  const text = cell.trim();
  let m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})/.exec(text);
  if (m) return `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})/.exec(text);
  if (m) return `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  if (/^\d{5}(\.\d+)?$/.test(text)) {
    // Days since 1899-12-30, as Excel counts them (its 1900-02-29 absorbed by the epoch).
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * DAY_MS).toISOString().slice(0, 10);
  }
  return text.slice(0, 10);
}

/** The hash of a line: its cells, trimmed, in order (a running balance column makes equal lines differ). */
export function lineHash(cells: readonly string[]): string {
  return createHash('sha256')
    .update(cells.map((c) => c.trim()).join('\u001f'))
    .digest('hex');
}

/** The statement's credit lines under its header; rows that are no money in (debits, totals, notes) are left out. */
export function creditLines(
  rows: readonly { number: number; cells: readonly string[] }[],
  columns: StatementColumns,
): CreditLine[] {
  const lines: CreditLine[] = [];
  for (const row of rows) {
    if (row.number <= columns.headerRow) continue;
    const amount = parseMinorAmount(row.cells[columns.amount] ?? '');
    const date = (row.cells[columns.date] ?? '').trim();
    if (amount === undefined || amount <= 0 || !date) continue;
    const text = columns.text
      .map((i) => (row.cells[i] ?? '').trim())
      .filter(Boolean)
      .join(' ');
    lines.push({
      row: row.number,
      booked_on: normaliseDate(date),
      amount,
      text: Array.from(text).slice(0, TEXT_MAX).join(''),
      hash: lineHash(row.cells),
    });
  }
  return lines;
}

/** Upper case letters and digits only: a reference is found whatever spaces or dashes the bank added. */
export function referenceKey(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}
