import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { localDate, localDayBounds } from '../src/lib/local-time.ts';
import { listOrders, revenueOf } from '../src/modules/payments/orders.repository.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { addCode, addPrice, createPaidMeeting, guestIdOf, ordersOf, seatsOf } from './payments-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';

const ZONE = 'Asia/Macau';
const DAY = 86_400_000;

/**
 * Paid sign-ups (issue 44): the order a sign-up opens holds its seat with the price of the moment
 * (early bird to local midnight, codes), the guest is unpaid until it is paid, and a code with no
 * use left refuses the whole sign-up. A free meeting signs up as before.
 */
describe(`paid sign-ups and their orders (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    org = await createOrganization(ctx.db);
  });
  afterAll(() => ctx.close());

  const general = (payment?: object) => generalBody(++n, payment ? { payment } : {});
  const quote = (publicId: string, body: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/public/meetings/${publicId}/quote`, payload: body });

  async function signedUp(publicId: string, body: object) {
    const res = await signUp(ctx, publicId, body, n);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.guest_token as string;
    const guestId = await guestIdOf(ctx.db, token);
    return { res, token, guestId, orders: await ordersOf(ctx.db, guestId) };
  }

  it('charges the early-bird price up to local midnight of its last day, the full price after', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { holdMinutes: 45 });
    // The early bird runs to the end of a local day three days on: its deadline is that day's midnight.
    const lastDay = localDate(ctx.now() + 3 * DAY, ZONE);
    const deadline = localDayBounds(lastDay, ZONE).to;
    const member = await addPrice(ctx.db, meeting.id, {
      name: 'Member',
      amount: 800_00,
      early_amount: 600_00,
      early_until: deadline,
    });
    await addPrice(ctx.db, meeting.id, { name: 'Student', amount: 300_00 });

    ctx.advance(deadline - 60_000 - ctx.now());
    expect(localDate(ctx.now(), ZONE)).toBe(lastDay);
    const shown = (await ctx.app.inject({ url: `/api/public/meetings/${meeting.publicId}` })).json().data;
    expect(shown.pricing).toMatchObject({
      currency: 'MOP',
      hold_minutes: 45,
      methods: ['transfer'],
      has_discount_codes: false,
    });
    expect(shown.pricing.registration.map((p: { current: number }) => p.current)).toEqual([600_00, 300_00]);
    const early = await signedUp(meeting.publicId, general({ price_item_id: member }));
    expect(early.orders).toHaveLength(1);
    expect(early.orders[0]).toMatchObject({
      status: 'pending',
      currency: 'MOP',
      subtotal: 600_00,
      discount_amount: 0,
      total: 600_00,
      hold_until: ctx.now() + 45 * 60_000,
      payer_kind: 'guest',
      payer_name: `Guest ${n}`,
    });
    expect(early.orders[0]!.reference).toMatch(/^MF[2-9A-HJKMNP-Z]{8}$/);
    expect(early.orders[0]!.lines).toMatchObject([{ price_item_id: member, amount: 600_00, early_bird: 1 }]);
    expect(JSON.parse(early.orders[0]!.lines[0]!.description)).toEqual({
      'zh-tw': 'Member',
      'zh-cn': 'Member',
      en: 'Member',
    });
    // The hold's expiry is a durable job, due when the hold ends.
    const job = await ctx.db
      .selectFrom('jobs')
      .select(['kind', 'run_at', 'guest_id'])
      .where('idempotency_key', '=', `order:${early.orders[0]!.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({
      kind: 'payments.hold_expiry',
      run_at: ctx.now() + 45 * 60_000,
      guest_id: early.guestId,
    });

    // Two minutes later it is the next local day: the full price.
    ctx.advance(2 * 60_000);
    expect(localDate(ctx.now(), ZONE)).not.toBe(lastDay);
    const late = await signedUp(meeting.publicId, general({ price_item_id: member }));
    expect(late.orders[0]).toMatchObject({ subtotal: 800_00, total: 800_00 });
    expect(late.orders[0]!.lines).toMatchObject([{ amount: 800_00, early_bird: 0 }]);
    expect(late.orders[0]!.reference).not.toBe(early.orders[0]!.reference);
  });

  it('shows an unpaid guest no code, and sends no confirmation until paid', async () => {
    const meeting = await createPaidMeeting(ctx.db, org);
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 500_00 });
    const { res, token, guestId } = await signedUp(meeting.publicId, general({ price_item_id: ticket }));
    expect(res.json().data.guest).toMatchObject({ unpaid: true, guest_code: null });
    const page = await guestRequest(ctx, token, 'GET', '/api/public/guest');
    expect(page.json().data).toMatchObject({ unpaid: true, guest_code: null });
    const row = await ctx.db
      .selectFrom('guests')
      .select(['unpaid', 'mail_pending'])
      .where('id', '=', guestId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ unpaid: 1, mail_pending: 0 });
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 1, guests: 1 });
  });

  it('takes a percentage code and a fixed code off the lines they name, counting each use', async () => {
    const meeting = await createPaidMeeting(ctx.db, org);
    const member = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 812_35 });
    const student = await addPrice(ctx.db, meeting.id, { name: 'Student', amount: 300_00 });
    const tenOff = await addCode(ctx.db, meeting.id, { code: 'TEN', kind: 'percent', value: 10 });
    const fixed = await addCode(ctx.db, meeting.id, {
      code: 'STUDENT50',
      kind: 'fixed',
      value: 50_00,
      price_item_ids: [student],
    });

    // The quote answers before the sign-up; a code typed in lower case with spaces is the same code.
    const quoted = await quote(meeting.publicId, { price_item_id: member, discount_code: ' ten ' });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ subtotal: 812_35, discount_amount: 81_24, total: 731_11 });

    const percent = await signedUp(
      meeting.publicId,
      general({ price_item_id: member, discount_code: 'ten' }),
    );
    // 10 % of 812.35 = 81.235 → 81.24 (half up).
    expect(percent.orders[0]).toMatchObject({
      subtotal: 812_35,
      discount_amount: 81_24,
      total: 731_11,
      discount_code_id: tenOff,
    });
    expect(percent.orders[0]!.lines).toMatchObject([{ amount: 812_35, discount: 81_24 }]);

    const flat = await signedUp(
      meeting.publicId,
      general({
        price_item_id: student,
        discount_code: 'STUDENT50',
        payer_kind: 'institution',
        payer_institution: 'Kiang Wu Hospital',
      }),
    );
    expect(flat.orders[0]).toMatchObject({
      subtotal: 300_00,
      discount_amount: 50_00,
      total: 250_00,
      discount_code_id: fixed,
      payer_kind: 'institution',
      payer_institution: 'Kiang Wu Hospital',
    });
    // A code for another ticket refuses the sign-up.
    const wrong = await signUp(
      ctx,
      meeting.publicId,
      general({ price_item_id: member, discount_code: 'STUDENT50' }),
      n,
    );
    expect(wrong.json().code).toBe(ERRORS.DISCOUNT_CODE_INVALID.code);
    const codes = await ctx.db
      .selectFrom('discount_codes')
      .select(['code', 'used_count'])
      .orderBy('id')
      .execute();
    expect(codes.filter((c) => ['TEN', 'STUDENT50'].includes(c.code))).toEqual([
      { code: 'TEN', used_count: 1 },
      { code: 'STUDENT50', used_count: 1 },
    ]);
  });

  it('asks a general meeting with ticket kinds for one', async () => {
    const meeting = await createPaidMeeting(ctx.db, org);
    await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 100_00 });
    for (const payment of [undefined, { price_item_id: 999_999 }]) {
      const res = await signUp(ctx, meeting.publicId, general(payment), n);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERRORS.TICKET_REQUIRED.code);
    }
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 0, guests: 0 });
  });

  it('charges a date-schedule sign-up its registration type and the priced sessions it has seats in', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { meeting_type: 'date_schedule', currency: 'HKD' });
    const lecture = await createSchedule(ctx.db, meeting.id, 0, 'Lecture');
    const workshop = await createSchedule(ctx.db, meeting.id, 10, 'Workshop');
    const doctor = await createUserType(ctx.db, meeting.id, [lecture, workshop], 'Doctor');
    const nurse = await createUserType(ctx.db, meeting.id, [lecture, workshop], 'Nurse');
    await addPrice(ctx.db, meeting.id, { user_type_id: doctor, amount: 1_000_00 });
    await addPrice(ctx.db, meeting.id, { item_type: 'session', schedule_id: workshop, amount: 250_00 });

    const doc = await signedUp(meeting.publicId, dateScheduleBody(++n, doctor, [lecture, workshop]));
    expect(doc.orders[0]).toMatchObject({ currency: 'HKD', total: 1_250_00 });
    // Named after the registration type and the session where the price has no name of its own.
    expect(doc.orders[0]!.lines.map((l) => [JSON.parse(l.description).en, l.schedule_id, l.amount])).toEqual([
      ['Doctor', null, 1_000_00],
      ['Workshop', workshop, 250_00],
    ]);
    const shown = (await ctx.app.inject({ url: `/api/public/meetings/${meeting.publicId}` })).json().data;
    expect(shown.pricing.registration).toMatchObject([
      { user_type_id: doctor, name_en: 'Doctor', current: 1_000_00 },
    ]);
    expect(shown.pricing.sessions).toMatchObject([
      { schedule_id: workshop, name_en: 'Workshop', current: 250_00 },
    ]);

    // A nurse pays only the workshop; a nurse on the lecture alone pays nothing and signs up as free.
    const nurseQuote = await quote(meeting.publicId, {
      user_type_id: nurse,
      schedule_ids: [lecture, workshop],
    });
    expect(nurseQuote.json().data).toMatchObject({ currency: 'HKD', total: 250_00 });
    const free = await signedUp(meeting.publicId, dateScheduleBody(++n, nurse, [lecture]));
    expect(free.orders).toEqual([]);
    expect(free.res.json().data.guest).toMatchObject({ unpaid: false });
    expect(free.res.json().data.guest.guest_code).toEqual(expect.any(String));
  });

  it('leaves a free meeting exactly as it was: no order, the code at once', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const { res, guestId, orders } = await signedUp(meeting.publicId, general({ discount_code: 'IGNORED' }));
    expect(res.json().data.guest).toMatchObject({ unpaid: false });
    expect(res.json().data.guest.guest_code).toEqual(expect.any(String));
    expect(orders).toEqual([]);
    const shown = (await ctx.app.inject({ url: `/api/public/meetings/${meeting.publicId}` })).json().data;
    expect(shown.pricing).toBeNull();
    expect((await quote(meeting.publicId, {})).statusCode).toBe(404);
    const row = await ctx.db
      .selectFrom('guests')
      .select(['unpaid', 'mail_pending'])
      .where('id', '=', guestId)
      .executeTakeFirstOrThrow();
    expect(row.unpaid).toBe(0);
  });

  it('refuses a sign-up whose code has no use left, leaving no guest and no seat taken', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { registration_limit: 20 });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 400_00 });
    await addCode(ctx.db, meeting.id, {
      code: 'SPENT',
      kind: 'percent',
      value: 50,
      max_uses: 3,
      used_count: 3,
    });
    const spent = await signUp(
      ctx,
      meeting.publicId,
      general({ price_item_id: ticket, discount_code: 'SPENT' }),
      n,
    );
    expect(spent.statusCode).toBe(409);
    expect(spent.json().code).toBe(ERRORS.DISCOUNT_CODE_USED_UP.code);
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 0, guests: 0 });

    // Eight at once for a code of two uses: two orders, six refused with nothing left behind.
    await addCode(ctx.db, meeting.id, { code: 'TWO', kind: 'fixed', value: 100_00, max_uses: 2 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => {
        const body = general({ price_item_id: ticket, discount_code: 'TWO' });
        return signUp(ctx, meeting.publicId, body, n);
      }),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().code).toBe(ERRORS.DISCOUNT_CODE_USED_UP.code);
    }
    expect(await seatsOf(ctx.db, meeting.id)).toMatchObject({ taken: 2, guests: 2 });
    const orders = await ctx.db
      .selectFrom('orders')
      .select('total')
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(orders).toEqual([{ total: 300_00 }, { total: 300_00 }]);
    const two = await ctx.db
      .selectFrom('discount_codes')
      .select('used_count')
      .where('meeting_id', '=', meeting.id)
      .where('code', '=', 'TWO')
      .executeTakeFirstOrThrow();
    expect(two.used_count).toBe(2);
  });

  it("lists a meeting's orders by status and keyword, and sums revenue per currency", async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { currency: 'USD' });
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Member', amount: 120_00 });
    const a = await signedUp(meeting.publicId, general({ price_item_id: ticket }));
    const b = await signedUp(meeting.publicId, general({ price_item_id: ticket }));
    await ctx.db
      .updateTable('orders')
      .set({ status: 'paid', refunded_amount: 20_00 })
      .where('id', '=', b.orders[0]!.id)
      .execute();
    await ctx.db
      .insertInto('payments')
      .values({
        order_id: b.orders[0]!.id,
        kind: 'payment',
        method: 'transfer',
        amount: 120_00,
        provider_ref: null,
        user_id: null,
        created_at: ctx.now(),
      })
      .execute();

    const all = await listOrders(ctx.db, meeting.id, { offset: 0, limit: 10 });
    expect(all.total).toBe(2);
    expect(all.rows.map((r) => [r.id, r.status, r.paid_amount, r.guest_name])).toEqual([
      [b.orders[0]!.id, 'paid', 120_00, `Guest ${n}`],
      [a.orders[0]!.id, 'pending', 0, `Guest ${n - 1}`],
    ]);
    const pending = await listOrders(ctx.db, meeting.id, { status: 'pending', offset: 0, limit: 10 });
    expect(pending.rows.map((r) => r.id)).toEqual([a.orders[0]!.id]);
    const byReference = await listOrders(ctx.db, meeting.id, {
      keyword: a.orders[0]!.reference.slice(2, 7).toLowerCase(),
      offset: 0,
      limit: 10,
    });
    expect(byReference.rows.map((r) => r.id)).toEqual([a.orders[0]!.id]);
    const byName = await listOrders(ctx.db, meeting.id, { keyword: `guest ${n}`, offset: 0, limit: 1 });
    expect(byName).toMatchObject({ total: 1, rows: [{ id: b.orders[0]!.id }] });
    expect(await listOrders(ctx.db, meeting.id, { keyword: '100%', offset: 0, limit: 10 })).toEqual({
      rows: [],
      total: 0,
    });

    expect(await revenueOf(ctx.db, [meeting.id])).toEqual([
      { currency: 'USD', paid: 120_00, refunded: 20_00, pending: 120_00, orders_paid: 1, orders_pending: 1 },
    ]);
    expect(await revenueOf(ctx.db, [])).toEqual([]);
  });
});
