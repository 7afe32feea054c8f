import { describe, expect, it } from 'vitest';
import { parseMinorAmount } from '@meetflow/shared/schemas/payments';
import { creditLines, findColumns, normaliseDate, referenceKey } from './statement-sheet.ts';

describe('statement amounts, read exactly', () => {
  it.each([
    ['1,200.50', 120050],
    ['1200.5', 120050],
    ['1200', 120000],
    ['HK$ 1 200.50', 120050],
    ['MOP 9,345,678.90', 934567890],
    ['12,345,678.90', undefined],
    ['0.1', 10],
    ['.5', 50],
    ['(300.00)', -30000],
    ['-45.00', -4500],
    ['300.00 DR', -30000],
    ['300.00CR', 30000],
    ['1200.4999999999998', 120050],
    ['1200.004', 120000],
    ['¥88', 8800],
    ['1,20.00', undefined],
    ['12.3.4', undefined],
    ['abc', undefined],
    ['', undefined],
  ])('%s → %s', (cell, minor) => {
    expect(parseMinorAmount(cell)).toBe(minor);
  });
});

describe('statement dates', () => {
  it.each([
    ['2026-11-30', '2026-11-30'],
    ['2026/1/5 10:30', '2026-01-05'],
    ['2026年11月3日', '2026-11-03'],
    ['30/11/2026', '2026-11-30'],
    ['20261130', '2026-11-30'],
    ['46356', '2026-11-30'],
    ['Nov 30', 'Nov 30'],
  ])('%s → %s', (cell, day) => {
    expect(normaliseDate(cell)).toBe(day);
  });
});

describe('statement columns', () => {
  const rows = (cells: string[][]) => cells.map((c, i) => ({ number: i + 1, cells: c }));

  it('finds the header below account details, preferring the credit column to a debit or balance', () => {
    const sheet = rows([
      ['賬戶', '012-345'],
      ['日期', '摘要', '支出金額', '存入金額', '結餘金額', '附言'],
      ['2026-11-30', 'FPS', '', '1,200.50', '9,999.00', 'HK7Q2MA1'],
      ['2026-11-30', '手續費', '30.00', '', '9,969.00', ''],
    ]);
    const columns = findColumns(sheet)!;
    expect(columns).toEqual({ headerRow: 2, date: 0, amount: 3, text: [1, 5] });
    const lines = creditLines(sheet, columns);
    expect(lines).toMatchObject([{ row: 3, booked_on: '2026-11-30', amount: 120050, text: 'FPS HK7Q2MA1' }]);
    expect(lines[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes one signed amount column, money in only', () => {
    const sheet = rows([
      ['Date', 'Details', 'Amount'],
      ['2026-11-30', 'IN', '50.00'],
      ['2026-11-30', 'OUT', '-50.00'],
    ]);
    expect(creditLines(sheet, findColumns(sheet)!).map((l) => l.text)).toEqual(['IN']);
  });

  it('needs a date, an amount and a text', () => {
    expect(findColumns(rows([['Date', 'Amount']]))).toBeUndefined();
  });

  it('finds a reference whatever the bank did to it', () => {
    expect(referenceKey('ref: hk7q-2ma 1')).toBe('REFHK7Q2MA1');
  });
});
