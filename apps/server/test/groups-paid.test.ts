import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { unpaidOrderOf } from '../src/modules/payments/payments.reads.ts';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { addCode, addPrice, createPaidMeeting } from './payments-fixtures.ts';
import { bookGroup, createOrganization, generalBody, groupPage, signUp } from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

const MINUTE = 60_000;

/*
 * A group on a paid meeting (issue 45, decision 0106): ONE order for the group — one reference, one
 * hold, a line per attendee naming them — every attendee unpaid until it is paid; paying clears
 * them all (codes and mails), the hold's expiry and a full refund cancel them all, and one attendee
 * is not cancelled alone while the order awaits payment.
 */
describe(`paid group bookings (${TEST_DB})`, () => {
  let ctx: TestContext;
  let smtp: SmtpFixture;
  let org: number;
  let admin: Api;
  let n = 5000;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    org = await createOrganization(ctx.db);
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  /** A paid meeting taking groups of up to 5, with a standard and a student ticket. */
  async function paidGroupMeeting(limit = 10) {
    const meeting = await createPaidMeeting(ctx.db, org, {
      registration_limit: limit,
      holdMinutes: 30,
      methods: ['transfer', 'desk'],
    });
    await ctx.db.updateTable('meetings').set({ group_max: 5 }).where('id', '=', meeting.id).execute();
    const standard = await addPrice(ctx.db, meeting.id, { name: 'Standard', amount: 500_00 });
    const student = await addPrice(ctx.db, meeting.id, { name: 'Student', amount: 200_00 });
    return { ...meeting, standard, student };
  }

  /** A group of three: two standard tickets and a student's; 1 200.00 in all. */
  async function bookThree(meeting: Awaited<ReturnType<typeof paidGroupMeeting>>) {
    const first = ++n;
    n += 3;
    const attendees = [
      generalBody(first, { payment: { price_item_id: meeting.standard } }),
      generalBody(first + 1, { payment: { price_item_id: meeting.student } }),
      generalBody(first + 2, { payment: { price_item_id: meeting.standard } }),
    ];
    const res = await bookGroup(
      ctx,
      meeting.publicId,
      {
        contact: {
          name: `Secretary ${first}`,
          area_code: '853',
          phone: '63000000',
          email: `sec${first}@example.com`,
        },
        attendees,
      },
      first,
    );
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.group_token as string;
    const guests = await ctx.db
      .selectFrom('guests')
      .select(['id', 'unpaid', 'guest_code', 'email', 'cancelled_at'])
      .where('meeting_id', '=', meeting.id)
      .where(
        'email',
        'in',
        [0, 1, 2].map((i) => `guest${first + i}@example.com`),
      )
      .orderBy('email')
      .execute();
    expect(guests).toHaveLength(3);
    const orders = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('meeting_id', '=', meeting.id)
      .where(
        'guest_id',
        'in',
        guests.map((g) => g.id),
      )
      .execute();
    expect(orders).toHaveLength(1);
    return { token, guests, order: orders[0]!, res, first };
  }

  const page = (token: string, method: 'GET' | 'POST' = 'GET', url?: string) =>
    groupPage(ctx, token, method, url);
  const guestRows = (ids: number[]) =>
    ctx.db
      .selectFrom('guests')
      .select(['id', 'unpaid', 'cancelled_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const seats = async (meetingId: number) =>
    (
      await ctx.db
        .selectFrom('meetings')
        .select('registered_count')
        .where('id', '=', meetingId)
        .executeTakeFirstOrThrow()
    ).registered_count;
  const orderRow = (id: number) =>
    ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = (address: string) => smtp.received.filter((m) => JSON.stringify(m.to).includes(address));

  it('opens one order with a line per attendee, all unpaid; the desk pays it and all three get codes', async () => {
    const meeting = await paidGroupMeeting();
    const { token, guests, order, res, first } = await bookThree(meeting);
    expect(order).toMatchObject({ status: 'pending', total: 1_200_00, subtotal: 1_200_00 });
    expect(order.hold_until).toBe(ctx.now() + 30 * MINUTE);
    const lines = await ctx.db
      .selectFrom('order_lines')
      .select(['guest_id', 'price_item_id', 'amount'])
      .where('order_id', '=', order.id)
      .orderBy('guest_id')
      .execute();
    expect(lines).toEqual([
      { guest_id: guests[0]!.id, price_item_id: meeting.standard, amount: 500_00 },
      { guest_id: guests[1]!.id, price_item_id: meeting.student, amount: 200_00 },
      { guest_id: guests[2]!.id, price_item_id: meeting.standard, amount: 500_00 },
    ]);
    expect(guests.every((g) => g.unpaid === 1)).toBe(true);
    expect(await seats(meeting.id)).toBe(3);

    // The contact's page: no codes yet, the order with its reference, total and how to pay.
    const booked = res.json().data.group;
    expect(booked.attendees.map((a: { guest_code: string | null }) => a.guest_code)).toEqual([
      null,
      null,
      null,
    ]);
    expect(booked.attendees.map((a: { state: string }) => a.state)).toEqual(['unpaid', 'unpaid', 'unpaid']);
    expect(booked.order).toMatchObject({ reference: order.reference, total: 1_200_00, status: 'pending' });
    expect(booked.order.lines.map((l: { guest_id: number }) => l.guest_id).sort()).toEqual(
      guests.map((g) => g.id).sort(),
    );
    expect(booked.order.methods.map((m: { method: string }) => m.method)).toContain('transfer');
    // No attendee's confirmation before the payment: only the contact's mail.
    await ctx.app.jobs.runDue();
    expect(mailsTo(`guest${first}@example.com`)).toHaveLength(0);
    expect(mailsTo(`sec${first}@example.com`)).toHaveLength(1);
    // Nor on asking: the contact cannot send an unpaid attendee's confirmation.
    const resend = await page(token, 'POST', `/api/public/group/attendees/${guests[0]!.id}/resend`);
    expect(resend.json().code, resend.body).toBe(ERRORS.GUEST_UNPAID.code);

    // The door tells what the group owes from any attendee, the payer or not.
    expect(await unpaidOrderOf(ctx.db, guests[2]!.id)).toMatchObject({
      order_id: order.id,
      amount_due: 1_200_00,
    });
    // The desk takes the whole amount from the third attendee's code.
    const desk = await admin('POST', '/api/payments/desk', {
      meeting_id: meeting.id,
      guest_code: guests[2]!.guest_code,
      method: 'cash',
      amount: 1_200_00,
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().data).toMatchObject({ order_id: order.id, outcome: 'paid' });
    expect((await guestRows(guests.map((g) => g.id))).map((g) => g.unpaid)).toEqual([0, 0, 0]);
    await ctx.app.jobs.runDue();
    for (const i of [0, 1, 2]) {
      const mails = mailsTo(`guest${first + i}@example.com`);
      expect(mails.some((m) => m.attachments.some((a) => a.filename === 'qr-code.png'))).toBe(true);
    }
    const paid = await page(token);
    expect(paid.json().data.order).toMatchObject({ status: 'paid', methods: [] });
    expect(paid.json().data.attendees.map((a: { guest_code: string }) => a.guest_code)).toEqual(
      guests.map((g) => g.guest_code),
    );
    expect(paid.json().data.attendees.map((a: { state: string }) => a.state)).toEqual([
      'registered',
      'registered',
      'registered',
    ]);

    // Paid: one attendee may go; the order stays paid and the organiser refunds by hand.
    const one = await page(token, 'POST', `/api/public/group/attendees/${guests[1]!.id}/cancel`);
    expect(one.statusCode, one.body).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await seats(meeting.id)).toBe(2);
  });

  it('refuses cancelling one attendee while the order is unpaid; the hold expiry cancels all three', async () => {
    const meeting = await paidGroupMeeting(3);
    const { token, guests, order } = await bookThree(meeting);
    expect(await seats(meeting.id)).toBe(3);
    const one = await page(token, 'POST', `/api/public/group/attendees/${guests[1]!.id}/cancel`);
    expect(one.statusCode, one.body).toBe(409);
    expect(one.json().code).toBe(ERRORS.GROUP_ORDER_UNPAID.code);
    // The back office's delete of one attendee is refused the same way.
    const removed = await admin('DELETE', `/api/guests/${guests[2]!.id}`);
    expect(removed.json().code, removed.body).toBe(ERRORS.GROUP_ORDER_UNPAID.code);
    expect((await guestRows(guests.map((g) => g.id))).every((g) => g.cancelled_at === null)).toBe(true);
    expect((await orderRow(order.id)).total).toBe(1_200_00);

    ctx.advance(29 * MINUTE);
    await ctx.app.jobs.runDue();
    expect((await orderRow(order.id)).status).toBe('pending');
    ctx.advance(2 * MINUTE);
    await ctx.app.jobs.runDue();
    expect((await orderRow(order.id)).status).toBe('expired');
    expect((await guestRows(guests.map((g) => g.id))).every((g) => g.cancelled_at !== null)).toBe(true);
    expect(await seats(meeting.id)).toBe(0);
    // The seats are free again: a single sign-up takes one.
    const single = await signUp(
      ctx,
      meeting.publicId,
      generalBody(++n, { payment: { price_item_id: meeting.student } }),
      n,
    );
    expect(single.statusCode, single.body).toBe(200);
    const expired = await page(token);
    expect(expired.json().data.order).toMatchObject({ status: 'expired', methods: [] });
  });

  it("the organiser's cancel of the order cancels all its attendees", async () => {
    const meeting = await paidGroupMeeting();
    const { guests, order } = await bookThree(meeting);
    const cancelled = await admin('POST', `/api/orders/${order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect((await guestRows(guests.map((g) => g.id))).every((g) => g.cancelled_at !== null)).toBe(true);
    expect(await seats(meeting.id)).toBe(0);
  });

  it('a full refund of the paid order cancels every attendee and frees their seats', async () => {
    const meeting = await paidGroupMeeting();
    const { guests, order } = await bookThree(meeting);
    const marked = await admin('POST', `/api/orders/${order.id}/mark-paid`, {
      method: 'transfer',
      amount: 1_200_00,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await guestRows(guests.map((g) => g.id))).map((g) => g.unpaid)).toEqual([0, 0, 0]);
    const refund = await admin('POST', `/api/orders/${order.id}/refunds`, { amount: 1_200_00 });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toMatchObject({ status: 'refunded', cancelled: true });
    expect((await guestRows(guests.map((g) => g.id))).every((g) => g.cancelled_at !== null)).toBe(true);
    expect(await seats(meeting.id)).toBe(0);
  });

  it('prices each attendee by their own ticket and refuses a discount code for a group', async () => {
    const meeting = await paidGroupMeeting();
    await addCode(ctx.db, meeting.id, { code: 'HALF', kind: 'percent', value: 50 });
    const base = ++n;
    n += 2;
    const res = await bookGroup(
      ctx,
      meeting.publicId,
      {
        contact: { name: 'Secretary', area_code: '853', phone: '63000001', email: 'sec@example.com' },
        attendees: [
          generalBody(base, { payment: { price_item_id: meeting.standard } }),
          generalBody(base + 1, { payment: { price_item_id: meeting.student, discount_code: 'HALF' } }),
        ],
      },
      base,
    );
    expect(res.json()).toMatchObject({
      code: ERRORS.GROUP_DISCOUNT_CODE_UNSUPPORTED.code,
      data: { attendee: 1 },
    });
    expect(await seats(meeting.id)).toBe(0);
  });
});
