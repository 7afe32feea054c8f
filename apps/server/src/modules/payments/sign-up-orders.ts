import { randomInt } from 'node:crypto';
import {
  formatAmount,
  HOLD_MINUTES_DEFAULT,
  type Currency,
  type OrderLine,
  type PublicPrice,
  type PublicPricing,
  type Quote,
  type QuoteBody,
} from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDateTimeText } from '../../lib/local-time.ts';
import * as dictionary from '../dictionary/dictionary.reads.ts';
import { markGuestPaid } from '../guests/guest-rules.ts';
import * as meetings from '../meetings/meetings.reads.ts';
import type { PricedSignUp, SignedUpGuest, SignUpPayments } from '../registration/sign-up-payments.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import {
  applyDiscount,
  baseLines,
  codeIsValid,
  currentPrice,
  normalizeCode,
  totalsOf,
  type PriceChoice,
  type PricedItem,
} from './pricing.ts';
import * as pricing from './pricing.repository.ts';
import { parseMethods } from './providers/registry.ts';

/** The job that ends an unpaid order's hold (hold-expiry.ts). */
export const HOLD_EXPIRY_JOB = 'payments.hold_expiry';

/** Reference characters: no 0/O, 1/I/L look-alikes; 31^8 ≈ 8.5·10^11 references. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A payment reference the guest quotes on a transfer: 'MF' and 8 characters. */
export function newReference(): string {
  let reference = 'MF';
  for (let i = 0; i < 8; i++) reference += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return reference;
}

type Meeting = meetings.VisitorMeeting;

/**
 * The meeting's live prices, named for the guest: an item without a name of its own takes its
 * registration type's or its session's (a date-schedule meeting's fees name neither).
 */
export async function namedItems(db: Db, meeting: Meeting): Promise<PricedItem[]> {
  const items = await pricing.livePriceItems(db, meeting.id);
  if (items.every((item) => item.name !== '')) return items;
  const [types, sessions] = await Promise.all([
    dictionary.userTypeNames(db, meeting.id),
    dictionary.sessionNames(db, meeting.id),
  ]);
  return items.map((item) => {
    if (item.name !== '') return item;
    const named =
      item.item_type === 'session'
        ? sessions.find((s) => s.id === item.schedule_id)
        : types.find((t) => t.id === item.user_type_id);
    return named ? { ...item, name: named.name, name_cn: named.name_cn, name_en: named.name_en } : item;
  });
}

function publicPrice(item: PricedItem, now: number): PublicPrice {
  return {
    price_item_id: item.id,
    user_type_id: item.user_type_id,
    schedule_id: item.schedule_id,
    name: item.name,
    name_cn: item.name_cn,
    name_en: item.name_en,
    amount: item.amount,
    early_amount: item.early_amount,
    early_until: item.early_until,
    current: currentPrice(item, now).amount,
    member_only: item.member_only === 1,
  };
}

/** The public meeting's `pricing`: prices as of now, the ways to pay, whether codes exist. */
export async function pricingOf(
  deps: PaymentsDeps,
  meeting: Meeting,
  now: number,
): Promise<PublicPricing | null> {
  if (meeting.currency === null) return null;
  const [items, settings, codes] = await Promise.all([
    namedItems(deps.db, meeting),
    pricing.findMeetingSettings(deps.db, meeting.id),
    pricing.countDiscountCodes(deps.db, meeting.id),
  ]);
  return {
    currency: meeting.currency as Currency,
    registration: items.filter((i) => i.item_type === 'registration').map((i) => publicPrice(i, now)),
    sessions: items.filter((i) => i.item_type === 'session').map((i) => publicPrice(i, now)),
    methods: parseMethods(settings?.methods ?? '[]'),
    hold_minutes: settings?.hold_minutes ?? HOLD_MINUTES_DEFAULT,
    has_discount_codes: codes > 0,
  };
}

/**
 * The lines of a choice at `now`, with the code's discount: TICKET_REQUIRED,
 * DISCOUNT_CODE_INVALID (unknown, disabled, outside its window, for none of the lines),
 * DISCOUNT_CODE_USED_UP (a friendly early answer; the use itself is counted in the order's
 * transaction).
 */
async function priceChoice(
  db: Db,
  meeting: Meeting,
  choice: PriceChoice,
  codeText: string | null,
  now: number,
): Promise<OrderLine[]> {
  const lines = baseLines(await namedItems(db, meeting), choice, now);
  if (codeText === null) return lines;
  const code = await pricing.findDiscountCode(db, meeting.id, codeText);
  if (!code) throw new AppError('DISCOUNT_CODE_INVALID');
  const discounted = applyDiscount(lines, code, now);
  if (code.max_uses > 0 && code.used_count >= code.max_uses) throw new AppError('DISCOUNT_CODE_USED_UP');
  return discounted;
}

function quoteOf(meeting: Meeting, lines: OrderLine[]): Quote {
  return { currency: meeting.currency as Currency, lines, ...totalsOf(lines) };
}

/** What the form shows before the sign-up is sent (POST …/quote). */
export async function quoteFor(deps: PaymentsDeps, publicId: string, body: QuoteBody): Promise<Quote> {
  const meeting = await meetings.liveMeetingByPublicId(deps.db, publicId);
  if (!meeting) throw new AppError('NO_MEETING');
  // A free meeting has nothing to quote.
  if (meeting.currency === null) throw new AppError('NOT_FOUND');
  const choice: PriceChoice = {
    meetingType: meeting.meeting_type,
    userTypeId: body.user_type_id ?? null,
    priceItemId: body.price_item_id ?? null,
    scheduleIds: body.schedule_ids ?? [],
  };
  const lines = await priceChoice(deps.db, meeting, choice, normalizeCode(body.discount_code), deps.clock());
  return quoteOf(meeting, lines);
}

/** The registration module's port (sign-up-payments.ts): prices before, the order inside the sign-up. */
export function createSignUpPayments(
  deps: PaymentsDeps,
): Omit<SignUpPayments, 'openGroupOrderIn' | 'groupOrderOf' | 'groupCheckout'> {
  return {
    pricingOf: (meeting, now) => pricingOf(deps, meeting, now),
    async price(meeting, choice, now): Promise<PricedSignUp> {
      const codeText = normalizeCode(choice.payment?.discount_code);
      const [lines, settings] = await Promise.all([
        priceChoice(
          deps.db,
          meeting,
          {
            meetingType: choice.meetingType,
            userTypeId: choice.userTypeId,
            priceItemId: choice.payment?.price_item_id ?? null,
            scheduleIds: choice.scheduleIds,
            member: choice.member != null,
          },
          codeText,
          now,
        ),
        pricing.findMeetingSettings(deps.db, meeting.id),
      ]);
      const quote = quoteOf(meeting, lines);
      return {
        free: lines.length === 0 || quote.total === 0,
        quote,
        discountCode: codeText,
        payer: {
          kind: choice.payment?.payer_kind ?? 'guest',
          institution: choice.payment?.payer_institution ?? '',
        },
        holdMinutes: settings?.hold_minutes ?? HOLD_MINUTES_DEFAULT,
      };
    },
    async openOrderIn(trx, meeting, priced, guest, now, ip) {
      await openOrderIn(deps, trx, meeting, priced, guest, now, ip);
    },
  };
}

/**
 * The lines the guest is charged: the registration and the sessions they have a seat in (a full
 * session whose list they joined is not charged), with the code's discount applied afresh. The
 * code is read again in the transaction; null when it applies to none of these lines.
 */
async function chargedLines(
  trx: Db,
  meetingId: number,
  priced: PricedSignUp,
  seatedScheduleIds: readonly number[],
  now: number,
): Promise<{ lines: OrderLine[]; codeId: number | null }> {
  const seated = new Set(seatedScheduleIds);
  const lines = priced.quote.lines
    .filter((line) => line.schedule_id === null || seated.has(line.schedule_id))
    .map((line) => ({ ...line, discount: 0 }));
  if (priced.discountCode === null || lines.length === 0) return { lines, codeId: null };
  const code = await pricing.findDiscountCode(trx, meetingId, priced.discountCode);
  if (!code || !codeIsValid(code, now)) throw new AppError('DISCOUNT_CODE_INVALID');
  try {
    return { lines: applyDiscount(lines, code, now), codeId: code.id };
  } catch (error) {
    // Valid, but only for a session the guest now waits for: nothing to take off, no use counted.
    if (error instanceof AppError && error.errorName === 'DISCOUNT_CODE_INVALID')
      return { lines, codeId: null };
    throw error;
  }
}

export interface OpenedOrder {
  id: number;
  reference: string;
  total: number;
  holdUntil: number | null;
}

/**
 * The order of a guest row just written, in its transaction: the code's use counted
 * (DISCOUNT_CODE_USED_UP rolls everything back), the order under a fresh reference with its lines,
 * and, while it awaits payment, the hold's expiry job at `hold_until`. An order of nothing to pay
 * (a sponsor's 100 % code) is paid at once and the guest confirmed; no line at all, no order.
 */
export async function openOrderIn(
  deps: PaymentsDeps,
  trx: Db,
  meeting: Meeting,
  priced: PricedSignUp,
  guest: SignedUpGuest,
  now: number,
  ip: string | null,
): Promise<OpenedOrder | null> {
  const { lines, codeId } = await chargedLines(trx, meeting.id, priced, guest.seatedScheduleIds, now);
  const totals = totalsOf(lines);
  const paidNow = totals.total === 0;
  if (paidNow && guest.unpaid)
    await markGuestPaid(trx, guest.id, now, deps.mail?.confirmationColumns() ?? {});
  if (lines.length === 0) return null;
  if (codeId !== null && !(await pricing.useDiscountCode(trx, codeId))) {
    throw new AppError('DISCOUNT_CODE_USED_UP');
  }
  const holdUntil = paidNow ? null : now + priced.holdMinutes * 60_000;
  const institution = priced.payer.kind === 'institution';
  const values = {
    meeting_id: meeting.id,
    guest_id: guest.id,
    currency: priced.quote.currency,
    ...totals,
    discount_code_id: codeId,
    status: paidNow ? ('paid' as const) : ('pending' as const),
    hold_until: holdUntil,
    payer_kind: priced.payer.kind,
    payer_name: guest.displayName.slice(0, 200),
    payer_institution: institution ? priced.payer.institution : '',
    created_at: now,
    updated_at: now,
    paid_at: paidNow ? now : null,
  };
  let reference = newReference();
  let id = await orders.insertOrderIfNewReference(trx, { ...values, reference });
  // A drawn reference another order has: draw again (one in ~10^6 at a million orders).
  for (let tries = 0; id === null && tries < 5; tries++) {
    reference = newReference();
    id = await orders.insertOrderIfNewReference(trx, { ...values, reference });
  }
  if (id === null) throw new Error('no free order reference after six draws');
  const orderId = id;
  await orders.insertLines(
    trx,
    lines.map((line) => ({
      order_id: orderId,
      price_item_id: line.price_item_id,
      schedule_id: line.schedule_id,
      description: JSON.stringify(line.description),
      amount: line.amount,
      discount: line.discount,
      early_bird: line.early_bird ? 1 : 0,
    })),
  );
  if (holdUntil !== null) {
    await deps.jobs.enqueue(trx, {
      kind: HOLD_EXPIRY_JOB,
      key: `order:${orderId}`,
      runAt: holdUntil,
      meetingId: meeting.id,
      guestId: guest.id,
      payload: { order_id: orderId },
    });
  }
  await deps.webhooks.emit(trx, {
    type: 'order.created',
    meetingId: meeting.id,
    guestId: guest.id,
    data: {
      order_id: orderId,
      guest_id: guest.id,
      reference,
      status: values.status,
      currency: values.currency,
      subtotal: totals.subtotal,
      discount_amount: totals.discount_amount,
      total: totals.total,
      hold_until: holdUntil,
    },
  });
  await deps.systemLog.record(
    {
      action: 'create',
      // A visitor's sign-up, or a seat the waiting list gave (no address).
      source: ip === null ? 'system' : 'public',
      message: {
        key: 'payments.order_created',
        params: {
          guest_id: guest.id,
          reference,
          amount: `${values.currency} ${formatAmount(totals.total)}`,
          hold_until: holdUntil === null ? '-' : localDateTimeText(holdUntil),
        },
      },
      username: null,
      ip,
    },
    trx,
  );
  return { id: orderId, reference, total: totals.total, holdUntil };
}
