import type { Db } from '../src/db/database.ts';
import { insertLines, insertOrder, type OrderStatus } from '../src/modules/payments/orders.repository.ts';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import type { TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';

/*
 * The back office's orders world (issue 44): paid meetings in two organisations whose guests have
 * orders in every state, written through the orders repository (the visitor's paid sign-up is
 * another part's; these tests exercise what the organiser does with the orders).
 */

export interface WorldGuest {
  id: number;
  token: string;
  orderId: number;
  reference: string;
}

export interface PaymentsWorld {
  admin: Api;
  /** The bearer tokens of the organiser of A and the door staff of A (for uploads). */
  tokens: { organiser: string; door: string };
  organiser: Api;
  otherOrganiser: Api;
  door: Api;
  meetingId: number;
  otherMeetingId: number;
  /** Guests of the main meeting by name; their order's reference is `reference`. */
  guests: Record<string, WorldGuest>;
  other: WorldGuest;
}

/** Signs a guest up (as a free sign-up), then makes them an unpaid guest with a pending order. */
export async function guestWithOrder(
  ctx: TestContext,
  meeting: { id: number; publicId: string },
  n: number,
  order: { name: string; reference: string; total: number; status?: OrderStatus; priceItemId: number },
): Promise<WorldGuest> {
  const res = await signUp(ctx, meeting.publicId, generalBody(n, { name: order.name }), n);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  const data = res.json().data as { guest_token: string };
  const guest = await ctx.db
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meeting.id)
    .where('name', '=', order.name)
    .executeTakeFirstOrThrow();
  const status = order.status ?? 'pending';
  await ctx.db.updateTable('guests').set({ unpaid: 1 }).where('id', '=', guest.id).execute();
  const now = ctx.now();
  const orderId = await insertOrder(ctx.db, {
    meeting_id: meeting.id,
    guest_id: guest.id,
    reference: order.reference,
    currency: 'HKD',
    subtotal: order.total,
    discount_amount: 0,
    total: order.total,
    discount_code_id: null,
    status,
    hold_until: now + 30 * 60_000,
    method: null,
    payer_kind: 'guest',
    payer_name: order.name,
    payer_institution: '',
    created_at: now,
    updated_at: now,
  });
  await insertLines(ctx.db, [
    {
      order_id: orderId,
      price_item_id: order.priceItemId,
      schedule_id: null,
      description: JSON.stringify({ 'zh-tw': '會員', 'zh-cn': '会员', en: 'Member' }),
      amount: order.total,
      discount: 0,
      early_bird: 0,
    },
  ]);
  ctx.advance(1_000);
  return { id: guest.id, token: data.guest_token, orderId, reference: order.reference };
}

/** A paid meeting: its currency set and one registration price. */
export async function paidMeeting(db: Db, organizationId: number, name: string) {
  const meeting = await createMeeting(db, organizationId, { name });
  const now = Date.now();
  const item = await db
    .insertInto('price_items')
    .values({
      meeting_id: meeting.id,
      item_type: 'registration',
      user_type_id: null,
      schedule_id: null,
      name: '會員',
      name_cn: '会员',
      name_en: 'Member',
      amount: 120050,
      early_amount: null,
      early_until: null,
      retired_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...meeting, priceItemId: item.id };
}

/**
 * Meeting A (organisation A) with guests Alice … Frank in every state an order takes, meeting B
 * (organisation B) with one pending order; an organiser and door staff of A, an organiser of B.
 * The meetings get their currency after the sign-ups, which are free ones here.
 */
export async function paymentsWorld(ctx: TestContext): Promise<PaymentsWorld> {
  const admin = adminApi(ctx, (await ctx.login()).access_token);
  const orgA = await createOrganization(ctx.db);
  const orgB = await createOrganization(ctx.db);
  const a = await paidMeeting(ctx.db, orgA, '年會');
  const b = await paidMeeting(ctx.db, orgB, 'Other');
  const people: [string, string, number, OrderStatus][] = [
    ['Alice Chan', 'HK7Q2MA1', 120050, 'pending'],
    ['Bob Wong', 'HK7Q2MB2', 120050, 'pending'],
    ['陳大文', 'HK7Q2MC3', 80000, 'pending'],
    ['Dora Lee', 'HK7Q2MD4', 120050, 'expired'],
    ['Eve Ho', 'HK7Q2ME5', 120050, 'refund_due'],
    ['Frank Lam', 'HK7Q2MF6', 50000, 'refunded'],
  ];
  const guests: Record<string, WorldGuest> = {};
  for (const [n, [name, reference, total, status]] of people.entries()) {
    guests[name] = await guestWithOrder(ctx, a, n + 1, {
      name,
      reference,
      total,
      status,
      priceItemId: a.priceItemId,
    });
  }
  const other = await guestWithOrder(ctx, b, 50, {
    name: 'Other Guest',
    reference: 'HK9Z9Z9Z',
    total: 120050,
    priceItemId: b.priceItemId,
  });
  // Frank paid 500.00 by cash and was refunded in full.
  const frank = guests['Frank Lam']!;
  await ctx.db
    .insertInto('payments')
    .values([
      {
        order_id: frank.orderId,
        kind: 'payment',
        method: 'cash',
        amount: 50000,
        provider_ref: null,
        user_id: null,
        created_at: ctx.now(),
      },
      {
        order_id: frank.orderId,
        kind: 'refund',
        method: 'cash',
        amount: 50000,
        provider_ref: null,
        user_id: null,
        created_at: ctx.now() + 1,
      },
    ])
    .execute();
  await ctx.db
    .updateTable('orders')
    .set({ refunded_amount: 50000 })
    .where('id', '=', frank.orderId)
    .execute();
  await ctx.db.updateTable('meetings').set({ currency: 'HKD' }).where('id', 'in', [a.id, b.id]).execute();
  const tokens = {
    organiser: await userWithRole(ctx, admin, 'organiser', orgA),
    door: await userWithRole(ctx, admin, 'door_staff', orgA),
  };
  return {
    admin,
    tokens,
    organiser: adminApi(ctx, tokens.organiser),
    otherOrganiser: adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgB)),
    door: adminApi(ctx, tokens.door),
    meetingId: a.id,
    otherMeetingId: b.id,
    guests,
    other,
  };
}

/** The guest's page as the visitor reads it: their code appears once the order is paid. */
export async function guestCodeOf(ctx: TestContext, token: string): Promise<string | null> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/public/guest',
    headers: { 'x-guest-token': token, 'accept-language': 'en' },
  });
  if (res.statusCode !== 200) throw new Error(`guest page: ${res.body}`);
  return (res.json().data as { guest_code: string | null }).guest_code;
}
