import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsx, SharedStrings } from './xlsx-reader.ts';

async function rowsOf(bytes: Uint8Array, maxRows = 1000) {
  const rows = [];
  for await (const row of readXlsx(bytes, maxRows)) rows.push(row);
  return rows;
}

describe('readXlsx', () => {
  it('reads every kind of cell as the text it shows, formulas by their cached value', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Guests');
    sheet.addRow(['Name', 'When', 'Time', 'Count', 'Ratio', 'Member', 'Formula', 'Rich']);
    const row = sheet.addRow([
      '陳大文',
      new Date(Date.UTC(2026, 11, 1)),
      new Date(Date.UTC(1899, 11, 30, 9, 30)),
      66123456,
      0.1 + 0.2,
      true,
      { formula: 'A2&"!"', result: '陳大文!' },
      { richText: [{ text: 'Dr ' }, { text: 'Who', font: { bold: true } }] },
    ]);
    row.getCell(2).numFmt = 'yyyy-mm-dd';
    row.getCell(3).numFmt = 'hh:mm';
    sheet.getCell('C4').value = 'sparse'; // row 3 empty, row 4 has only column C
    sheet.getCell('A5').value = { formula: '1/0', result: { error: '#DIV/0!' } };
    const rows = await rowsOf(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      {
        sheet: 'Guests',
        number: 1,
        cells: ['Name', 'When', 'Time', 'Count', 'Ratio', 'Member', 'Formula', 'Rich'],
      },
      {
        sheet: 'Guests',
        number: 2,
        cells: ['陳大文', '2026-12-01', '09:30', '66123456', '0.3', 'TRUE', '陳大文!', 'Dr Who'],
      },
      { sheet: 'Guests', number: 4, cells: ['', '', 'sparse'] },
    ]);
  });

  it('reads every sheet in order, whatever the order of the parts in the zip, every time', async () => {
    const workbook = new ExcelJS.Workbook();
    for (const name of ['One', 'Two', 'Three', 'Four']) workbook.addWorksheet(name).addRow([name, 1]);
    // exceljs stores the workbook's index after the sheets: a reader that streams the zip in order
    // meets the sheets before it knows their names.
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    for (let i = 0; i < 30; i++) {
      expect((await rowsOf(bytes)).map((r) => [r.sheet, ...r.cells])).toEqual([
        ['One', 'One', '1'],
        ['Two', 'Two', '1'],
        ['Three', 'Three', '1'],
        ['Four', 'Four', '1'],
      ]);
    }
  });

  it('stops at the first row past the limit', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Big');
    for (let i = 0; i < 20; i++) sheet.addRow([`row ${i}`]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    await expect(rowsOf(bytes, 10)).rejects.toThrow('too_many_rows');
    expect(await rowsOf(bytes, 20)).toHaveLength(20);
  });
});

describe('SharedStrings', () => {
  it('answers every item as it was added, past its first capacity, in any script', () => {
    const strings = new SharedStrings();
    // Past the first 64 KB of bytes and 4,096 items: both grow.
    const items = Array.from({ length: 20_000 }, (_, n) =>
      n % 7 === 0 ? '' : n % 3 === 0 ? `嘉賓${n}號 ✓` : `guest${n}@example.com`,
    );
    for (const item of items) strings.add(item);
    expect(strings.count).toBe(items.length);
    items.forEach((item, n) => expect(strings.get(n)).toBe(item));
    // Fitted to what they hold, the same items; and more may still come.
    strings.fit();
    strings.add('after');
    expect(strings.get(items.length)).toBe('after');
    items.forEach((item, n) => expect(strings.get(n)).toBe(item));
  });

  it('takes items after being fitted while empty', () => {
    const strings = new SharedStrings();
    strings.fit();
    strings.add('first');
    strings.add('second');
    expect([strings.count, strings.get(0), strings.get(1)]).toEqual([2, 'first', 'second']);
  });

  it('answers nothing for an index no item has', () => {
    const strings = new SharedStrings();
    strings.add('only');
    expect([strings.get(1), strings.get(-1), strings.get(0.5), strings.get(Number.NaN)]).toEqual([
      '',
      '',
      '',
      '',
    ]);
    expect(strings.get(0)).toBe('only');
  });
});
