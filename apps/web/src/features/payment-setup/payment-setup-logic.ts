import { nameIn, type Language } from '@meetflow/shared/languages';
import {
  AMOUNT_MAX,
  MINOR_PER_MAJOR,
  formatAmount,
  type Currency,
  type DiscountCode,
  type DiscountCodeBody,
  type MeetingPaymentSetup,
  type PaymentMethod,
  type PriceItem,
  type PriceItemBody,
  type PriceList,
} from '@meetflow/shared/schemas/payments';
import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { dayIn, formatDateTime } from '../../lib/date-time.ts';
import { ApiError } from '../../lib/http-errors.ts';

/*
 * The fees page's rules without UI: amounts typed in major units and sent as integer minor units
 * (the text is parsed, never turned into a float), days picked in the deployment's TIME_ZONE and
 * sent as instants, what each payment method needs, and how prices and codes read in a table.
 */

/** Digits, then at most two decimals: what an amount box accepts (commas and spaces are dropped). */
const AMOUNT_TEXT = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/** '1,234.5' → 123450 minor units; null when it is not an amount of 0 up to the maximum. */
export function parseAmount(text: string): number | null {
  const match = AMOUNT_TEXT.exec(text.replace(/[\s,]/g, ''));
  if (!match) return null;
  const major = Number(match[1]);
  const minor = Number((match[2] ?? '').padEnd(2, '0'));
  const amount = major * MINOR_PER_MAJOR + minor;
  return amount <= AMOUNT_MAX ? amount : null;
}

/** Minor units as an amount box shows them: 80000 → '800.00' (no separators, so it parses back). */
export function amountText(minor: number): string {
  return `${Math.floor(minor / MINOR_PER_MAJOR)}.${String(minor % MINOR_PER_MAJOR).padStart(2, '0')}`;
}

/** An amount as a table shows it: 'HKD 1,200.00' (no code for a meeting without a currency yet). */
export function showAmount(minor: number, currency: Currency | null): string {
  return currency ? `${currency} ${formatAmount(minor)}` : formatAmount(minor);
}

/** The zone's offset from UTC at an instant, in ms (Macao: +8 h). */
function offsetAt(ms: number, zone: string | undefined): number {
  const wall = formatDateTime(ms, zone);
  const [date = '', time = ''] = wall.split(' ');
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0, s = 0] = time.split(':').map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant a day 'YYYY-MM-DD' starts in `zone` (the browser's zone without one). */
export function dayStartIn(day: string, zone: string | undefined): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  // Twice: the offset at the first guess may differ from the offset at midnight (a change that day).
  const guess = wall - offsetAt(wall, zone);
  return wall - offsetAt(guess, zone);
}

/** The last millisecond of a day in `zone`: an early-bird price holds to the end of its last day. */
export function dayEndIn(day: string, zone: string | undefined): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return dayStartIn(next, zone) - 1;
}

/** The day 'YYYY-MM-DD' an instant falls on in `zone`. */
export function dayOf(ms: number, zone: string | undefined): string {
  return dayIn(ms, zone);
}

/** Why a method cannot be offered with this currency and account, or null when it can. */
export type MethodBlock = 'needsCurrency' | 'fpsNeedsHkd' | 'fpsNeedsProxy' | 'stripeNotConfigured';

export function methodBlock(
  method: PaymentMethod,
  currency: Currency | null,
  setup: Pick<MeetingPaymentSetup, 'fps_proxy_set' | 'stripe_configured'>,
): MethodBlock | null {
  if (currency === null) return 'needsCurrency';
  if (method === 'fps') {
    if (currency !== 'HKD') return 'fpsNeedsHkd';
    if (!setup.fps_proxy_set) return 'fpsNeedsProxy';
  }
  if (method === 'stripe' && !setup.stripe_configured) return 'stripeNotConfigured';
  return null;
}

/** What a price is called in a table and a code's list: its type's, ticket's or session's name. */
export function priceName(item: PriceItem, list: Pick<PriceList, 'user_types' | 'sessions'>, lang: Language) {
  const named = (n: { name: string; name_cn: string; name_en: string }) =>
    nameIn(lang, n.name, n.name_cn, n.name_en);
  if (item.item_type === 'session') {
    const session = list.sessions.find((s) => s.id === item.schedule_id);
    return session ? named(session) : `#${item.schedule_id ?? ''}`;
  }
  if (item.user_type_id !== null) {
    const type = list.user_types.find((u) => u.id === item.user_type_id);
    const own = named(item);
    return type ? (own ? `${named(type)} · ${own}` : named(type)) : own;
  }
  return named(item);
}

/** The names of the prices a code is limited to; null when it applies to every registration price. */
export function codePriceNames(
  code: DiscountCode,
  prices: PriceList | undefined,
  lang: Language,
): string[] | null {
  if (code.price_item_ids.length === 0) return null;
  const items = prices?.items.filter((item) => code.price_item_ids.includes(item.id)) ?? [];
  return prices ? items.map((item) => priceName(item, prices, lang)) : [];
}

/** A code's discount as a table shows it: '100 %' or 'HKD 50.00'. */
export function discountText(code: Pick<DiscountCode, 'kind' | 'value'>, currency: Currency | null): string {
  return code.kind === 'percent' ? `${code.value} %` : showAmount(code.value, currency);
}

/** The code's state now: switched off, not yet valid, expired, used up, or usable. */
export type CodeState = 'disabled' | 'upcoming' | 'expired' | 'usedUp' | 'active';

export function codeState(code: DiscountCode, now: number): CodeState {
  if (!code.enabled) return 'disabled';
  if (code.valid_from !== null && now < code.valid_from) return 'upcoming';
  if (code.valid_until !== null && now > code.valid_until) return 'expired';
  if (code.max_uses > 0 && code.used_count >= code.max_uses) return 'usedUp';
  return 'active';
}

/** A refused save's messages by field (a 400's or a 409's `data.fields`), or null for another failure. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const fields = (error.data as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const entries = Object.entries(fields);
  return entries.length > 0 && entries.every(([, v]) => typeof v === 'string')
    ? (fields as Record<string, string>)
    : null;
}

/** The messages of fields a form does not show, to be said above it rather than lost. */
export function unplacedErrors(
  errors: Record<string, string> | undefined,
  shown: readonly string[],
): string[] {
  return Object.entries(errors ?? {})
    .filter(([field]) => !shown.some((place) => field === place || field.startsWith(`${place}.`)))
    .map(([, message]) => message);
}

/** A price as its drawer holds it: amounts as typed, the early bird's last day as a day. */
export interface PriceDraft {
  item_type: PriceItem['item_type'];
  user_type_id: number | null;
  schedule_id: number | null;
  name: string;
  name_cn: string;
  name_en: string;
  amount: string;
  early_amount: string;
  early_day: string | null;
  /** The member fee (issue 45): for sign-ups matched on the organisation's member list only. */
  member_only: boolean;
}

export function priceDraft(item: PriceItem | null, zone: string | undefined): PriceDraft {
  return {
    item_type: item?.item_type ?? 'registration',
    user_type_id: item?.user_type_id ?? null,
    schedule_id: item?.schedule_id ?? null,
    name: item?.name ?? '',
    name_cn: item?.name_cn ?? '',
    name_en: item?.name_en ?? '',
    amount: item ? amountText(item.amount) : '',
    early_amount: item?.early_amount == null ? '' : amountText(item.early_amount),
    early_day: item?.early_until == null ? null : dayOf(item.early_until, zone),
    member_only: item?.member_only ?? false,
  };
}

/**
 * The body a drawer sends, or the field messages it shows first (the server checks the same and
 * more: a type's or session's other live price). Only what the price is for is sent of its target.
 */
export function priceBody(
  draft: PriceDraft,
  meetingType: PriceList['meeting_type'],
  zone: string | undefined,
  sort: number,
): { body: PriceItemBody } | { errors: Partial<Record<string, FieldMessageKey>> } {
  const errors: Partial<Record<string, FieldMessageKey>> = {};
  const amount = parseAmount(draft.amount);
  const early = draft.early_amount.trim() === '' ? null : parseAmount(draft.early_amount);
  if (draft.amount.trim() === '') errors.amount = 'amountRequired';
  else if (amount === null) errors.amount = 'amountInvalid';
  if (draft.early_amount.trim() !== '' && early === null) errors.early_amount = 'amountInvalid';
  else if (early !== null && draft.early_day === null) errors.early_until = 'earlyBirdIncomplete';
  else if (early === null && draft.early_day !== null) errors.early_amount = 'earlyBirdIncomplete';
  else if (early !== null && amount !== null && early >= amount) errors.early_amount = 'earlyAmountNotLower';
  const session = draft.item_type === 'session';
  const perType = !session && meetingType === 'date_schedule';
  if (session && draft.schedule_id === null) errors.schedule_id = 'scheduleRequired';
  if (perType && draft.user_type_id === null) errors.user_type_id = 'userTypeRequired';
  if (!session && !perType && draft.name.trim() === '') errors.name = 'priceNameRequired';
  if (Object.keys(errors).length > 0 || amount === null) return { errors };
  return {
    body: {
      item_type: draft.item_type,
      user_type_id: perType ? draft.user_type_id : null,
      schedule_id: session ? draft.schedule_id : null,
      name: draft.name.trim(),
      name_cn: draft.name_cn.trim(),
      name_en: draft.name_en.trim(),
      amount,
      early_amount: early,
      early_until: early !== null && draft.early_day !== null ? dayEndIn(draft.early_day, zone) : null,
      sort,
      member_only: !session && draft.member_only,
    },
  };
}

/** A code as its drawer holds it: the fixed amount as typed, the validity as days. */
export interface CodeDraft {
  code: string;
  kind: DiscountCode['kind'];
  percent: number | null;
  fixed: string;
  price_item_ids: number[];
  max_uses: number;
  from_day: string | null;
  until_day: string | null;
  enabled: boolean;
  note: string;
}

export function codeDraft(code: DiscountCode | null, zone: string | undefined): CodeDraft {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    percent: code?.kind === 'percent' ? code.value : code ? null : 100,
    fixed: code?.kind === 'fixed' ? amountText(code.value) : '',
    price_item_ids: code?.price_item_ids ?? [],
    max_uses: code?.max_uses ?? 0,
    from_day: code?.valid_from == null ? null : dayOf(code.valid_from, zone),
    until_day: code?.valid_until == null ? null : dayOf(code.valid_until, zone),
    enabled: code?.enabled ?? true,
    note: code?.note ?? '',
  };
}

/** A stored code sent back whole (the table's switch changes `enabled` alone). */
export function codeBodyOf(code: DiscountCode, enabled: boolean): DiscountCodeBody {
  const { code: text, kind, value, price_item_ids, max_uses, valid_from, valid_until, note } = code;
  return { code: text, kind, value, price_item_ids, max_uses, valid_from, valid_until, enabled, note };
}

/** The body a code's drawer sends, or the field messages it shows first (the server checks the same). */
export function codeBody(
  draft: CodeDraft,
  zone: string | undefined,
): { body: DiscountCodeBody } | { errors: Partial<Record<string, FieldMessageKey>> } {
  const errors: Partial<Record<string, FieldMessageKey>> = {};
  const code = draft.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,40}$/.test(code)) errors.code = 'discountCodeFormat';
  const percent = draft.percent;
  const fixed = parseAmount(draft.fixed);
  if (
    draft.kind === 'percent' &&
    (percent === null || !Number.isInteger(percent) || percent < 1 || percent > 100)
  )
    errors.value = 'discountPercentRange';
  if (draft.kind === 'fixed' && (fixed === null || fixed < 1)) errors.value = 'amountInvalid';
  if (draft.from_day !== null && draft.until_day !== null && draft.from_day > draft.until_day)
    errors.valid_until = 'validUntilBeforeFrom';
  const value = draft.kind === 'percent' ? percent : fixed;
  if (Object.keys(errors).length > 0 || value === null) return { errors };
  return {
    body: {
      code,
      kind: draft.kind,
      value,
      price_item_ids: draft.price_item_ids,
      max_uses: draft.max_uses,
      valid_from: draft.from_day === null ? null : dayStartIn(draft.from_day, zone),
      valid_until: draft.until_day === null ? null : dayEndIn(draft.until_day, zone),
      enabled: draft.enabled,
      note: draft.note.trim(),
    },
  };
}

/** The organisation tree as a flat list of choices, each name indented by its depth (searchable by name). */
export function organizationChoices(
  nodes: readonly OrganizationNode[],
  depth = 0,
): { value: number; label: string; title: string }[] {
  return nodes.flatMap((node) => [
    { value: node.id, label: `${'\u3000'.repeat(depth)}${node.name}`, title: node.name },
    ...organizationChoices(node.children, depth + 1),
  ]);
}
