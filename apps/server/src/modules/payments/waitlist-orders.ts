import { HOLD_MINUTES_DEFAULT, type Currency, type OrderLine } from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { markGuestUnpaid } from '../guests/guest-rules.ts';
import * as guests from '../guests/guests.reads.ts';
import * as meetings from '../meetings/meetings.reads.ts';
import type { SeatedFromList, SeatPayments } from '../waitlist/seat-payments.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { baseLines, totalsOf, type PriceChoice } from './pricing.ts';
import * as pricing from './pricing.repository.ts';
import { namedItems, openOrderIn } from './sign-up-orders.ts';

/**
 * The waiting list's port (waitlist/seat-payments.ts): a place of a paid meeting's list given a
 * seat becomes an unpaid guest with an order at this moment's price — no discount code (its use
 * was never counted) — and a new hold, in the seating transaction. Its confirmation waits for the
 * payment. Nothing to pay leaves the seat as the list gave it.
 */
export function createSeatPayments(deps: PaymentsDeps): SeatPayments {
  return { guestSeatedIn: (trx, seated, now) => guestSeatedIn(deps, trx, seated, now) };
}

async function guestSeatedIn(deps: PaymentsDeps, trx: Db, seated: SeatedFromList, now: number) {
  const meeting = await meetings.liveMeetingById(trx, seated.meetingId);
  if (!meeting || meeting.currency === null) return;
  const lines = await linesFor(trx, meeting, seated, now);
  if (totalsOf(lines).total === 0) return;
  const [settings, [names]] = await Promise.all([
    pricing.findMeetingSettings(trx, meeting.id),
    guests.liveGuestContacts(trx, meeting.id, [seated.guestId]),
  ]);
  await markGuestUnpaid(trx, seated.guestId, now);
  await openOrderIn(
    deps,
    trx,
    meeting,
    {
      free: false,
      quote: { currency: meeting.currency as Currency, lines, ...totalsOf(lines) },
      discountCode: null,
      payer: { kind: 'guest', institution: '' },
      holdMinutes: settings?.hold_minutes ?? HOLD_MINUTES_DEFAULT,
    },
    {
      id: seated.guestId,
      meetingId: meeting.id,
      displayName: names?.name ?? '',
      seatedScheduleIds: seated.scheduleIds,
      unpaid: true,
    },
    now,
    null,
  );
}

/**
 * The seat's lines at `now`. A general meeting's ticket kind chosen on the form that no longer
 * exists (retired meanwhile) charges the sessions alone: the seating must not fail for it.
 */
async function linesFor(
  trx: Db,
  meeting: meetings.VisitorMeeting,
  seated: SeatedFromList,
  now: number,
): Promise<OrderLine[]> {
  const items = await namedItems(trx, meeting);
  const choice: PriceChoice = {
    meetingType: meeting.meeting_type,
    userTypeId: seated.userTypeId,
    priceItemId: seated.priceItemId,
    scheduleIds: seated.scheduleIds,
    // A member waiting for a member-only fee pays it: without this the seating would be refused.
    member: seated.member,
  };
  try {
    return baseLines(items, choice, now);
  } catch (error) {
    if (!(error instanceof AppError) || error.errorName !== 'TICKET_REQUIRED') throw error;
    return baseLines(items, { ...choice, meetingType: 'date_schedule', userTypeId: null }, now);
  }
}
