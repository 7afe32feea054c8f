import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { addPrice, createPaidMeeting, guestIdOf, ordersOf } from './payments-fixtures.ts';
import {
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';

/**
 * A paid meeting's guest page (issue 44): what a guest does there never takes a priced seat without
 * paying, nor gives one back without its refund.
 */
describe(`a paid meeting's guest page (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;
  let n = 7000;
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
    const guestId = await guestIdOf(ctx.db, token);
    const [order] = await ordersOf(ctx.db, guestId);
    return { token, guestId, order: order! };
  }

  function pay(orderId: number, amount: number) {
    return ctx.db.transaction().execute((trx) =>
      ctx.app.payments.confirmIn(trx, {
        orderId,
        method: 'transfer',
        amount,
        providerRef: `page-${++ref}`,
        userId: null,
        auditName: null,
        ip: null,
      }),
    );
  }

  const enrol = (token: string, scheduleId: number) =>
    guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', { schedule_id: scheduleId });
  const cancel = (token: string, scheduleId: number) =>
    guestRequest(ctx, token, 'DELETE', `/api/public/guest/enrolments/${scheduleId}`);
  const enrolled = async (guestId: number) =>
    (
      await ctx.db
        .selectFrom('guest_schedules')
        .select('schedule_id')
        .where('guest_id', '=', guestId)
        .orderBy('schedule_id')
        .execute()
    ).map((r) => r.schedule_id);

  it('refuses enrolling in or cancelling a priced session, and keeps the free ones open', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 10,
    });
    const workshop = await createSchedule(ctx.db, meeting.id, 5, 'Workshop');
    const lecture = await createSchedule(ctx.db, meeting.id, 5, 'Lecture');
    const doctor = await createUserType(ctx.db, meeting.id, [workshop, lecture], 'Doctor');
    await addPrice(ctx.db, meeting.id, { user_type_id: doctor, amount: 300_00 });
    const workshopPrice = await addPrice(ctx.db, meeting.id, {
      item_type: 'session',
      schedule_id: workshop,
      amount: 100_00,
    });

    const free = await paidSignUp(meeting.publicId, dateScheduleBody(++n, doctor, [lecture]));
    expect(await pay(free.order.id, 300_00)).toBe('paid');
    const taken = await enrol(free.token, workshop);
    expect(taken.json().code, taken.body).toBe(ERRORS.SESSION_PRICED.code);
    expect(taken.statusCode).toBe(ERRORS.SESSION_PRICED.status);
    expect(await enrolled(free.guestId)).toEqual([lecture]);
    // Nor from its waiting list, and the page does not offer it.
    const queued = await guestRequest(ctx, free.token, 'POST', '/api/public/guest/waitlist', {
      schedule_id: workshop,
    });
    expect(queued.json().code, queued.body).toBe(ERRORS.SESSION_PRICED.code);
    const page = await guestRequest(ctx, free.token, 'GET', '/api/public/guest');
    expect(page.json().data.enrollable_schedule_ids).toEqual([]);
    // The session without a price is enrolled and cancelled as before.
    expect((await cancel(free.token, lecture)).statusCode).toBe(200);
    expect(await enrolled(free.guestId)).toEqual([]);
    expect((await enrol(free.token, lecture)).statusCode).toBe(200);
    expect(await enrolled(free.guestId)).toEqual([lecture]);

    // A paid workshop is not given back from the page: its refund is the organiser's.
    const paid = await paidSignUp(meeting.publicId, dateScheduleBody(++n, doctor, [workshop]));
    expect(await pay(paid.order.id, 400_00)).toBe('paid');
    const given = await cancel(paid.token, workshop);
    expect(given.json().code, given.body).toBe(ERRORS.SESSION_PRICED.code);
    expect(await enrolled(paid.guestId)).toEqual([workshop]);
    const seats = await ctx.db
      .selectFrom('schedules')
      .select('signup_count')
      .where('id', '=', workshop)
      .executeTakeFirstOrThrow();
    expect(seats.signup_count).toBe(1);

    // A retired price no longer makes the session priced.
    await ctx.db
      .updateTable('price_items')
      .set({ retired_at: ctx.now() })
      .where('id', '=', workshopPrice)
      .execute();
    expect((await enrol(free.token, workshop)).statusCode).toBe(200);
    expect(await enrolled(free.guestId)).toEqual([workshop, lecture].sort((a, b) => a - b));
  });

  it('answers 400 for an order id past the database integer on the payer route', async () => {
    const meeting = await createPaidMeeting(ctx.db, org);
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 100_00 });
    const guest = await paidSignUp(
      meeting.publicId,
      generalBody(++n, { payment: { price_item_id: ticket } }),
    );
    for (const id of [2_147_483_648, 99_999_999_999]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/public/guest/orders/${id}/payer`,
        payload: { payer_kind: 'guest' },
        headers: { 'x-guest-token': guest.token },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('lets a guest cancelled with their order still download its receipts', async () => {
    const meeting = await createPaidMeeting(ctx.db, org);
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 300_00 });
    const guest = await paidSignUp(
      meeting.publicId,
      generalBody(++n, { payment: { price_item_id: ticket } }),
    );
    expect(await pay(guest.order.id, 100_00)).toBe('partial');
    ctx.advance(31 * 60_000);
    await ctx.app.jobs.runDue();
    const { cancelled_at } = await ctx.db
      .selectFrom('guests')
      .select('cancelled_at')
      .where('id', '=', guest.guestId)
      .executeTakeFirstOrThrow();
    expect(cancelled_at).not.toBeNull();
    // Their page lists the order with its receipt; the receipt opens with the same token.
    const listed = await guestRequest(ctx, guest.token, 'GET', '/api/public/guest/orders');
    const [receipt] = listed.json().data[0].receipts as { id: number }[];
    const pdf = await guestRequest(ctx, guest.token, 'GET', `/api/public/guest/receipts/${receipt!.id}/pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    // Erased, the token opens nothing.
    await ctx.db
      .updateTable('guests')
      .set({ erased_at: ctx.now() })
      .where('id', '=', guest.guestId)
      .execute();
    const erased = await guestRequest(
      ctx,
      guest.token,
      'GET',
      `/api/public/guest/receipts/${receipt!.id}/pdf`,
    );
    expect(erased.statusCode).toBe(401);
  });
});
