import type { Localized } from '@meetflow/shared/languages';
import {
  CURRENCIES,
  PAYMENT_METHODS,
  type Currency,
  type DiscountCode,
  type PaymentMethod,
  type PriceItem,
} from '@meetflow/shared/schemas/payments';
import type { DiscountCodeRow, PriceItemRow } from './pricing.repository.ts';

/*
 * The stored rows of the fees page as the API answers them: JSON columns read back (a damaged one
 * reads as empty rather than failing the page), flags as booleans.
 */

const EMPTY_TEXT: Localized = { 'zh-tw': '', 'zh-cn': '', en: '' };

function parsed(json: string | undefined): unknown {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** A {zh-tw, zh-cn, en} column; missing languages are ''. */
export function localizedOf(json: string | undefined): Localized {
  const value = parsed(json);
  if (typeof value !== 'object' || value === null) return { ...EMPTY_TEXT };
  const text = value as Partial<Record<keyof Localized, unknown>>;
  const pick = (lang: keyof Localized) => (typeof text[lang] === 'string' ? (text[lang] as string) : '');
  return { 'zh-tw': pick('zh-tw'), 'zh-cn': pick('zh-cn'), en: pick('en') };
}

/** The methods column: the known methods it lists, once each, in the catalogue's order. */
export function methodsOf(json: string | undefined): PaymentMethod[] {
  const value = parsed(json);
  const listed = Array.isArray(value) ? value : [];
  return PAYMENT_METHODS.filter((method) => listed.includes(method));
}

/** A price item id list column. */
export function idsOf(json: string | undefined): number[] {
  const value = parsed(json);
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
}

export function currencyOrNull(value: string | null | undefined): Currency | null {
  return (CURRENCIES as readonly string[]).includes(value ?? '') ? (value as Currency) : null;
}

export function priceItemOf(row: PriceItemRow, inUse: boolean): PriceItem {
  return {
    id: row.id,
    item_type: row.item_type,
    user_type_id: row.user_type_id,
    schedule_id: row.schedule_id,
    name: row.name,
    name_cn: row.name_cn,
    name_en: row.name_en,
    amount: row.amount,
    early_amount: row.early_amount,
    early_until: row.early_until === null ? null : Number(row.early_until),
    sort: row.sort,
    retired: row.retired_at !== null,
    in_use: inUse,
    member_only: row.member_only === 1,
  };
}

export function discountCodeOf(row: DiscountCodeRow): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    price_item_ids: idsOf(row.price_item_ids),
    max_uses: row.max_uses,
    used_count: row.used_count,
    valid_from: row.valid_from === null ? null : Number(row.valid_from),
    valid_until: row.valid_until === null ? null : Number(row.valid_until),
    enabled: row.enabled === 1,
    note: row.note,
  };
}
