import {
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
import * as dictionary from '../dictionary/dictionary.reads.ts';
import { markGuestPaid } from '../guests/guest-rules.ts';
import * as meetings from '../meetings/meetings.reads.ts';
import type { PricedSignUp, SignedUpGuest, SignUpPayments } from '../registration/sign-up-payments.ts';
import { writeOrderIn } from './write-order.ts';
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
  const { id, reference } = await writeOrderIn(deps, trx, values, lines, ip);
  return { id, reference, total: totals.total, holdUntil };
}
