import type { Localized } from '@meetflow/shared/languages';
import type { OrderLine } from '@meetflow/shared/schemas/payments';
import { AppError } from '../../lib/app-error.ts';

/*
 * What a sign-up costs, as pure functions of the meeting's prices, the guest's choice, a discount
 * code and the instant: no reads, no clock. The sign-up, the quote and the waiting list all price
 * through here, so the figure a guest is shown is the figure their order carries.
 */

/** A price item as pricing reads it (price_items; names filled for the form's labels). */
export interface PricedItem {
  id: number;
  item_type: 'registration' | 'session';
  user_type_id: number | null;
  schedule_id: number | null;
  name: string;
  name_cn: string;
  name_en: string;
  amount: number;
  early_amount: number | null;
  early_until: number | null;
  /** 1: the member fee, for a sign-up matched on the organisation's member list only. */
  member_only: number;
}

/** A discount code as pricing reads it (discount_codes). */
export interface PricedCode {
  id: number;
  kind: 'percent' | 'fixed';
  value: number;
  /** JSON array of price item ids; [] = every registration item. */
  price_item_ids: string;
  valid_from: number | null;
  valid_until: number | null;
  enabled: number;
}

/** What the guest chose: their registration type or ticket kind, and their sessions. */
export interface PriceChoice {
  meetingType: 'general' | 'date_schedule';
  /** Date-schedule meetings: the registration type, whose price item is the fee. */
  userTypeId: number | null;
  /** General meetings: the ticket kind's price item. */
  priceItemId: number | null;
  /** The sessions chosen; those with a price add a line each. */
  scheduleIds: readonly number[];
  /** Matched on the organisation's member list (issue 45): member fees apply. */
  member?: boolean;
}

/** The early-bird price while `now` is before its deadline, else the full price. */
export function currentPrice(
  item: Pick<PricedItem, 'amount' | 'early_amount' | 'early_until'>,
  now: number,
): { amount: number; earlyBird: boolean } {
  if (item.early_amount !== null && item.early_until !== null && now < item.early_until) {
    return { amount: item.early_amount, earlyBird: true };
  }
  return { amount: item.amount, earlyBird: false };
}

/** The item's names as an order line keeps them. */
export function describe(item: Pick<PricedItem, 'name' | 'name_cn' | 'name_en'>): Localized {
  return {
    'zh-tw': item.name,
    'zh-cn': item.name_cn || item.name,
    en: item.name_en || item.name,
  };
}

/**
 * The lines of a sign-up before any discount: the registration's (the registration type's fee on a
 * date-schedule meeting, the ticket kind on a general one) and one per priced session chosen.
 * TICKET_REQUIRED when a general meeting has ticket kinds and the choice names none of them.
 * A registration type without a fee adds no line (its sign-ups pay only their priced sessions).
 *
 * The member fee (issue 45): a member-matched sign-up pays its registration type's member-only
 * price when there is one, its other price otherwise; a general meeting's member-only ticket is
 * chosen like any other. A sign-up not matched is refused a member-only ticket, and a registration
 * type priced for members only (MEMBER_PRICE_REFUSED): never charged a price meant for others.
 */
export function baseLines(items: readonly PricedItem[], choice: PriceChoice, now: number): OrderLine[] {
  const lines: OrderLine[] = [];
  const registration = items.filter((item) => item.item_type === 'registration');
  const member = choice.member === true;
  let fee: PricedItem | undefined;
  if (choice.meetingType === 'general') {
    if (registration.length > 0) {
      fee = registration.find((item) => item.id === choice.priceItemId);
      if (!fee) throw new AppError('TICKET_REQUIRED');
    }
  } else if (choice.userTypeId !== null) {
    const ofType = registration.filter((item) => item.user_type_id === choice.userTypeId);
    fee =
      (member ? ofType.find((item) => item.member_only === 1) : undefined) ??
      ofType.find((item) => item.member_only !== 1) ??
      ofType[0];
  }
  if (fee && fee.member_only === 1 && !member) throw new AppError('MEMBER_PRICE_REFUSED');
  if (fee) lines.push(lineOf(fee, null, now));
  const chosen = new Set(choice.scheduleIds);
  for (const item of items) {
    if (item.item_type === 'session' && item.schedule_id !== null && chosen.has(item.schedule_id)) {
      lines.push(lineOf(item, item.schedule_id, now));
    }
  }
  return lines;
}

function lineOf(item: PricedItem, scheduleId: number | null, now: number): OrderLine {
  const price = currentPrice(item, now);
  return {
    price_item_id: item.id,
    schedule_id: scheduleId,
    description: describe(item),
    amount: price.amount,
    discount: 0,
    early_bird: price.earlyBird,
  };
}

/** Whether the code may be used at `now`: enabled and inside its validity window. */
export function codeIsValid(code: PricedCode, now: number): boolean {
  return (
    code.enabled === 1 &&
    (code.valid_from === null || now >= code.valid_from) &&
    (code.valid_until === null || now < code.valid_until)
  );
}

/**
 * The lines with the code's discount: a percentage off each line it applies to (rounded half up
 * per line), or a fixed amount spread over them in proportion to their prices (the remainder's
 * minor units to the largest shares first, then in line order), never more than a line's price.
 * A code names its price items, or [] for every registration line. DISCOUNT_CODE_INVALID when it is
 * disabled, outside its window or applies to none of the lines.
 */
export function applyDiscount(lines: readonly OrderLine[], code: PricedCode, now: number): OrderLine[] {
  if (!codeIsValid(code, now)) throw new AppError('DISCOUNT_CODE_INVALID');
  const named = parseIds(code.price_item_ids);
  const applies = (line: OrderLine) =>
    named.length === 0 ? line.schedule_id === null : named.includes(line.price_item_id);
  const targets = lines.flatMap((line, index) => (applies(line) ? [index] : []));
  if (targets.length === 0) throw new AppError('DISCOUNT_CODE_INVALID');
  const discounts = new Array<number>(lines.length).fill(0);
  if (code.kind === 'percent') {
    const percent = Math.min(Math.max(code.value, 0), 100);
    for (const i of targets) discounts[i] = Math.floor((lines[i]!.amount * percent + 50) / 100);
  } else {
    spreadFixed(lines, targets, Math.max(code.value, 0), discounts);
  }
  return lines.map((line, i) => ({ ...line, discount: Math.min(discounts[i]!, line.amount) }));
}

function spreadFixed(lines: readonly OrderLine[], targets: number[], value: number, out: number[]) {
  const base = targets.reduce((sum, i) => sum + lines[i]!.amount, 0);
  const off = Math.min(value, base);
  if (off === 0) return;
  let given = 0;
  const remainders: { i: number; rest: number }[] = [];
  for (const i of targets) {
    // Integers all along: amount·off ≤ 10^18 would lose precision, so split the product.
    const share = proportion(lines[i]!.amount, off, base);
    out[i] = share.whole;
    given += share.whole;
    remainders.push({ i, rest: share.rest });
  }
  remainders.sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; given < off; k++, given++) out[remainders[k % remainders.length]!.i]! += 1;
}

/** floor(amount·off/base) and its remainder, exact for amounts up to AMOUNT_MAX. */
function proportion(amount: number, off: number, base: number): { whole: number; rest: number } {
  const product = BigInt(amount) * BigInt(off);
  const big = BigInt(base);
  return { whole: Number(product / big), rest: Number(product % big) };
}

function parseIds(json: string): number[] {
  try {
    const ids = JSON.parse(json) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** The sums of priced lines. */
export function totalsOf(lines: readonly OrderLine[]): {
  subtotal: number;
  discount_amount: number;
  total: number;
} {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = lines.reduce((sum, line) => sum + line.discount, 0);
  return { subtotal, discount_amount: discount, total: subtotal - discount };
}

/** A code as the guest typed it, as codes are stored: trimmed, upper case; null when blank. */
export function normalizeCode(text: string | undefined | null): string | null {
  const code = text?.trim().toUpperCase() ?? '';
  return code === '' ? null : code;
}
