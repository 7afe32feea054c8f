import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type { PaymentInput } from '../src/modules/payments/confirm-payment.ts';
import { adminApi } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { addCode, addPrice, createPaidMeeting, guestIdOf, ordersOf, seatsOf } from './payments-fixtures.ts';
import {
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import { openList } from './waitlist-fixtures.ts';

const MINUTE = 60_000;

/**
 * Holds (issue 44): an unpaid order's hold expires by the job mechanism and frees the seat — to the
 * waiting list when there is one, whose new guest owes an order of their own; a payment that comes
 * after is seated again when a seat is free, else held for a refund; an organiser's cancel frees
 * the seat and gives the code's use back. Each change happens once, whoever races it.
 */
describe(`unpaid orders' holds (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;
  let n = 1000;
  let ref = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
  });
  afterAll(() => ctx.close());

  async function paidSignUp(publicId: string, body: object) {
    const res = await signUp(ctx, publicId, body, n);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.guest_token as string;
    if (res.json().data.guest === null) return { token, guestId: 0, orderId: 0, res };
    const guestId = await guestIdOf(ctx.db, token);
    const [order] = await ordersOf(ctx.db, guestId);
    return { token, guestId, orderId: order?.id ?? 0, res };
  }

  function pay(orderId: number, amount: number, method: PaymentInput['method'] = 'transfer') {
    return ctx.db.transaction().execute((trx) =>
      ctx.app.payments.confirmIn(trx, {
        orderId,
        method,
        amount,
        providerRef: `bank-${++ref}`,
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
  const myOrders = (token: string) => guestRequest(ctx, token, 'GET', '/api/public/guest/orders');

  it('expires an unpaid hold once and hands its seat to the waiting list, whose guest then owes', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { registration_limit: 1, holdMinutes: 30 });
    await openList(ctx.db, meeting.id);
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 500_00 });
    await addCode(ctx.db, meeting.id, { code: 'HALF', kind: 'percent', value: 50, max_uses: 1 });
    const first = await paidSignUp(
      meeting.publicId,
      generalBody(++n, { payment: { price_item_id: ticket, discount_code: 'HALF' } }),
    );
    // The meeting is full while the hold stands: the next one waits in line.
    const second = await paidSignUp(
      meeting.publicId,
      generalBody(++n, { payment: { price_item_id: ticket } }),
    );
    expect(second.res.json().data.waiting).toMatchObject({ status: 'waiting' });
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 1, waiting: 1, guests: 1 });

    // Not yet due: nothing expires.
    ctx.advance(29 * MINUTE);
    await ctx.app.jobs.runDue();
    expect((await orderRow(first.orderId)).status).toBe('pending');

    ctx.advance(2 * MINUTE);
    await ctx.app.jobs.runDue();
    const expired = await orderRow(first.orderId);
    expect(expired).toMatchObject({ status: 'expired', closed_at: ctx.now() });
    expect((await guestRow(first.guestId)).cancelled_at).toBe(ctx.now());
    const code = await ctx.db
      .selectFrom('discount_codes')
      .select('used_count')
      .where('code', '=', 'HALF')
      .executeTakeFirstOrThrow();
    expect(code.used_count).toBe(0);
    // The seat went to the one waiting: a guest now, unpaid, with an order at today's price and a hold.
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 1, waiting: 0, guests: 1 });
    const page = await guestRequest(ctx, second.token, 'GET', '/api/public/guest');
    expect(page.json().data).toMatchObject({ unpaid: true, guest_code: null });
    const { id: secondGuest } = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await guestRow(secondGuest)).toMatchObject({ unpaid: 1, mail_pending: 0 });
    const [owed] = await ordersOf(ctx.db, secondGuest);
    expect(owed).toMatchObject({
      status: 'pending',
      total: 500_00,
      discount_code_id: null,
      hold_until: ctx.now() + 30 * MINUTE,
    });
    const theirs = (await myOrders(second.token)).json().data;
    expect(theirs).toMatchObject([
      { id: owed!.id, status: 'pending', total: 500_00, methods: [{ method: 'transfer' }] },
    ]);

    // The expired guest still reads their order on their page, with nothing to pay.
    const mine = await myOrders(first.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject([
      { id: first.orderId, status: 'expired', total: 250_00, methods: [] },
    ]);
    expect((await guestRequest(ctx, first.token, 'GET', '/api/public/guest')).statusCode).toBe(401);

    // A second pass changes nothing.
    const before = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('meeting_id', '=', meeting.id)
      .orderBy('id')
      .execute();
    await ctx.app.jobs.runDue();
    expect(
      await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('meeting_id', '=', meeting.id)
        .orderBy('id')
        .execute(),
    ).toEqual(before);
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 1, waiting: 0, guests: 1 });
    const logged = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', '=', 'payments.order_expired')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it("prices a waiting member's member-only fee when the list seats them after an expiry", async () => {
    const meeting = await createPaidMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 1,
      holdMinutes: 30,
    });
    await openList(ctx.db, meeting.id);
    const day = await createSchedule(ctx.db, meeting.id, 0, 'Day one');
    const doctor = await createUserType(ctx.db, meeting.id, [day], 'Doctor');
    const fellow = await createUserType(ctx.db, meeting.id, [day], 'Fellow');
    await addPrice(ctx.db, meeting.id, { user_type_id: doctor, amount: 500_00 });
    // The fellows' fee is for members only.
    const members = await addPrice(ctx.db, meeting.id, { user_type_id: fellow, amount: 300_00 });
    await ctx.db.updateTable('price_items').set({ member_only: 1 }).where('id', '=', members).execute();
    const memberN = ++n;
    const now = ctx.now();
    await ctx.db
      .insertInto('member_records')
      .values({
        organization_id: org,
        licence_number: `M-${memberN}`,
        licence_key: `M${memberN}`,
        name_zh: `嘉賓${memberN}`,
        name_en: `Guest ${memberN}`,
        name_keys: `嘉賓${memberN} guest${memberN}`,
        member_class: 'full',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const first = await paidSignUp(meeting.publicId, dateScheduleBody(++n, doctor, [day]));
    // The meeting is full: the member waits in line for the members' fee.
    const member = await paidSignUp(meeting.publicId, {
      ...dateScheduleBody(memberN, fellow, [day]),
      license_number: `m ${memberN}`,
    });
    expect(member.res.json().data.waiting).toMatchObject({ status: 'waiting' });

    // The expiry seats the member at the members' fee, and the expiry stands.
    ctx.advance(31 * MINUTE);
    await ctx.app.jobs.runDue();
    expect((await orderRow(first.orderId)).status).toBe('expired');
    const seated = await ctx.db
      .selectFrom('guests')
      .select(['id', 'member_record_id', 'unpaid'])
      .where('meeting_id', '=', meeting.id)
      .where('cancelled_at', 'is', null)
      .execute();
    expect(seated).toHaveLength(1);
    expect(seated[0]).toMatchObject({ member_record_id: expect.any(Number), unpaid: 1 });
    const [owed] = await ordersOf(ctx.db, seated[0]!.id);
    expect(owed).toMatchObject({ status: 'pending', total: 300_00 });
    expect(owed!.lines).toMatchObject([{ price_item_id: members, amount: 300_00 }]);
  });

  it('seats a late payment again when the seats are free, its paid session included', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 5,
    });
    const workshop = await createSchedule(ctx.db, meeting.id, 1, 'Workshop');
    const doctor = await createUserType(ctx.db, meeting.id, [workshop], 'Doctor');
    await addPrice(ctx.db, meeting.id, { user_type_id: doctor, amount: 300_00 });
    await addPrice(ctx.db, meeting.id, { item_type: 'session', schedule_id: workshop, amount: 100_00 });
    const body = dateScheduleBody(++n, doctor, [workshop]);
    const late = await paidSignUp(meeting.publicId, body);
    const phone = (await guestRow(late.guestId)).phone;
    ctx.advance(31 * MINUTE);
    await ctx.app.jobs.runDue();
    expect((await guestRow(late.guestId)).phone).toBe(`${phone}#${late.guestId}`);
    const workshopSeats = () =>
      ctx.db
        .selectFrom('schedules')
        .select('signup_count')
        .where('id', '=', workshop)
        .executeTakeFirstOrThrow();
    expect(await workshopSeats()).toEqual({ signup_count: 0 });

    expect(await pay(late.orderId, 400_00)).toBe('late_seated');
    expect(await orderRow(late.orderId)).toMatchObject({ status: 'paid', paid_at: ctx.now() });
    expect(await guestRow(late.guestId)).toMatchObject({
      cancelled_at: null,
      phone,
      unpaid: 0,
      mail_pending: 1,
    });
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 1, guests: 1 });
    expect(await workshopSeats()).toEqual({ signup_count: 1 });
    const page = (await guestRequest(ctx, late.token, 'GET', '/api/public/guest')).json().data;
    expect(page).toMatchObject({ unpaid: false, enrolled_schedule_ids: [workshop] });
    expect(page.guest_code).toEqual(expect.any(String));
    // The same payment told again changes nothing.
    expect(await pay(late.orderId, 400_00)).toBe('extra');
  });

  it('holds a late payment for a refund when its seat has gone, or its number signed up again', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { registration_limit: 1 });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 200_00 });
    const body = generalBody(++n, { payment: { price_item_id: ticket } });
    const late = await paidSignUp(meeting.publicId, body);
    ctx.advance(31 * MINUTE);
    await ctx.app.jobs.runDue();
    // The same number signs up again and takes the only seat.
    const again = await paidSignUp(meeting.publicId, body);
    expect(again.guestId).not.toBe(late.guestId);
    expect(await pay(late.orderId, 200_00)).toBe('refund_due');
    expect((await orderRow(late.orderId)).status).toBe('refund_due');
    expect((await guestRow(late.guestId)).cancelled_at).not.toBeNull();
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 1, guests: 1 });

    // With a seat free the late guest is not seated again under a number that signed up again
    // meanwhile: one person would hold two seats. The money is held for a refund.
    const open = await createPaidMeeting(ctx.db, org);
    const openTicket = await addPrice(ctx.db, open.id, { name: 'Member', amount: 200_00 });
    const sameNumber = generalBody(++n, { payment: { price_item_id: openTicket } });
    const gone = await paidSignUp(open.publicId, sameNumber);
    ctx.advance(31 * MINUTE);
    await ctx.app.jobs.runDue();
    const back = await paidSignUp(open.publicId, sameNumber);
    expect(await pay(gone.orderId, 200_00)).toBe('refund_due');
    expect((await orderRow(gone.orderId)).status).toBe('refund_due');
    const [goneRow, backRow] = [await guestRow(gone.guestId), await guestRow(back.guestId)];
    expect(goneRow.cancelled_at).not.toBeNull();
    expect(backRow.cancelled_at).toBeNull();
    expect(goneRow.phone).toBe(`${backRow.phone}#${gone.guestId}`);
    expect(await seatsOf(ctx.db, open.id)).toMatchObject({ taken: 1, guests: 1 });
  });

  it('lets exactly one of a payment and an expiry racing for one order win', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { registration_limit: 1 });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 150_00 });
    const racer = await paidSignUp(
      meeting.publicId,
      generalBody(++n, { payment: { price_item_id: ticket } }),
    );
    ctx.advance(31 * MINUTE);
    const [, outcome] = await Promise.all([ctx.app.jobs.runDue(), pay(racer.orderId, 150_00)]);
    const order = await orderRow(racer.orderId);
    const guest = await guestRow(racer.guestId);
    // Paid first: the expiry skips it. Expired first: the payment seats the guest again.
    expect(['paid', 'late_seated']).toContain(outcome);
    expect(order.status).toBe('paid');
    expect(guest).toMatchObject({ cancelled_at: null, unpaid: 0 });
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 1, guests: 1 });
    await ctx.app.jobs.runDue();
    expect((await orderRow(racer.orderId)).status).toBe('paid');
  });

  it('closes a pending order when the organiser cancels it or deletes its guest', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { registration_limit: 2 });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 100_00 });
    await addCode(ctx.db, meeting.id, { code: 'TENOFF', kind: 'fixed', value: 10_00, max_uses: 5 });
    const payment = { price_item_id: ticket, discount_code: 'TENOFF' };
    const deleted = await paidSignUp(meeting.publicId, generalBody(++n, { payment }));
    const cancelled = await paidSignUp(meeting.publicId, generalBody(++n, { payment }));
    const uses = async () =>
      (
        await ctx.db
          .selectFrom('discount_codes')
          .select('used_count')
          .where('code', '=', 'TENOFF')
          .executeTakeFirstOrThrow()
      ).used_count;
    expect(await uses()).toBe(2);

    const admin = adminApi(ctx, (await ctx.login()).access_token);
    const res = await admin('DELETE', `/api/guests/${deleted.guestId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(deleted.orderId)).toMatchObject({ status: 'cancelled', closed_at: ctx.now() });
    expect(await uses()).toBe(1);

    await ctx.app.payments.cancelOrder(cancelled.orderId, { auditName: 'admin', ip: '127.0.0.1' });
    expect((await orderRow(cancelled.orderId)).status).toBe('cancelled');
    expect((await guestRow(cancelled.guestId)).cancelled_at).not.toBeNull();
    expect(await uses()).toBe(0);
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 0, guests: 0 });
    await expect(
      ctx.app.payments.cancelOrder(cancelled.orderId, { auditName: 'admin', ip: null }),
    ).rejects.toMatchObject({
      errorName: 'ORDER_NOT_PENDING',
    });
    // The hold's job finds it closed; a payment still arriving is held for a refund.
    ctx.advance(31 * MINUTE);
    await ctx.app.jobs.runDue();
    expect((await orderRow(cancelled.orderId)).status).toBe('cancelled');
    expect(await pay(cancelled.orderId, 90_00)).toBe('refund_due');
    const logged = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', '=', 'payments.order_cancelled')
      .execute();
    expect(logged).toHaveLength(2);
  });

  it('lets the guest say who the receipt is for before paying, and only then', async () => {
    const meeting = await createPaidMeeting(ctx.db, org);
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 100_00 });
    const guest = await paidSignUp(
      meeting.publicId,
      generalBody(++n, { payment: { price_item_id: ticket } }),
    );
    const put = (token: string | undefined, id: number, payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/public/guest/orders/${id}/payer`,
        payload,
        headers: token ? { 'x-guest-token': token } : {},
      });
    const empty = await put(guest.token, guest.orderId, {
      payer_kind: 'institution',
      payer_institution: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const changed = await put(guest.token, guest.orderId, {
      payer_kind: 'institution',
      payer_institution: 'Kiang Wu',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ payer_kind: 'institution', payer_institution: 'Kiang Wu' });
    expect((await put(undefined, guest.orderId, { payer_kind: 'guest' })).statusCode).toBe(401);
    const stranger = await paidSignUp(
      meeting.publicId,
      generalBody(++n, { payment: { price_item_id: ticket } }),
    );
    expect((await put(stranger.token, guest.orderId, { payer_kind: 'guest' })).statusCode).toBe(404);
    expect(await pay(guest.orderId, 100_00)).toBe('paid');
    const paid = await put(guest.token, guest.orderId, { payer_kind: 'guest' });
    expect(paid.json().code).toBe(ERRORS.ORDER_NOT_PENDING.code);
    expect((await myOrders(guest.token)).json().data).toMatchObject([
      { status: 'paid', methods: [], receipts: [{ kind: 'receipt', amount: 100_00 }] },
    ]);
  });
});
