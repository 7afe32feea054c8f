import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { everyStoredText } from './privacy-fixtures.ts';
import { clientIp, generalBody } from './registration-fixtures.ts';
import {
  chargeFor,
  FEE,
  numbersOf,
  orderFor,
  paidMeeting,
  pay,
  pdfToText,
  secondApp,
  signUpGuest,
} from './receipt-fixtures.ts';
import {
  checkout,
  deliver,
  paidSession,
  paymentState,
  stripeWorld,
  type StripeWorld,
} from './payments-stripe-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { openList } from './waitlist-fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

/** 10 December 2026, 10:00 in Macao. */
const T0 = Date.UTC(2026, 11, 10, 2);
const MINUTE = 60_000;

/*
 * Refunds (issue 44) by the organiser: partial then full, never more than was paid (also when ten
 * arrive at once over two instances), each with a credit note numbered without gaps and mailed; a
 * full refund, or `cancel`, ends the order and its guest through the guest core, whose seat goes to
 * the waiting list; an order paid after its hold expired is refunded the same way; and an erasure
 * leaves no payer's name in orders or receipts.
 */
describe(`refunds (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let receiver: Receiver;
  let ctx: TestContext;
  let admin: Api;
  /** Each sign-up's n: a distinct phone number and client address. */
  let seq = 100;

  const refund = (orderId: number, body: object, as: Api = admin) =>
    as('POST', `/api/orders/${orderId}/refunds`, body);
  const orderRow = (id: number) =>
    ctx.db
      .selectFrom('orders')
      .select(['status', 'refunded_amount', 'closed_at', 'payer_name', 'payer_institution'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const guestRow = (id: number) =>
    ctx.db.selectFrom('guests').select(['cancelled_at']).where('id', '=', id).executeTakeFirstOrThrow();

  /** A guest of a new paid meeting of `organizationId` whose order of FEE is paid (by transfer). */
  async function paidOrder(
    organizationId?: number,
    options: { payerName?: string; institution?: string; limit?: number } = {},
  ) {
    const world = await paidMeeting(ctx, { organizationId, registration_limit: options.limit });
    const guest = await signUpGuest(ctx, world.meeting, ++seq);
    const item = await chargeFor(ctx, world.meeting.id);
    const order = await orderFor(ctx, world.meeting.id, item, guest, options);
    expect(await pay(ctx.app, ctx.db, order.id, FEE)).toBe('paid');
    return { ...world, guest, order, item };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startReceiver();
    ctx = await createTestContext({
      TIME_ZONE: 'Asia/Macau',
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ACCESS_TOKEN_TTL: String(90 * 86_400),
    });
    ctx.advance(T0 - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(async () => {
    await ctx.close();
    await receiver.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('refunds in part, then the rest: credit notes 1 and 2, the order refunded and its guest cancelled, never more than paid, each mailed, sent as webhook events and audited', async () => {
    const { organizationId, guest, order } = await paidOrder();
    const hook = await admin('POST', '/api/webhooks', {
      url: receiver.url,
      description: 'Accounts',
      event_types: ['payment.refunded'],
      organization_id: organizationId,
    });
    expect(hook.statusCode, hook.body).toBe(200);

    const partial = await refund(order.id, { amount: 30_000, note: 'Workshop not attended' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().data).toMatchObject({
      status: 'paid',
      refunded_amount: 30_000,
      credit_note: { kind: 'credit_note', number: 'CN-2026-000001', amount: 30_000 },
      cancelled: false,
      through_provider: false,
    });
    expect((await guestRow(guest.id)).cancelled_at).toBeNull();
    // More than is left (900.00): refused, nothing recorded.
    const tooMuch = await refund(order.id, { amount: 90_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe(40993);
    expect((await orderRow(order.id)).refunded_amount).toBe(30_000);

    const rest = await refund(order.id, { amount: 90_000 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({
      status: 'refunded',
      refunded_amount: FEE,
      credit_note: { number: 'CN-2026-000002', amount: 90_000 },
      cancelled: true,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refunded_amount: FEE });
    expect((await orderRow(order.id)).closed_at).toBe(ctx.now());
    expect((await guestRow(guest.id)).cancelled_at).not.toBeNull();
    expect((await refund(order.id, { amount: 1 })).json().code).toBe(40993);

    expect(await numbersOf(ctx.db, organizationId, 'credit_note', 2026)).toEqual([1, 2]);
    expect(await numbersOf(ctx.db, organizationId, 'receipt', 2026)).toEqual([1]);
    const rows = await ctx.db
      .selectFrom('payments')
      .select(['kind', 'method', 'amount', 'note'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'payment', method: 'transfer', amount: FEE, note: '' },
      { kind: 'refund', method: 'transfer', amount: 30_000, note: 'Workshop not attended' },
      { kind: 'refund', method: 'transfer', amount: 90_000, note: '' },
    ]);

    // The credit notes reach the guest though their sign-up is cancelled now.
    ctx.advance(MINUTE);
    await ctx.app.jobs.runDue();
    const notes = smtp.received.filter((m) => m.subject?.startsWith('退款單'));
    expect(notes.map((m) => m.subject).sort()).toEqual([
      '退款單 CN-2026-000001：第十屆醫學年會',
      '退款單 CN-2026-000002：第十屆醫學年會',
    ]);
    const second = notes.find((m) => m.subject?.includes('000002'))!;
    const pdf = pdfToText(second.attachments.find((a) => a.filename === 'CN-2026-000002.pdf')!.content);
    for (const expected of [
      '退款單 / 退款单 / Credit note',
      'CN-2026-000002',
      'R-2026-000001',
      'MOP 900.00',
      'MOP 1,200.00',
    ])
      expect(pdf).toContain(expected);

    await receiver.waitFor(2);
    const events = receiver.events().filter((e) => e.type === 'payment.refunded');
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        order_id: order.id,
        amount: 30_000,
        status: 'paid',
        credit_note: 'CN-2026-000001',
      }),
      expect.objectContaining({
        order_id: order.id,
        amount: 90_000,
        refunded_amount: FEE,
        status: 'refunded',
      }),
    ]);
    const audit = await ctx.db
      .selectFrom('system_logs')
      .select(['message_params', 'username'])
      .where('message_key', '=', 'payments.refunded')
      .where('message_params', 'like', `%${order.reference}%`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [JSON.parse(a.message_params!).amount, a.username])).toEqual([
      ['MOP 300.00', 'admin'],
      ['MOP 900.00', 'admin'],
    ]);
  });

  it('ten refunds of 200.00 at once over two instances on an order of 1,200.00: six pass, numbered 1..6, four refused', async () => {
    const { organizationId, guest, order } = await paidOrder();
    const other = await secondApp(ctx);
    try {
      const otherAdmin = adminApi({ ...ctx, app: other.app }, (await ctx.login()).access_token);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          refund(order.id, { amount: 20_000 }, i % 2 ? admin : otherAdmin),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(6);
      expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual(
        Array(4).fill(40993),
      );
    } finally {
      await other.close();
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refunded_amount: FEE });
    expect(await numbersOf(ctx.db, organizationId, 'credit_note', 2026)).toEqual([1, 2, 3, 4, 5, 6]);
    // Whichever refund emptied it, the guest went with the order.
    expect((await guestRow(guest.id)).cancelled_at).not.toBeNull();
  }, 60_000);

  it('cancels with a partial refund: the seat goes to the first on the waiting list', async () => {
    const world = await paidMeeting(ctx, { registration_limit: 1 });
    await openList(ctx.db, world.meeting.id, { offerHours: 24 });
    const holder = await signUpGuest(ctx, world.meeting, ++seq);
    const waiting = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${world.meeting.publicId}/sign-ups`,
      payload: generalBody(++seq),
      remoteAddress: clientIp(seq),
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const place = () =>
      ctx.db
        .selectFrom('waitlist_entries')
        .select(['status'])
        .where('meeting_id', '=', world.meeting.id)
        .executeTakeFirstOrThrow();
    expect((await place()).status).toBe('waiting');
    const item = await chargeFor(ctx, world.meeting.id);
    const order = await orderFor(ctx, world.meeting.id, item, holder);
    await pay(ctx.app, ctx.db, order.id, FEE);

    const res = await refund(order.id, { amount: 50_000, cancel: true, note: 'Cannot come' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', refunded_amount: 50_000, cancelled: true });
    expect((await guestRow(holder.id)).cancelled_at).not.toBeNull();
    expect((await place()).status).toBe('offered');
    // What was paid and not refunded stays refundable on the cancelled order, without a second cancel.
    const rest = await refund(order.id, { amount: 70_000 });
    expect(rest.json().data).toMatchObject({ status: 'refunded', refunded_amount: FEE, cancelled: false });
  });

  it('refunds an order paid after its hold expired with no seat left (refund_due) the same way', async () => {
    const world = await paidMeeting(ctx);
    const guest = await signUpGuest(ctx, world.meeting, ++seq);
    // Another guest, who holds the last seat once this guest's hold has expired.
    await signUpGuest(ctx, world.meeting, ++seq);
    const item = await chargeFor(ctx, world.meeting.id);
    const order = await orderFor(ctx, world.meeting.id, item, guest);
    // The hold expired: the guest was cancelled (seat freed) and the order expired.
    await ctx.app.guests.service.cancel(guest.id, 'system');
    await ctx.db.updateTable('orders').set({ status: 'expired' }).where('id', '=', order.id).execute();
    await ctx.db
      .updateTable('meetings')
      .set((eb) => ({ registration_limit: eb.ref('registered_count') }))
      .where('id', '=', world.meeting.id)
      .execute();
    expect(await pay(ctx.app, ctx.db, order.id, FEE)).toBe('refund_due');
    const res = await refund(order.id, { amount: FEE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'refunded', refunded_amount: FEE, cancelled: false });
    expect(res.json().data.credit_note.number).toBe(
      `CN-2026-${String((await numbersOf(ctx.db, world.organizationId, 'credit_note', 2026)).at(-1)).padStart(6, '0')}`,
    );
  });

  it('refuses an unpaid order, another organisation’s organiser, door staff and a zero amount', async () => {
    const world = await paidMeeting(ctx);
    const guest = await signUpGuest(ctx, world.meeting, ++seq);
    const order = await orderFor(ctx, world.meeting.id, await chargeFor(ctx, world.meeting.id), guest);
    expect((await refund(order.id, { amount: 1 })).json().code).toBe(40993);
    await pay(ctx.app, ctx.db, order.id, FEE);
    const stranger = adminApi(
      ctx,
      await userWithRole(ctx, admin, 'organiser', (await paidMeeting(ctx)).organizationId),
    );
    expect((await refund(order.id, { amount: 100 }, stranger)).statusCode).toBe(404);
    const door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', world.organizationId));
    expect((await refund(order.id, { amount: 100 }, door)).statusCode).toBe(403);
    expect((await refund(order.id, { amount: 0 })).statusCode).toBe(400);
    expect((await refund(999_999, { amount: 100 })).statusCode).toBe(404);
    const organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', world.organizationId));
    expect((await refund(order.id, { amount: 100 }, organiser)).statusCode).toBe(200);
    expect((await orderRow(order.id)).refunded_amount).toBe(100);
  });

  it("erasure reaches the payer's names in orders and in receipts' and credit notes' content; numbers and amounts stay", async () => {
    const name = '區志明';
    const institution = '仁伯爵綜合醫院';
    const { meeting, order } = await paidOrder(undefined, { payerName: name, institution });
    await refund(order.id, { amount: 10_000 });
    const before = await everyStoredText(ctx.db);
    expect(before.some((t) => t.table === 'receipts' && t.text.includes(name))).toBe(true);
    expect(before.some((t) => t.table === 'orders' && t.text.includes(institution))).toBe(true);

    await ctx.db
      .updateTable('meetings')
      .set({ end_at: ctx.now() - 3_600_000, start_at: ctx.now() - 7_200_000 })
      .where('id', '=', meeting.id)
      .execute();
    const purged = await admin('POST', `/api/meetings/${meeting.id}/purge`, { confirm: '第十屆醫學年會' });
    expect(purged.statusCode, purged.body).toBe(200);

    const after = await everyStoredText(ctx.db);
    expect(after.filter((t) => t.text.includes(name) || t.text.includes(institution))).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({
      payer_name: '',
      payer_institution: '',
      refunded_amount: 10_000,
    });
    const receipts = await ctx.db
      .selectFrom('receipts')
      .select(['id', 'kind', 'number', 'amount', 'content'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(receipts.map((r) => [r.kind, r.amount])).toEqual([
      ['receipt', FEE],
      ['credit_note', 10_000],
    ]);
    const content = JSON.parse(receipts[0]!.content);
    expect(content.payer).toEqual({ kind: 'institution', name: '', institution: '' });
    expect(content.amount).toBe(FEE);
    // The receipt still reads as issued, made out to no one.
    const pdf = await admin('GET', `/api/receipts/${receipts[0]!.id}/pdf`);
    const text = pdfToText(pdf.rawPayload);
    expect(text).toContain(content.number);
    expect(text).toContain('（已刪除）');
    expect(text).not.toContain(name);
  });
});

/*
 * A refund of money Stripe took goes back through Stripe (the local stand-in of its API): its refund
 * id is the refund row's, so the charge.refunded event that follows records nothing twice; and when
 * that event is recorded first, the organiser's refund still ends the order and frees the seat.
 */
describe(`refunds through Stripe (${TEST_DB})`, () => {
  let standIn: StripeStandIn;
  let ctx: TestContext;
  let world: StripeWorld;
  let admin: Api;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestContext(standIn.env);
    world = await stripeWorld(ctx);
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  it('gives the money back through Stripe once, whichever of its event and the refund is recorded first', async () => {
    const order = await world.guestWithOrder({ total: 50_000 });
    const session = paidSession(standIn, (await checkout(ctx, order)).json().data.url);
    expect((await deliver(ctx, standIn.event('checkout.session.completed', session))).statusCode).toBe(200);
    const intent = session.payment_intent!;
    const refunds = async () => (await paymentState(ctx, order)).payments.filter((p) => p.kind === 'refund');

    const partial = await admin('POST', `/api/orders/${order.orderId}/refunds`, { amount: 20_000 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().data).toMatchObject({ status: 'paid', through_provider: true, cancelled: false });
    expect(standIn.chargeOf(intent).amount_refunded).toBe(20_000);
    // Stripe reports it: already recorded under its refund id.
    expect((await deliver(ctx, standIn.event('charge.refunded', standIn.chargeOf(intent)))).statusCode).toBe(
      200,
    );
    expect(await refunds()).toEqual([
      { kind: 'refund', method: 'stripe', amount: 20_000, provider_ref: expect.stringMatching(/^re_test_/) },
    ]);
    expect((await paymentState(ctx, order)).receipts.map((r) => r.kind)).toEqual(['receipt', 'credit_note']);

    // The rest: Stripe's event of this very refund arrives, and is recorded, while the organiser's
    // request is between Stripe's answer and its own transaction.
    const providers = ctx.app.payments.deps.providers!;
    const stripe = providers.stripe!;
    providers.stripe = {
      ...stripe,
      async refund(payment, amount, key) {
        const done = await stripe.refund!(payment, amount, key);
        const event = standIn.event('charge.refunded', standIn.chargeOf(intent));
        expect((await deliver(ctx, event)).statusCode).toBe(200);
        expect(await refunds()).toHaveLength(2);
        return done;
      },
    };
    const rest = await admin('POST', `/api/orders/${order.orderId}/refunds`, { amount: 30_000 }).finally(
      () => {
        providers.stripe = stripe;
      },
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({
      status: 'refunded',
      refunded_amount: 50_000,
      through_provider: true,
      cancelled: true,
    });
    expect(standIn.chargeOf(intent).amount_refunded).toBe(50_000);
    const state = await paymentState(ctx, order);
    expect((await refunds()).map((p) => p.amount)).toEqual([20_000, 30_000]);
    expect(state.receipts.map((r) => r.kind)).toEqual(['receipt', 'credit_note', 'credit_note']);
    expect(state.order).toMatchObject({ status: 'refunded', refunded_amount: 50_000 });
    expect(state.guest.cancelled_at).not.toBeNull();
  });
});
