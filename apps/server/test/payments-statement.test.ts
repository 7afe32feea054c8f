import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type { StatementPreview } from '@meetflow/shared/schemas/payments';
import { multipart } from './file-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { csvOf } from './import-fixtures.ts';
import { guestCodeOf, paymentsWorld, type PaymentsWorld } from './payments-admin-fixtures.ts';

/**
 * Reconciliation by bank statement (issue 44): CSV and XLSX statements in English and Chinese
 * are read (amounts with thousands separators, exactly), their credit lines matched to the
 * meeting's orders by reference and amount and previewed; applying pays the matched orders once,
 * and the same statement imported again pays nothing.
 */
describe(`bank statement import (${TEST_DB})`, () => {
  let ctx: TestContext;
  let world: PaymentsWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await paymentsWorld(ctx);
  });
  afterAll(() => ctx.close());

  const upload = (file: Buffer, filename: string, who: 'organiser' | 'door' = 'organiser') => {
    const { payload, headers } = multipart([{ name: 'file', value: file, filename }]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/meetings/${world.meetingId}/statements/preview`,
      payload,
      headers: { ...headers, authorization: `Bearer ${world.tokens[who]}` },
    });
  };
  const preview = async (file: Buffer, filename: string) => {
    const res = await upload(file, filename);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StatementPreview;
  };
  const apply = (previewId: string, api = world.organiser) =>
    api('POST', `/api/meetings/${world.meetingId}/statements/apply`, { preview_id: previewId });
  const statusOf = async (orderId: number) =>
    (await ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
      .status;
  const paymentsOf = (orderId: number) =>
    ctx.db.selectFrom('payments').select(['method', 'amount']).where('order_id', '=', orderId).execute();

  // An English bank's CSV: account details above the header, debits and credits apart, a balance.
  const englishCsv = csvOf(
    [
      ['Account', '123-456789-001'],
      [],
      ['Transaction Date', 'Description', 'Withdrawal', 'Deposit', 'Balance'],
      ['30/11/2026', 'FPS ALICE CHAN HK7Q2MA1', '', '1,200.50', '10,000.00'],
      ['30/11/2026', 'TRANSFER ref hk7q-2mc3 CHAN TAI MAN', '', '800.00', '10,800.00'],
      ['01/12/2026', 'FPS BOB HK7Q2MB2', '', '1,000.00', '11,800.00'],
      ['01/12/2026', 'CHEQUE 000123', '', '2,500.00', '14,300.00'],
      ['01/12/2026', 'BANK CHARGE', '30.00', '', '14,270.00'],
      ['02/12/2026', 'FPS EVE HK7Q2ME5', '', '1,200.50', '15,470.50'],
    ],
    'utf-8-bom',
  );

  it('previews a CSV: matched, amount differs, unmatched and already paid, debits left out', async () => {
    const shown = await preview(englishCsv, 'statement.csv');
    expect(shown.lines.map((l) => [l.row, l.booked_on, l.amount, l.outcome, l.order_reference])).toEqual([
      [4, '2026-11-30', 120050, 'matched', 'HK7Q2MA1'],
      [5, '2026-11-30', 80000, 'matched', 'HK7Q2MC3'],
      [6, '2026-12-01', 100000, 'amount_differs', 'HK7Q2MB2'],
      [7, '2026-12-01', 250000, 'unmatched', null],
      [9, '2026-12-02', 120050, 'already', 'HK7Q2ME5'],
    ]);
    expect(shown.lines[0]).toMatchObject({ guest_name: 'Alice Chan', text: 'FPS ALICE CHAN HK7Q2MA1' });
    expect(shown).toMatchObject({ matched: 2, unmatched: 3 });
    // Nothing is paid by a preview.
    expect(await statusOf(world.guests['Alice Chan']!.orderId)).toBe('pending');
  });

  it('applies the matched lines once, and a statement imported again pays nothing', async () => {
    const alice = world.guests['Alice Chan']!;
    const chan = world.guests['陳大文']!;
    const bob = world.guests['Bob Wong']!;
    const shown = await preview(englishCsv, 'statement.csv');
    // A second look at the same file before the first is applied.
    const second = await preview(englishCsv, 'statement.csv');
    expect((await apply(shown.preview_id, world.door)).statusCode).toBe(403);

    const res = await apply(shown.preview_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ paid: 2, skipped: 3 });
    expect(await statusOf(alice.orderId)).toBe('paid');
    expect(await statusOf(chan.orderId)).toBe('paid');
    expect(await statusOf(bob.orderId)).toBe('pending');
    expect(await paymentsOf(alice.orderId)).toEqual([{ method: 'statement', amount: 120050 }]);
    expect(await guestCodeOf(ctx, alice.token)).toEqual(expect.any(String));
    const receipts = await ctx.db
      .selectFrom('receipts')
      .select('id')
      .where('order_id', '=', alice.orderId)
      .execute();
    expect(receipts).toHaveLength(1);

    // The same preview cannot be applied twice.
    expect((await apply(shown.preview_id)).statusCode).toBe(404);
    // Alice's order closed again (refunded and cancelled, say): the line that paid it once is
    // known by its hash, in the older preview and in a new one alike.
    await ctx.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', alice.orderId).execute();
    expect((await apply(second.preview_id)).json().data).toEqual({ paid: 0, skipped: 5 });
    const again = await preview(englishCsv, 'statement.csv');
    expect(again.lines.filter((l) => l.outcome === 'already').map((l) => l.order_reference)).toEqual([
      'HK7Q2MA1',
      'HK7Q2MC3',
      'HK7Q2ME5',
    ]);
    expect((await apply(again.preview_id)).json().data).toEqual({ paid: 0, skipped: 5 });
    await ctx.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', alice.orderId).execute();
    expect(await paymentsOf(alice.orderId)).toHaveLength(1);
    const audit = await ctx.db
      .selectFrom('system_logs')
      .select('message_params')
      .where('message_key', '=', 'payments.statement_imported')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => JSON.parse(a.message_params!) as object)).toMatchObject([
      { paid: 2, skipped: 3 },
      { paid: 0, skipped: 5 },
      { paid: 0, skipped: 5 },
    ]);
  });

  it('reads an XLSX with Chinese headers, dates and numbers as Excel stores them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('交易明細');
    sheet.addRow(['交易日期', '摘要', '附言', '存入金額', '支出金額', '結餘金額']);
    sheet.addRow([new Date(Date.UTC(2026, 11, 3)), '轉數快', 'HK7Q2MB2 黃先生', 1200.5, null, 99999.5]);
    sheet.addRow([new Date(Date.UTC(2026, 11, 3)), '轉帳', '無參考編號', '3,000.00', null, 102999.5]);
    sheet.getColumn(1).numFmt = 'yyyy-mm-dd';
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const shown = await preview(file, '月結單.xlsx');
    expect(shown.lines.map((l) => [l.booked_on, l.amount, l.outcome, l.order_reference, l.text])).toEqual([
      ['2026-12-03', 120050, 'matched', 'HK7Q2MB2', '轉數快 HK7Q2MB2 黃先生'],
      ['2026-12-03', 300000, 'unmatched', null, '轉帳 無參考編號'],
    ]);
    const bob = world.guests['Bob Wong']!;
    expect((await apply(shown.preview_id)).json().data).toEqual({ paid: 1, skipped: 1 });
    expect(await statusOf(bob.orderId)).toBe('paid');
  });

  it('reads a Big5 CSV with Chinese headers', async () => {
    const file = csvOf(
      [
        ['日期', '金額', '附言'],
        ['2026/12/04', '1,200.50', 'HK7Q2MD4 逾期'],
      ],
      'big5',
    );
    const shown = await preview(file, 'big5.csv');
    // Dora's hold expired: her payment is still matched, never lost (the confirm path decides).
    expect(shown.lines).toMatchObject([{ booked_on: '2026-12-04', amount: 120050, outcome: 'matched' }]);
  });

  it('refuses a file without date, amount and reference columns, and other files', async () => {
    const noText = csvOf(
      [
        ['Date', 'Amount'],
        ['2026-12-01', '10.00'],
      ],
      'utf-8',
    );
    const refused = await upload(noText, 'x.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ERRORS.STATEMENT_UNREADABLE.code);
    const binary = await upload(Buffer.from([0, 1, 2, 3, 0, 0, 7]), 'x.bin');
    expect(binary.json().code).toBe(ERRORS.STATEMENT_UNREADABLE.code);
    expect((await upload(englishCsv, 'statement.csv', 'door')).statusCode).toBe(403);
    const elsewhere = await world.otherOrganiser(
      'POST',
      `/api/meetings/${world.meetingId}/statements/apply`,
      {
        preview_id: 'x',
      },
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('forgets a preview after its time', async () => {
    const shown = await preview(englishCsv, 'statement.csv');
    ctx.advance(31 * 60_000);
    expect((await apply(shown.preview_id)).statusCode).toBe(404);
  });
});
