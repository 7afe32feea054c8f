import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { writeXlsx, type XlsxCell, type XlsxSheetData } from './xlsx-writer.ts';

async function* each<T>(items: readonly T[]) {
  yield* items;
}

/** The whole file, as a client that reads at full speed gets it. */
async function xlsxBytes(sheets: XlsxSheetData[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  expect(await writeXlsx(sheets, output)).toBe(true);
  output.end();
  return Buffer.concat(chunks);
}

async function readBack(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer (an ArrayBuffer); Node's Buffer is what it reads.
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

/** A sheet's rows as plain values (row 1 = headers). */
function values(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('xlsx writer', () => {
  it('writes text, numbers and several sheets that read back as written', async () => {
    const bytes = await xlsxBytes([
      {
        name: 'Guests: A/B [draft] with a name longer than thirty-one',
        widths: [20, 12, 30],
        header: ['Name', 'Seats', 'Note'],
        rows: each<XlsxCell[]>([
          ['陳大文', 3, '<b>"Tom" & \'Jerry\'</b>'],
          ['  spaced  ', -1.5, 'line one\r\nline two\nthree'],
          ['bell\u0007 and \uFFFE gone', null, ''],
          ['=SUM(A1:A2)', 0, null],
        ]),
      },
      { name: '嘉賓名單', widths: [10], header: ['只有標題'], rows: each<XlsxCell[]>([]) },
    ]);
    const workbook = await readBack(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Guests  A B  draft  with a name',
      '嘉賓名單',
    ]);
    const [guests, titles] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(values(guests)).toEqual([
      ['Name', 'Seats', 'Note'],
      ['陳大文', 3, '<b>"Tom" & \'Jerry\'</b>'],
      ['  spaced  ', -1.5, 'line one\r\nline two\nthree'],
      ['bell and  gone'],
      ['=SUM(A1:A2)', 0],
    ]);
    // The writer does not judge text: '=SUM…' is a string cell, not a formula (callers neutralise it).
    expect(guests.getCell('A5').type).toBe(ExcelJS.ValueType.String);
    expect(guests.getCell('A1').font?.bold).toBe(true);
    expect(guests.getCell('A2').font?.bold).toBeFalsy();
    expect(guests.columns.map((column) => column.width)).toEqual([20, 12, 30]);
    expect(guests.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(values(titles)).toEqual([['只有標題']]);
  });

  it('reads rows only as fast as the output is read, and stops reading when it goes away', async () => {
    let pulled = 0;
    let closed = false;
    // Endless rows of random text, which deflate cannot shrink much; like a database, the source
    // lets the event loop run between batches.
    async function* endless() {
      try {
        for (;;) {
          if (pulled % 100 === 0) await new Promise(setImmediate);
          yield [randomBytes(50).toString('hex'), ++pulled];
        }
      } finally {
        closed = true;
      }
    }
    // Nobody reads the output at first: the writer must stop once the buffers on the way are full.
    const output = new PassThrough();
    const written = writeXlsx(
      [{ name: 'Endless', widths: [], header: ['Text', 'N'], rows: endless() }],
      output,
    );
    const settled = async () => {
      for (let before = -1; pulled !== before && pulled < 200_000; await sleep(50)) before = pulled;
      return pulled;
    };
    const ahead = await settled();
    // About 180 bytes of XML a row: a few MB in flight at most, whatever the file's length.
    expect(ahead).toBeGreaterThan(0);
    expect(ahead).toBeLessThan(30_000);

    // A slow reader: the rows let through follow the bytes it takes (each row carries 50 random
    // bytes, which no compression removes), plus the same bounded amount in flight.
    let read = 0;
    const reader = new Writable({
      highWaterMark: 1024,
      write: (chunk: Buffer, _encoding, done) => {
        read += chunk.length;
        void sleep(5).then(() => done());
      },
    });
    output.pipe(reader);
    // Until the reader has taken a quarter of a megabyte: well past what was in flight.
    await vi.waitFor(() => expect(read).toBeGreaterThan(256 * 1024), { timeout: 5000, interval: 10 });
    output.unpipe(reader);
    const after = await settled();
    expect(after).toBeGreaterThan(ahead);
    expect(after - ahead).toBeLessThan(read / 50 + 30_000);

    output.destroy();
    expect(await Promise.race([written, sleep(2000, 'still writing')])).toBe(false);
    expect(closed).toBe(true);
    expect(pulled).toBe(after);
  });
});
