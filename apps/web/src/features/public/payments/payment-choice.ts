import type { Language } from '@meetflow/shared/languages';
import type { PublicPricing, QuoteBody, SignUpPayment } from '@meetflow/shared/schemas/payments';
import type { TFunction } from '../../../lib/i18n.ts';
import type { FieldErrors } from '../sign-up/sign-up-form.ts';
import { formatMoney } from './money.ts';

/*
 * What the sign-up form of a paid meeting adds (issue 44): the ticket kind of a general meeting,
 * the discount code once checked, and who the receipt is for. Kept by the form itself (these rules
 * load with the form, a few hundred bytes); the section that shows prices and the quote is a lazy
 * chunk (components/pricing-slot.tsx), so a free meeting's page does not grow.
 */

export type MeetingType = 'general' | 'date_schedule';

export interface PaymentChoice {
  /** A general meeting's ticket kind (its price item), '' until chosen. */
  price_item_id: string;
  /** The discount code as typed. */
  code: string;
  /** The code the server's quote accepted ('' = none): the one the sign-up sends. */
  applied: string;
  payer_kind: 'guest' | 'institution';
  payer_institution: string;
}

export const EMPTY_PAYMENT: PaymentChoice = {
  price_item_id: '',
  code: '',
  applied: '',
  payer_kind: 'guest',
  payer_institution: '',
};

/** The form's names of the payment fields: the server names its field errors the same way. */
export const PAYMENT_FIELDS = {
  ticket: 'payment.price_item_id',
  code: 'payment.discount_code',
  payerKind: 'payment.payer_kind',
  institution: 'payment.payer_institution',
} as const;

/** A discount code as the server compares it. */
export const normalCode = (code: string) => code.trim().toUpperCase();

/** A general meeting with ticket kinds asks for one (a required radio group). */
export function asksTicket(pricing: PublicPricing | null, type: MeetingType): boolean {
  return pricing !== null && type === 'general' && pricing.registration.length > 0;
}

/** The payment part's problems before sending: no ticket, a code typed but not checked, no institution. */
export function paymentErrors(
  pricing: PublicPricing | null,
  type: MeetingType,
  choice: PaymentChoice,
): FieldErrors {
  if (!pricing) return {};
  const errors: FieldErrors = {};
  if (asksTicket(pricing, type) && !choice.price_item_id) errors[PAYMENT_FIELDS.ticket] = 'ticketRequired';
  if (normalCode(choice.code) !== choice.applied) errors[PAYMENT_FIELDS.code] = 'discountNotApplied';
  if (choice.payer_kind === 'institution' && !choice.payer_institution.trim())
    errors[PAYMENT_FIELDS.institution] = 'institutionRequired';
  return errors;
}

/** The sign-up body's `payment` (nothing for a free meeting). */
export function paymentBody(
  pricing: PublicPricing | null,
  type: MeetingType,
  choice: PaymentChoice,
): { payment?: SignUpPayment } {
  if (!pricing) return {};
  const payment: SignUpPayment = { payer_kind: choice.payer_kind };
  if (type === 'general' && choice.price_item_id) payment.price_item_id = Number(choice.price_item_id);
  if (choice.applied) payment.discount_code = choice.applied;
  if (choice.payer_kind === 'institution') payment.payer_institution = choice.payer_institution.trim();
  return { payment };
}

/**
 * What to ask the server's quote for, or null while the form lacks what the price depends on (a
 * general meeting's ticket kind, a date-schedule meeting's registration type).
 */
export function quoteBodyOf(
  pricing: PublicPricing,
  type: MeetingType,
  choice: Pick<PaymentChoice, 'price_item_id'>,
  userTypeId: number | null,
  scheduleIds: readonly number[],
  code: string,
): QuoteBody | null {
  const body: QuoteBody = {};
  if (type === 'general') {
    if (asksTicket(pricing, type)) {
      if (!choice.price_item_id) return null;
      body.price_item_id = Number(choice.price_item_id);
    }
  } else {
    if (userTypeId === null) return null;
    body.user_type_id = userTypeId;
    body.schedule_ids = [...scheduleIds].sort((a, b) => a - b);
  }
  if (code) body.discount_code = code;
  return body;
}

/** A priced session's fee as its row in the session choice shows it, or null when it has none. */
export function sessionPriceText(pricing: PublicPricing | null, scheduleId: number): string | null {
  if (!pricing) return null;
  const price = pricing.sessions.find((p) => p.schedule_id === scheduleId);
  return price ? formatMoney(pricing.currency, price.current) : null;
}

/** A registration type's fee beside its name in the type select ('Doctor · HKD 800.00'). */
export function userTypeLabel(
  pricing: PublicPricing | null,
  userTypeId: number,
  name: string,
  lang: Language,
): string {
  // The price everyone pays; the member fee is shown in the list of fees, marked for members.
  const price =
    pricing?.registration.find((p) => p.user_type_id === userTypeId && !p.member_only) ??
    pricing?.registration.find((p) => p.user_type_id === userTypeId);
  if (!pricing || !price) return name;
  return `${name}${lang === 'en' ? ' · ' : '・'}${formatMoney(pricing.currency, price.current)}`;
}

/** The payment fields as the form's error summary names them (the page's own strings, not the chunk's). */
export function paymentLabels(pricing: PublicPricing | null, t: TFunction): [string, string][] {
  if (!pricing) return [];
  return [
    [PAYMENT_FIELDS.ticket, t('pub.pay.ticket')],
    [PAYMENT_FIELDS.code, t('pub.pay.code')],
    [PAYMENT_FIELDS.institution, t('pub.pay.institution')],
  ];
}
