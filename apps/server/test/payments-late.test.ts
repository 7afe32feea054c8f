import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { addCode, addPrice, createPaidMeeting, guestIdOf, ordersOf, seatsOf } from './payments-fixtures.ts';
import { createOrganization, generalBody, signUp } from './registration-fixtures.ts';

const MINUTE = 60_000;

/**
 * Money that comes when the seat cannot be given as it was paid for (issue 44): it is held for the
 * organiser to refund (`refund_due`), never seated on terms the meeting no longer offers.
 */
describe(`payments that cannot seat their guest (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;
  let n = 5000;
  let ref = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
  });
  afterAll(() => ctx.close());

  async function paidSignUp(publicId: string, body: object) {
    const res = await signUp(ctx, publicId, body, n);
    expect(res.statusCode, res.body).toBe(200);
    const guestId = await guestIdOf(ctx.db, res.json().data.guest_token as string);
    const [order] = await ordersOf(ctx.db, guestId);
    return { guestId, orderId: order!.id };
  }

  function pay(orderId: number, amount: number) {
    return ctx.db.transaction().execute((trx) =>
      ctx.app.payments.confirmIn(trx, {
        orderId,
        method: 'transfer',
        amount,
        providerRef: `late-${++ref}`,
        userId: null,
        auditName: null,
        ip: null,
      }),
    );
  }

  const orderRow = (id: number) =>
    ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const guestRow = (id: number) =>
    ctx.db.selectFrom('guests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const usesOf = async (code: string) =>
    (
      await ctx.db
        .selectFrom('discount_codes')
        .select('used_count')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).used_count;

  it('holds a late payment for a refund when its discount code was used up meanwhile', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { registration_limit: 5 });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 200_00 });
    await addCode(ctx.db, meeting.id, { code: 'ONCE', kind: 'percent', value: 50, max_uses: 1 });
    const payment = { price_item_id: ticket, discount_code: 'ONCE' };
    const late = await paidSignUp(meeting.publicId, generalBody(++n, { payment }));
    ctx.advance(31 * MINUTE);
    await ctx.app.jobs.runDue();
    expect(await usesOf('ONCE')).toBe(0);
    // Another guest takes the code's only use while the first one's order stands expired.
    await paidSignUp(meeting.publicId, generalBody(++n, { payment }));
    expect(await usesOf('ONCE')).toBe(1);

    expect(await pay(late.orderId, 100_00)).toBe('refund_due');
    expect((await orderRow(late.orderId)).status).toBe('refund_due');
    expect((await guestRow(late.guestId)).cancelled_at).not.toBeNull();
    // The seat taken for the attempt was given back; the code stays at its maximum.
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 1, guests: 1 });
    expect(await usesOf('ONCE')).toBe(1);
  });
  it('holds part of the amount paid for a refund when the hold runs out, freeing the seat', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { registration_limit: 1 });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 300_00 });
    await addCode(ctx.db, meeting.id, { code: 'TEN', kind: 'fixed', value: 10_00, max_uses: 3 });
    const payment = { price_item_id: ticket, discount_code: 'TEN' };
    const partly = await paidSignUp(meeting.publicId, generalBody(++n, { payment }));
    expect(await pay(partly.orderId, 100_00)).toBe('partial');
    ctx.advance(31 * MINUTE);
    await ctx.app.jobs.runDue();
    // Money was received: the order is not merely expired, it is held for the organiser to refund.
    expect(await orderRow(partly.orderId)).toMatchObject({ status: 'refund_due', closed_at: ctx.now() });
    expect((await guestRow(partly.guestId)).cancelled_at).toBe(ctx.now());
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 0, guests: 0 });
    expect(await usesOf('TEN')).toBe(0);
    const logged = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', 'in', ['payments.order_refund_due', 'payments.order_expired'])
      .execute();
    expect(logged.map((l) => l.message_key)).toContain('payments.order_refund_due');
    // The rest arriving later is held with it; the organiser's refund closes it.
    expect(await pay(partly.orderId, 200_00)).toBe('extra');
    expect((await orderRow(partly.orderId)).status).toBe('refund_due');

    // The organiser's cancel of a partly paid order holds the money the same way.
    const other = await paidSignUp(meeting.publicId, generalBody(++n, { payment }));
    expect(await pay(other.orderId, 50_00)).toBe('partial');
    await ctx.app.payments.cancelOrder(other.orderId, { auditName: 'admin', ip: null });
    expect((await orderRow(other.orderId)).status).toBe('refund_due');
    expect((await guestRow(other.guestId)).cancelled_at).not.toBeNull();
  });
});
