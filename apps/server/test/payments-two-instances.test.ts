import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { addCode, addPrice, createPaidMeeting } from './payments-fixtures.ts';
import { clientIp, createOrganization, generalBody } from './registration-fixtures.ts';
import { call, freePort, startInstance, stopInstance, type Instance } from './server-process.ts';

/*
 * Paid sign-ups on two real server processes sharing one database (issue 44): 400 payers for 100
 * seats, paying through Stripe's signed webhook on either instance while a third instance (the test's
 * own app, its clock moved past the holds) expires the unpaid ones mid-run and new sign-ups take the
 * freed seats. Never more than 100 guests hold a seat, each expired hold is freed once, every payment
 * is recorded once with a receipt, and receipt numbers have no gap. A discount code with 10 uses
 * under 50 concurrent sign-ups is used exactly 10 times.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STRIPE_KEY = 'sk_test_two_instances';
const WEBHOOK_SECRET = 'whsec_two_instances';
const PRICE = 500_00;
const signer = new Stripe(STRIPE_KEY);

describe(`paid sign-ups on two instances (${TEST_DB})`, () => {
  let ctx: TestContext;
  let a: Instance;
  let b: Instance;
  let organizationId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    organizationId = await createOrganization(ctx.db);
    // Ports nobody listens on: a fixed range could meet another suite's instances.
    const [portA, portB] = [await freePort(), await freePort()];
    const env = { REDIS_URL, STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
    [a, b] = await Promise.all([startInstance(ctx, portA, env), startInstance(ctx, portB, env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
    await ctx.close();
  });

  let n = 0;
  /** A sign-up from its own address (the per-address limit is not what is tested here). */
  function signUp(instance: Instance, publicId: string, payment: object) {
    const i = ++n;
    return call(instance.url, `/api/public/meetings/${publicId}/sign-ups`, {
      body: generalBody(i, { payment }),
      headers: { 'x-forwarded-for': clientIp(i) },
    });
  }

  /** Stripe telling an instance the order was paid: a signed checkout.session.completed. */
  function paid(instance: Instance, order: { id: number; reference: string; total: number }) {
    const payload = JSON.stringify({
      id: `evt_${order.id}_${order.reference}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${order.id}`,
          object: 'checkout.session',
          amount_total: order.total,
          currency: 'hkd',
          payment_status: 'paid',
          payment_intent: `pi_${order.id}`,
          metadata: { order_id: String(order.id), reference: order.reference },
        },
      },
    });
    return fetch(`${instance.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    }).then((r) => r.status);
  }

  const ordersOf = (meetingId: number) =>
    ctx.db
      .selectFrom('orders')
      .select(['id', 'reference', 'total', 'status', 'guest_id', 'hold_until'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();

  it('400 payers for 100 seats, holds expiring mid-run: at most 100 seated, each hold freed once, receipts gapless', async () => {
    const meeting = await createPaidMeeting(ctx.db, organizationId, {
      currency: 'HKD',
      methods: ['transfer', 'stripe'],
      registration_limit: 100,
    });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: PRICE });
    const payment = { price_item_id: ticket };

    // 400 at once over both instances: exactly the 100 seats are held, each by a pending order.
    const first = await Promise.all(
      Array.from({ length: 400 }, (_, i) => signUp(i % 2 ? a : b, meeting.publicId, payment)),
    );
    expect(first.filter((r) => r.status === 200)).toHaveLength(100);
    expect(first.filter((r) => r.body.code === ERRORS.MEETING_FULL.code)).toHaveLength(300);
    const held = await ordersOf(meeting.id);
    expect(held).toHaveLength(100);
    expect(held.every((o) => o.status === 'pending' && o.total === PRICE)).toBe(true);

    // 50 pay in time, half through each instance.
    const early = held.slice(0, 50);
    expect((await Promise.all(early.map((o, i) => paid(i % 2 ? a : b, o)))).every((s) => s === 200)).toBe(
      true,
    );

    // Mid-run: the worker's clock passes every hold while 25 of the unpaid pay at that very moment
    // (each is paid before its expiry, or seated again after it: the seat is still free).
    const racing = held.slice(50, 75);
    const late = held.slice(75);
    const lastHold = Math.max(...held.map((o) => o.hold_until ?? 0));
    ctx.advance(lastHold + 1 - ctx.now());
    const [, racingStatuses] = await Promise.all([
      ctx.app.jobs.runDue(),
      Promise.all(racing.map((o, i) => paid(i % 2 ? a : b, o))),
    ]);
    expect(racingStatuses.every((s) => s === 200)).toBe(true);
    // Whatever that pass had not reached is expired now: 25 seats are free.
    await ctx.app.jobs.runDue();

    // 100 newcomers try for the 25 freed seats while the last 25 pay after their hold expired: a
    // late payer is seated again only where a seat is still free, otherwise owed a refund.
    const [newcomers, lateStatuses] = await Promise.all([
      Promise.all(Array.from({ length: 100 }, (_, i) => signUp(i % 2 ? a : b, meeting.publicId, payment))),
      Promise.all(late.map((o, i) => paid(i % 2 ? a : b, o))),
    ]);
    expect(lateStatuses.every((s) => s === 200)).toBe(true);
    // Stripe redelivers every event once more: nothing changes twice.
    await Promise.all([...early, ...racing, ...late].map((o, i) => paid(i % 2 ? b : a, o)));

    const meetingRow = await ctx.db
      .selectFrom('meetings')
      .select('registered_count')
      .where('id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    const live = await ctx.db
      .selectFrom('guests')
      .select(['id', 'unpaid'])
      .where('meeting_id', '=', meeting.id)
      .where('cancelled_at', 'is', null)
      .execute();
    const orders = await ordersOf(meeting.id);
    const byStatus = (s: string) => orders.filter((o) => o.status === s);
    const liveIds = new Set(live.map((g) => g.id));

    // Every seat is taken (125 wanted the last 25), never more than the 100; the counter matches
    // the guests holding them (no hold freed twice, no seat taken twice).
    expect(live).toHaveLength(100);
    expect(meetingRow.registered_count).toBe(live.length);
    // Every paid order's guest holds a seat and has their code; every expired hold's guest does not.
    expect(byStatus('paid').length).toBeLessThanOrEqual(100);
    expect(byStatus('paid').every((o) => liveIds.has(o.guest_id))).toBe(true);
    expect(live.filter((g) => g.unpaid === 0)).toHaveLength(byStatus('paid').length);
    expect(byStatus('expired').every((o) => !liveIds.has(o.guest_id))).toBe(true);
    expect(byStatus('refund_due').every((o) => !liveIds.has(o.guest_id))).toBe(true);
    // The 75 who paid in time or in the race are paid; each late payer is paid or owed a refund.
    const statusOf = (o: { id: number }) => orders.find((x) => x.id === o.id)!.status;
    expect([...early, ...racing].every((o) => statusOf(o) === 'paid')).toBe(true);
    for (const o of late) expect(['paid', 'refund_due']).toContain(statusOf(o));
    expect(byStatus('expired')).toHaveLength(0);
    // Newcomers hold exactly the seats left: pending orders fill the room to 100 with the paid.
    const newcomersSeated = newcomers.filter((r) => r.status === 200).length;
    expect(byStatus('pending')).toHaveLength(newcomersSeated);
    expect(byStatus('paid').length + newcomersSeated).toBe(live.length);

    // Each of the 100 payments recorded once, each with a receipt; numbers 1..100 without a gap.
    const payments = await ctx.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select('payments.id')
      .where('orders.meeting_id', '=', meeting.id)
      .execute();
    expect(payments).toHaveLength(100);
    const receipts = await ctx.db
      .selectFrom('receipts')
      .select('number')
      .where('organization_id', '=', organizationId)
      .where('kind', '=', 'receipt')
      .orderBy('number')
      .execute();
    expect(receipts.map((r) => r.number)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // The run's figures, for the record (the closing note quotes them).
    console.warn(
      `[${TEST_DB}] two instances: paid ${byStatus('paid').length}, refund due ${byStatus('refund_due').length}, ` +
        `expired ${byStatus('expired').length}, newcomers seated ${newcomersSeated}, live ${live.length}`,
    );
  }, 120_000);

  it('a code with 10 uses under 50 concurrent sign-ups over both instances: exactly 10', async () => {
    const meeting = await createPaidMeeting(ctx.db, organizationId, { currency: 'HKD' });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: PRICE });
    await addCode(ctx.db, meeting.id, { code: 'SPONSOR', kind: 'percent', value: 100, max_uses: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signUp(i % 2 ? a : b, meeting.publicId, { price_item_id: ticket, discount_code: 'SPONSOR' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.body.code === ERRORS.DISCOUNT_CODE_USED_UP.code)).toHaveLength(40);
    const code = await ctx.db
      .selectFrom('discount_codes')
      .select('used_count')
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(code.used_count).toBe(10);
    const guests = await ctx.db
      .selectFrom('guests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    // A refused code leaves no guest behind: the sign-up is all or nothing.
    expect(Number(guests.n)).toBe(10);
  }, 60_000);
});
