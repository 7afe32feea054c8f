import type { GuestOrder } from '@meetflow/shared/schemas/payments';
import type { Language } from '@meetflow/shared/languages';
import type { Db } from '../../db/database.ts';
import { markGuestPaid } from '../guests/guest-rules.ts';
import type * as meetings from '../meetings/meetings.reads.ts';
import type { PricedSignUp, SignedUpGuest } from '../registration/sign-up-payments.ts';
import { orderViews } from './guest-orders.ts';
import { ordersHoldingGuests } from './order-guests.repository.ts';
import type * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { totalsOf } from './pricing.ts';
import type { OpenedOrder } from './sign-up-orders.ts';
import { writeOrderIn } from './write-order.ts';

type Meeting = meetings.VisitorMeeting;

/**
 * A group's ONE order on a paid meeting (issue 45, decision 0106), in the group's transaction after
 * every attendee's guest row and seats (all or none, admitGuestBatch): one reference, one hold, one
 * job, one line per item an attendee is charged, naming that attendee (`order_lines.guest_id`). The
 * order's `guest_id` is the first charged attendee (its payer guest, as a single sign-up's); the
 * contact's name is the payer's. Every attendee was written `unpaid`, as a single paid sign-up is:
 * the one confirm path clears them all, the hold's expiry and a cancel cancel them all. No discount
 * code (the booking refuses one). A group charged nothing (free tickets) is paid at once.
 */
export async function openGroupOrderIn(
  deps: PaymentsDeps,
  trx: Db,
  meeting: Meeting,
  attendees: readonly { guest: SignedUpGuest; priced: PricedSignUp }[],
  payerName: string,
  now: number,
  ip: string,
): Promise<OpenedOrder | null> {
  // Each attendee's lines at the price quoted before the transaction; a group takes every seat it chose.
  const lines = attendees.flatMap(({ guest, priced }) =>
    priced.quote.lines
      .filter((line) => line.schedule_id === null || guest.seatedScheduleIds.includes(line.schedule_id))
      .map((line) => ({ ...line, discount: 0, guest_id: guest.id })),
  );
  if (lines.length === 0) return null;
  const totals = totalsOf(lines);
  const paidNow = totals.total === 0;
  if (paidNow) {
    for (const { guest } of attendees) {
      if (guest.unpaid) await markGuestPaid(trx, guest.id, now, deps.mail?.confirmationColumns() ?? {});
    }
  }
  // The longest hold any attendee's price asked for: they are the meeting's one setting anyway.
  const holdMinutes = Math.max(...attendees.map((a) => a.priced.holdMinutes));
  const holdUntil = paidNow ? null : now + holdMinutes * 60_000;
  const payerGuestId = lines[0]!.guest_id;
  const values = {
    meeting_id: meeting.id,
    guest_id: payerGuestId,
    currency: attendees[0]!.priced.quote.currency,
    ...totals,
    discount_code_id: null,
    status: paidNow ? ('paid' as const) : ('pending' as const),
    hold_until: holdUntil,
    payer_kind: 'guest' as const,
    payer_name: payerName.slice(0, 200),
    payer_institution: '',
    created_at: now,
    updated_at: now,
    paid_at: paidNow ? now : null,
  };
  // The order events a single sign-up's order emits, with the attendees it holds.
  const guestIds = [...new Set(lines.map((line) => line.guest_id))];
  const { id, reference } = await writeOrderIn(deps, trx, values, lines, ip, { guest_ids: guestIds });
  return { id, reference, total: totals.total, holdUntil };
}

/** The latest order holding any of the group's attendees (the group's one order), or undefined. */
export async function latestOrderOf(
  deps: Pick<PaymentsDeps, 'db'>,
  guestIds: readonly number[],
): Promise<orders.OrderRow | undefined> {
  // One query for the whole group, newest first.
  const [latest] = await ordersHoldingGuests(deps.db, guestIds);
  return latest;
}

/**
 * The group's order as the guest's page shows an order, found by any of its attendees (the latest
 * holding them); null when none. Stripe is among its methods where the meeting offers it: the
 * contact opens its checkout with the group's token (`groupCheckout`).
 */
export async function groupOrderOf(
  deps: PaymentsDeps,
  guestIds: readonly number[],
  live: boolean,
  language: Language,
): Promise<GuestOrder | null> {
  const latest = await latestOrderOf(deps, guestIds);
  if (!latest) return null;
  const [view] = await orderViews(deps, [latest], live, language);
  return view ?? null;
}
