import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type { OrderDetail, OrderPage, RevenueFigures } from '@meetflow/shared/schemas/payments';
import { readWorkbook, sheetValues } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { guestCodeOf, paymentsWorld, type PaymentsWorld } from './payments-admin-fixtures.ts';

/**
 * The back office's orders (issue 44): the list's filters and paging under the meeting's access
 * rule, one order in full, marking an order paid by hand (receipt issued, the guest's code
 * released, once only), the accountant's export and the revenue figures.
 */
describe(`orders in the back office (${TEST_DB})`, () => {
  let ctx: TestContext;
  let world: PaymentsWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await paymentsWorld(ctx);
  });
  afterAll(() => ctx.close());

  const list = async (query = '', api = world.organiser) => {
    const res = await api('GET', `/api/meetings/${world.meetingId}/orders${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OrderPage;
  };
  const refs = (page: OrderPage) => page.items.map((o) => o.reference);

  it('lists the orders newest first, filtered by status and keyword, a page at a time', async () => {
    const all = await list();
    expect(all.total).toBe(6);
    expect(refs(all)).toEqual(['HK7Q2MF6', 'HK7Q2ME5', 'HK7Q2MD4', 'HK7Q2MC3', 'HK7Q2MB2', 'HK7Q2MA1']);
    expect(all.items[0]).toMatchObject({
      guest_name: 'Frank Lam',
      status: 'refunded',
      currency: 'HKD',
      total: 50000,
      paid_amount: 50000,
      refunded_amount: 50000,
      proof_uploaded: false,
    });

    expect(refs(await list('?status=pending'))).toEqual(['HK7Q2MC3', 'HK7Q2MB2', 'HK7Q2MA1']);
    expect(refs(await list('?status=expired'))).toEqual(['HK7Q2MD4']);
    expect(refs(await list('?status=refund_due'))).toEqual(['HK7Q2ME5']);
    expect(refs(await list('?status=refunded'))).toEqual(['HK7Q2MF6']);
    expect((await list('?status=paid')).total).toBe(0);

    // A keyword finds the reference (any case) or the guest's name; wildcards are taken literally.
    expect(refs(await list('?keyword=hk7q2mb'))).toEqual(['HK7Q2MB2']);
    expect(refs(await list(`?keyword=${encodeURIComponent('大文')}`))).toEqual(['HK7Q2MC3']);
    expect(refs(await list('?keyword=chan&status=pending'))).toEqual(['HK7Q2MA1']);
    expect((await list('?keyword=%25')).total).toBe(0);

    const second = await list('?page=2&page_size=4');
    expect(second).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(refs(second)).toEqual(['HK7Q2MB2', 'HK7Q2MA1']);
    expect(
      (await world.organiser('GET', `/api/meetings/${world.meetingId}/orders?status=open`)).statusCode,
    ).toBe(400);
  });

  it('keeps orders to those who hold payment:view, within their organisations', async () => {
    expect((await world.door('GET', `/api/meetings/${world.meetingId}/orders`)).statusCode).toBe(403);
    expect((await world.otherOrganiser('GET', `/api/meetings/${world.meetingId}/orders`)).statusCode).toBe(
      404,
    );
    const alice = world.guests['Alice Chan']!;
    expect((await world.otherOrganiser('GET', `/api/orders/${alice.orderId}`)).statusCode).toBe(404);
    expect((await world.door('GET', `/api/orders/${alice.orderId}`)).statusCode).toBe(403);
    const marked = await world.otherOrganiser('POST', `/api/orders/${alice.orderId}/mark-paid`, {
      method: 'transfer',
      amount: 120050,
    });
    expect(marked.statusCode).toBe(404);
    expect((await world.admin('GET', `/api/meetings/${world.otherMeetingId}/orders`)).json().data.total).toBe(
      1,
    );
  });

  it('shows one order with its lines, payments and refunds', async () => {
    const frank = world.guests['Frank Lam']!;
    const res = await world.organiser('GET', `/api/orders/${frank.orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as OrderDetail;
    expect(detail).toMatchObject({ reference: 'HK7Q2MF6', subtotal: 50000, payer_kind: 'guest' });
    expect(detail.lines).toEqual([
      {
        price_item_id: expect.any(Number),
        schedule_id: null,
        description: { 'zh-tw': '會員', 'zh-cn': '会员', en: 'Member' },
        amount: 50000,
        discount: 0,
        early_bird: false,
      },
    ]);
    expect(detail.payments.map((p) => [p.kind, p.method, p.amount])).toEqual([
      ['payment', 'cash', 50000],
      ['refund', 'cash', 50000],
    ]);
    expect((await world.organiser('GET', '/api/orders/999999')).statusCode).toBe(404);
  });

  it('marks an order paid by hand: the receipt is issued and the guest gets their code, once', async () => {
    const bob = world.guests['Bob Wong']!;
    expect(await guestCodeOf(ctx, bob.token)).toBeNull();
    const url = `/api/orders/${bob.orderId}/mark-paid`;
    const body = { method: 'transfer', amount: 120050, note: 'HSBC 30/11' };

    expect((await world.door('POST', url, body)).statusCode).toBe(403);
    const zero = await world.organiser('POST', url, { ...body, amount: 0 });
    expect(zero.json().code).toBe(ERRORS.PAYMENT_AMOUNT_INVALID.code);
    expect((await world.organiser('POST', url, { ...body, method: 'stripe' })).statusCode).toBe(400);

    const res = await world.organiser('POST', url, body);
    expect(res.statusCode, res.body).toBe(200);
    const { outcome, order } = res.json().data as { outcome: string; order: OrderDetail };
    expect(outcome).toBe('paid');
    expect(order).toMatchObject({ status: 'paid', paid_amount: 120050, method: 'transfer' });
    expect(order.payments).toMatchObject([
      { kind: 'payment', method: 'transfer', amount: 120050, note: 'HSBC 30/11', recorded_by: 'organiser' },
    ]);
    expect(order.receipts).toHaveLength(1);
    expect(order.receipts[0]!.number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(await guestCodeOf(ctx, bob.token)).toEqual(expect.any(String));

    const again = await world.organiser('POST', url, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERRORS.ORDER_NOT_PENDING.code);
    const payments = await ctx.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', bob.orderId)
      .execute();
    expect(payments).toHaveLength(1);
    const logged = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', '=', 'payments.payment_received')
      .execute();
    expect(logged.length).toBeGreaterThan(0);
  });

  it('records part of an amount without paying the order', async () => {
    const chan = world.guests['陳大文']!;
    const res = await world.organiser('POST', `/api/orders/${chan.orderId}/mark-paid`, {
      method: 'cash',
      amount: 30000,
    });
    expect(res.json().data).toMatchObject({
      outcome: 'partial',
      order: { status: 'pending', paid_amount: 30000 },
    });
    expect(await guestCodeOf(ctx, chan.token)).toBeNull();
  });

  it('sums revenue per currency over the meetings the user sees', async () => {
    const revenue = async (api = world.organiser, query = '') => {
      const res = await api('GET', `/api/payments/revenue${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as RevenueFigures;
    };
    // Meeting A: Bob 1,200.50 and 陳大文 300.00 received, Frank 500.00 received and refunded;
    // Alice 1,200.50 and 陳大文 800.00 pending; Bob's the one order paid.
    expect(await revenue()).toEqual([
      {
        currency: 'HKD',
        paid: 120050 + 30000 + 50000,
        refunded: 50000,
        pending: 120050 + 80000,
        orders_paid: 1,
        orders_pending: 2,
      },
    ]);
    expect(await revenue(world.otherOrganiser)).toEqual([
      { currency: 'HKD', paid: 0, refunded: 0, pending: 120050, orders_paid: 0, orders_pending: 1 },
    ]);
    const everything = await revenue(world.admin);
    expect(everything[0]).toMatchObject({ pending: 2 * 120050 + 80000, orders_pending: 3 });
    expect(await revenue(world.admin, `?meeting_id=${world.otherMeetingId}`)).toMatchObject([
      { pending: 120050 },
    ]);
    expect(
      (await world.organiser('GET', `/api/payments/revenue?meeting_id=${world.otherMeetingId}`)).statusCode,
    ).toBe(404);
    expect((await world.door('GET', '/api/payments/revenue')).statusCode).toBe(403);
  });

  it('exports the payments and refunds for the accountant', async () => {
    expect((await world.door('GET', `/api/meetings/${world.meetingId}/payments/export`)).statusCode).toBe(
      403,
    );
    const res = await world.organiser(
      'GET',
      `/api/meetings/${world.meetingId}/payments/export`,
      undefined,
      'zh-tw',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const sheet = (await readWorkbook(res.rawPayload)).worksheets[0]!;
    const rows = sheetValues(sheet);
    expect(rows[0]).toEqual([
      '日期',
      '類別',
      '訂單編號',
      '嘉賓',
      '機構',
      '付款方式',
      '金額',
      '貨幣',
      '收據／退款單編號',
      '經手人',
    ]);
    const body = rows.slice(1).map((r) => [r[1], r[2], r[3], r[5], r[6], r[7], r[9]]);
    expect(body).toEqual([
      ['付款', 'HK7Q2MF6', 'Frank Lam', '現金', 500, 'HKD', undefined],
      ['退款', 'HK7Q2MF6', 'Frank Lam', '現金', -500, 'HKD', undefined],
      ['付款', 'HK7Q2MB2', 'Bob Wong', '銀行轉帳', 1200.5, 'HKD', 'organiser'],
      ['付款', 'HK7Q2MC3', '陳大文', '現金', 300, 'HKD', 'organiser'],
    ]);
    expect(String(rows[3]![8])).toMatch(/^R-\d{4}-\d{6}$/);
    expect(String(rows[1]![0])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Amounts show two decimals.
    expect(sheet.getCell('G4').numFmt).toBe('0.00');
    const audit = await ctx.db
      .selectFrom('system_logs')
      .select(['message_key', 'message_params'])
      .where('message_key', '=', 'payments.exported')
      .executeTakeFirst();
    expect(audit?.message_params).toContain(String(world.meetingId));
  });
});
