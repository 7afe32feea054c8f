import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type { ScanAnswer } from '@meetflow/shared/schemas/attendance';
import type { OfflineData, OfflineSyncAnswer } from '@meetflow/shared/schemas/offline-door';
import { addUser, PASSWORD, scanner, toNextMorning } from './attendance-fixtures.ts';
import { createPaidMeeting, pendingGuest, type PendingGuest } from './door-payments-fixtures.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createOrganization, type MeetingFixture } from './registration-fixtures.ts';

/*
 * Issue 44 at the door: a guest whose order is not paid is refused with what is due; staff with
 * payment:desk take the whole amount in cash or by card terminal, and the next scan admits them.
 * The offline station's copy marks them too.
 */
describe(`the desk at the door (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;
  let meeting: MeetingFixture;
  let organiser: string;
  let door: string;
  let scanOnly: string;
  let stranger: string;
  let scan: ReturnType<typeof scanner>;
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    toNextMorning(ctx);
    const admin = (await ctx.login()).access_token;
    org = await createOrganization(ctx.db);
    const otherOrg = await createOrganization(ctx.db);
    organiser = await addUser(ctx, admin, 'desk_organiser', 'organiser', org);
    door = await addUser(ctx, admin, 'desk_door', 'door_staff', org);
    stranger = await addUser(ctx, admin, 'desk_stranger', 'organiser', otherOrg);
    // A role that scans but does not take money.
    const role = await ctx.db
      .insertInto('roles')
      .values({
        code: null,
        name: 'Scanner only',
        is_admin: 0,
        permissions: JSON.stringify(['meeting:view', 'records:scan']),
        created_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: {
        account: 'desk_scanner',
        name: 'Scanner',
        role_id: role.id,
        organization_id: org,
        password: PASSWORD,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    scanOnly = (await ctx.login({ account: 'desk_scanner', password: PASSWORD })).access_token;
    meeting = await createPaidMeeting(ctx, org, { methods: ['transfer', 'desk'] });
    scan = scanner(ctx);
  });
  afterAll(() => ctx.close());

  /** The desk of `meeting`'s door, unless the body names another meeting. */
  const desk = (token: string, body: object, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/desk',
      headers: { ...bearer(token), 'accept-language': lang },
      payload: { meeting_id: meeting.id, ...body },
    });
  const checkIns = async (guestId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('check_ins')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('guest_id', '=', guestId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const paymentsOf = (orderId: number) =>
    ctx.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
  const unpaidFlag = async (guestId: number) =>
    Number(
      (await ctx.db.selectFrom('guests').select('unpaid').where('id', '=', guestId).executeTakeFirstOrThrow())
        .unpaid,
    );
  const scanIn = async (guest: PendingGuest, token = door, lang = 'en') => {
    const res = await scan(token, { meeting_id: meeting.id, guest_code: guest.code, direction: 'in' }, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ScanAnswer;
  };

  it('refuses an unpaid guest at the door with what is due, and records nothing', async () => {
    const guest = await pendingGuest(ctx, meeting, ++n, 1_500_00);
    const answer = await scanIn(guest);
    expect(answer.result).toBe('refused');
    expect(answer.reason_code).toBe(ERRORS.GUEST_UNPAID.code);
    expect(answer.reason).toBe('This guest has not paid yet');
    expect(answer.guest?.id).toBe(guest.id);
    expect(answer.unpaid).toEqual({
      order_id: guest.orderId,
      reference: guest.reference,
      currency: 'HKD',
      amount_due: 1_500_00,
    });
    expect((await scanIn(guest, door, 'zh-tw')).reason).toBe('此嘉賓尚未付款');
    expect((await scanIn(guest, door, 'zh-cn')).reason).toBe('此嘉宾尚未付款');
    // Automatic direction and the organiser's manual entry are refused alike.
    const auto = await scan(door, { meeting_id: meeting.id, guest_code: guest.code, direction: 'auto' });
    expect(auto.json().data.result).toBe('refused');
    const manual = await scan(organiser, {
      meeting_id: meeting.id,
      guest_code: guest.code,
      direction: 'in',
      manual: true,
    });
    expect(manual.json().data.unpaid.amount_due).toBe(1_500_00);
    expect(await checkIns(guest.id)).toBe(0);
  });

  it('takes cash for the whole amount at the desk, then the scan admits the guest', async () => {
    const guest = await pendingGuest(ctx, meeting, ++n, 880_00);
    expect((await scanIn(guest)).result).toBe('refused');
    const res = await desk(door, { guest_code: guest.code, method: 'cash', amount: 880_00 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      order_id: guest.orderId,
      reference: guest.reference,
      currency: 'HKD',
      amount: 880_00,
      outcome: 'paid',
    });
    const payments = await paymentsOf(guest.orderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      kind: 'payment',
      method: 'cash',
      amount: 880_00,
      provider_ref: null,
    });
    expect(payments[0]!.user_id).not.toBeNull();
    const order = await ctx.db
      .selectFrom('orders')
      .select(['status', 'method'])
      .where('id', '=', guest.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', method: 'cash' });
    expect(await unpaidFlag(guest.id)).toBe(0);
    const receipts = await ctx.db
      .selectFrom('receipts')
      .selectAll()
      .where('order_id', '=', guest.orderId)
      .execute();
    expect(receipts).toHaveLength(1);
    const audit = await ctx.db
      .selectFrom('system_logs')
      .selectAll()
      .where('message_key', '=', 'payments.payment_received')
      .where('username', '=', 'desk_door')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);

    const admitted = await scanIn(guest);
    expect(admitted.result).toBe('success');
    expect(admitted.type).toBe('in');
    expect(admitted.unpaid).toBeUndefined();
    expect(await checkIns(guest.id)).toBe(1);

    // Paid now: the desk has nothing more to take.
    const again = await desk(door, { guest_code: guest.code, method: 'cash', amount: 880_00 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERRORS.ORDER_NOT_PENDING.code);
    expect(await paymentsOf(guest.orderId)).toHaveLength(1);
  });

  it('takes a card-terminal payment for an organiser too', async () => {
    const guest = await pendingGuest(ctx, meeting, ++n, 99_90);
    const res = await desk(organiser, { guest_code: guest.code, method: 'card_terminal', amount: 99_90 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentsOf(guest.orderId))[0]!.method).toBe('card_terminal');
    expect((await scanIn(guest)).result).toBe('success');
  });

  it('refuses a wrong amount, and changes nothing', async () => {
    const guest = await pendingGuest(ctx, meeting, ++n, 500_00);
    for (const amount of [499_99, 500_01, 0, 250_00]) {
      const res = await desk(door, { guest_code: guest.code, method: 'cash', amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERRORS.PAYMENT_AMOUNT_INVALID.code);
    }
    const invalid = await desk(door, { guest_code: guest.code, method: 'cheque', amount: 500_00 });
    expect(invalid.statusCode).toBe(400);
    expect(await paymentsOf(guest.orderId)).toHaveLength(0);
    expect(await unpaidFlag(guest.id)).toBe(1);
    expect((await scanIn(guest)).result).toBe('refused');
  });

  it('takes only what is still due after an earlier partial payment', async () => {
    const guest = await pendingGuest(ctx, meeting, ++n, 600_00);
    await ctx.db
      .insertInto('payments')
      .values({
        order_id: guest.orderId,
        kind: 'payment',
        method: 'transfer',
        amount: 200_00,
        provider_ref: null,
        user_id: null,
        created_at: ctx.now(),
      })
      .execute();
    expect((await scanIn(guest)).unpaid?.amount_due).toBe(400_00);
    expect((await desk(door, { guest_code: guest.code, method: 'cash', amount: 600_00 })).statusCode).toBe(
      400,
    );
    const res = await desk(door, { guest_code: guest.code, method: 'cash', amount: 400_00 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outcome).toBe('paid');
    expect((await scanIn(guest)).result).toBe('success');
  });

  it('refuses without payment:desk, outside the organisation, for an unknown code', async () => {
    const guest = await pendingGuest(ctx, meeting, ++n, 300_00);
    const body = { guest_code: guest.code, method: 'cash', amount: 300_00 };
    // The scan-only role sees the refusal but may not take money.
    expect((await scanIn(guest, scanOnly)).unpaid?.amount_due).toBe(300_00);
    expect((await desk(scanOnly, body)).statusCode).toBe(403);
    expect((await desk(stranger, body)).statusCode).toBe(404);
    expect((await desk(door, { ...body, guest_code: 'NO-SUCH-CODE' })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/payments/desk', payload: body })).statusCode,
    ).toBe(401);
    expect(await paymentsOf(guest.orderId)).toHaveLength(0);
    expect(await unpaidFlag(guest.id)).toBe(1);
  });

  it("refuses a guest of another meeting at this meeting's door, as the scan does", async () => {
    const other = await createPaidMeeting(ctx, org, { methods: ['transfer', 'desk'] });
    const guest = await pendingGuest(ctx, other, ++n, 250_00);
    const body = { guest_code: guest.code, method: 'cash', amount: 250_00 };
    const refused = await desk(door, body);
    expect(refused.json().code, refused.body).toBe(ERRORS.SCAN_OTHER_MEETING.code);
    expect(await paymentsOf(guest.orderId)).toHaveLength(0);
    expect(await unpaidFlag(guest.id)).toBe(1);
    // At its own meeting's door the same code is taken.
    expect((await desk(door, { ...body, meeting_id: other.id })).statusCode).toBe(200);
  });

  it('records one payment when two desks take the same guest at once', async () => {
    const guest = await pendingGuest(ctx, meeting, ++n, 700_00);
    const body = { guest_code: guest.code, method: 'cash', amount: 700_00 };
    const answers = await Promise.all([desk(door, body), desk(organiser, body), desk(door, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await paymentsOf(guest.orderId)).toHaveLength(1);
    expect(
      await ctx.db.selectFrom('receipts').select('id').where('order_id', '=', guest.orderId).execute(),
    ).toHaveLength(1);
  });

  it('marks an unpaid guest in the offline copy, and keeps an offline scan of them as a conflict', async () => {
    const guest = await pendingGuest(ctx, meeting, ++n, 120_00);
    const paidGuest = await pendingGuest(ctx, meeting, ++n, 120_00);
    expect(
      (await desk(door, { guest_code: paidGuest.code, method: 'cash', amount: 120_00 })).statusCode,
    ).toBe(200);
    const copyRes = await ctx.app.inject({
      method: 'GET',
      url: `/api/attendance/offline-data?meeting_id=${meeting.id}`,
      headers: bearer(door),
    });
    expect(copyRes.statusCode, copyRes.body).toBe(200);
    const copy = copyRes.json().data as OfflineData;
    expect(copy.guests.find((g) => g.id === guest.id)?.unpaid).toBe(true);
    expect(copy.guests.find((g) => g.id === paidGuest.id)).not.toHaveProperty('unpaid');

    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/attendance/offline-scans',
      headers: bearer(door),
      payload: {
        meeting_id: meeting.id,
        station: 'Old copy',
        scans: [
          {
            nonce: randomUUID(),
            guest_code: guest.code,
            guest_name: 'x',
            direction: 'in',
            type: 'in',
            at: ctx.now() - 1000,
          },
        ],
      },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const sync = upload.json().data as OfflineSyncAnswer;
    expect(sync.results[0]).toMatchObject({ outcome: 'conflict', reason: 'unpaid' });
    expect(await checkIns(guest.id)).toBe(0);

    // Paid at the desk: the refreshed copy no longer marks them.
    const since = copy.generated_at;
    ctx.advance(1000);
    expect((await desk(door, { guest_code: guest.code, method: 'cash', amount: 120_00 })).statusCode).toBe(
      200,
    );
    const refreshed = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/attendance/offline-data?meeting_id=${meeting.id}&since=${since}`,
        headers: bearer(door),
      })
    ).json().data as OfflineData;
    const again = refreshed.guests.find((g) => g.id === guest.id);
    expect(again).toBeDefined();
    expect(again).not.toHaveProperty('unpaid');
  });
});
