import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestContext } from '../plugins/request-context.ts';
import { safeCellText, sendXlsx, xlsxSheet, type XlsxColumn } from './xlsx-export.ts';

interface Row {
  name: string;
  seats: number | null;
  vip: boolean;
  at: number | null;
}

const COLUMNS: XlsxColumn<Row>[] = [
  { header: { 'zh-tw': '姓名', 'zh-cn': '姓名', en: '=Name' }, width: 20, value: (r) => r.name },
  { header: { 'zh-tw': '座位', 'zh-cn': '座位', en: 'Seats' }, type: 'number', value: (r) => r.seats },
  { header: { 'zh-tw': '貴賓', 'zh-cn': '贵宾', en: 'VIP' }, value: (r) => r.vip },
  { header: { 'zh-tw': '入場', 'zh-cn': '入场', en: 'Entry' }, type: 'datetime', value: (r) => r.at },
];
const SHEET = { 'zh-tw': '嘉賓', 'zh-cn': '嘉宾', en: 'Guests' };

async function* each<T>(items: readonly T[]) {
  yield* items;
}

/** A row's values from column A, empty cells as undefined. */
function cells(sheet: ExcelJS.Worksheet, row: number): unknown[] {
  return Array.from(sheet.getRow(row).values as unknown[]).slice(1);
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server with one export route over `rows`, recording its audit calls. */
async function exportServer(rows: () => AsyncIterable<Row>, second?: () => AsyncIterable<Row>) {
  const audits: { rows: number; completed: boolean }[] = [];
  app = Fastify();
  await app.register(requestContext);
  app.get('/export', (request, reply) =>
    sendXlsx(request, reply, {
      fileName: '嘉賓名單 2026.xlsx',
      sheets: [
        xlsxSheet({ name: SHEET, columns: COLUMNS, rows: rows() }),
        ...(second ? [xlsxSheet({ name: { ...SHEET, en: 'More' }, columns: COLUMNS, rows: second() })] : []),
      ],
      audit: async (count, completed) => {
        await sleep(20); // the reply must wait for the entry
        audits.push({ rows: count, completed });
      },
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { audits, url: `http://127.0.0.1:${port}/export` };
}

describe('safeCellText', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\u0001=1+1', `'=1+1`],
    ['+853 6612 3456', '+853 6612 3456'],
    ['-5', '-5'],
    ['plain', 'plain'],
  ])('%j is stored as %j', (value, stored) => {
    expect(safeCellText(value)).toBe(stored);
  });
});

describe('XLSX export', () => {
  it('writes the columns in the request language, neutralised, with local date-times', async () => {
    const { audits, url } = await exportServer(
      () =>
        each<Row>([
          { name: '=cmd|"/c calc"!A1', seats: 3, vip: true, at: Date.UTC(2026, 10, 23, 1, 30) },
          { name: '陳大文\u0008', seats: null, vip: false, at: null },
        ]),
      () => each<Row>([{ name: 'Second sheet', seats: 1.5, vip: false, at: null }]),
    );
    const res = await fetch(url, { headers: { 'accept-language': 'en' } });
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="____ 2026.xlsx"; filename*=UTF-8''${encodeURIComponent('嘉賓名單 2026.xlsx')}`,
    );
    const bytes = await res.arrayBuffer();
    // The audit entry is written before the reply ends.
    expect(audits).toEqual([{ rows: 3, completed: true }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const [guests, more] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect([guests.name, more.name]).toEqual(['Guests', 'More']);
    expect(cells(guests, 1)).toEqual(["'=Name", 'Seats', 'VIP', 'Entry']);
    expect(cells(guests, 2)).toEqual([`'=cmd|"/c calc"!A1`, 3, 'true', '2026-11-23 09:30:00']);
    expect(cells(guests, 3)).toEqual(['陳大文', undefined, 'false']);
    expect(guests.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(cells(more, 2)).toEqual(['Second sheet', 1.5, 'false']);
  });

  it('writes headers in the language asked for', async () => {
    const { url } = await exportServer(() => each<Row>([]));
    const res = await fetch(url, { headers: { 'accept-language': 'zh-CN' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets[0]!.name).toBe('嘉宾');
    expect(cells(workbook.worksheets[0]!, 1)).toEqual(['姓名', '座位', '贵宾', '入场']);
  });

  it('stops reading rows and records an interrupted export when the client goes away', async () => {
    let pulled = 0;
    let closed = false;
    const { audits, url } = await exportServer(async function* () {
      try {
        for (;;) {
          if (pulled % 100 === 0) await new Promise(setImmediate);
          pulled += 1;
          yield { name: `Guest ${pulled} ${'x'.repeat(pulled % 97)}`, seats: pulled, vip: false, at: null };
        }
      } finally {
        closed = true;
      }
    });
    // A client that takes the first bytes, then leaves.
    await new Promise<void>((resolve, reject) => {
      const req = http.get(url, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });
    // The interrupted export's audit entry is the last thing it does.
    await vi.waitFor(() => expect(audits).toHaveLength(1), { timeout: 2000, interval: 10 });
    expect(closed).toBe(true);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.completed).toBe(false);
    expect(audits[0]!.rows).toBeGreaterThan(0);
    expect(audits[0]!.rows).toBeLessThanOrEqual(pulled);
    expect(pulled).toBeLessThan(100_000);
  });
});
