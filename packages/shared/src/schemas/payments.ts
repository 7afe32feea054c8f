import { z } from 'zod';

/**
 * Paid registration (issue 44). Money is an integer in the currency's minor unit (all five
 * currencies have two decimals: 12345 = 123.45), computed on the server only; a client shows it.
 */
export const CURRENCIES = ['MOP', 'HKD', 'TWD', 'CNY', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Minor units per major unit, the same for every currency offered. */
export const MINOR_PER_MAJOR = 100;
/** The largest amount one price, code or order may carry (10 million in major units). */
export const AMOUNT_MAX = 1_000_000_000;

/** What a meeting offers the guest; 'desk' = pay at the registration desk (cash, card terminal). */
export const PAYMENT_METHODS = ['transfer', 'fps', 'stripe', 'desk'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How a payment row was made: the methods above, a desk's two ways, or a bank statement line. */
export const RECORDED_METHODS = ['transfer', 'fps', 'stripe', 'cash', 'card_terminal', 'statement'] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];
export const DESK_METHODS = ['cash', 'card_terminal'] as const;
export type DeskMethod = (typeof DESK_METHODS)[number];

/**
 * pending: seat held until hold_until, awaiting payment · paid · expired: the hold ran out, the
 * seat was freed · cancelled: by the organiser or the guest, seat freed · refund_due: paid after
 * its hold expired when no seat was free (the organiser refunds it) · refunded: fully refunded.
 * A partial refund leaves an order paid with refunded_amount > 0.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'refund_due', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const HOLD_MINUTES_DEFAULT = 30;

const amount = z
  .number({ error: 'amountRequired' })
  .int('amountInvalid')
  .min(0, 'amountInvalid')
  .max(AMOUNT_MAX);
const localizedText = z.object({
  'zh-tw': z.string().max(2000),
  'zh-cn': z.string().max(2000),
  en: z.string().max(2000),
});
const names = {
  name: z.string().trim().max(200),
  name_cn: z.string().trim().max(200),
  name_en: z.string().trim().max(200),
};

// ——— Back office: a meeting's payment settings, prices, discount codes ———

export const paymentSettings = z.object({
  /** null: a free meeting. */
  currency: z.enum(CURRENCIES).nullable(),
  hold_minutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  methods: z.array(z.enum(PAYMENT_METHODS)).max(PAYMENT_METHODS.length),
  transfer_note: localizedText,
});
export type PaymentSettings = z.infer<typeof paymentSettings>;
export const paymentSettingsBody = paymentSettings.strict();

/** An organisation's payment account: printed on receipts and used for FPS codes and transfers. */
export const paymentAccount = z.object({
  fps_proxy_type: z.enum(['', 'fps_id', 'mobile', 'email']),
  fps_proxy: z.string().trim().max(100),
  merchant_name: z.string().trim().max(25),
  merchant_city: z.string().trim().max(15),
  bank_name: z.string().trim().max(100),
  bank_account_name: z.string().trim().max(100),
  bank_account_number: z.string().trim().max(50),
  receipt_issuer: localizedText,
});
export type PaymentAccount = z.infer<typeof paymentAccount>;
export const paymentAccountBody = paymentAccount.strict();

export const priceItem = z.object({
  id: z.number().int(),
  item_type: z.enum(['registration', 'session']),
  /** Date-schedule meetings: the registration type this fee is for. */
  user_type_id: z.number().int().nullable(),
  /** A priced session. */
  schedule_id: z.number().int().nullable(),
  /** A general meeting's ticket kind (e.g. member / non-member / student); '' for the others. */
  ...names,
  amount,
  early_amount: amount.nullable(),
  /** An instant (ms): the early-bird price holds until then (the form picks a local day in TIME_ZONE). */
  early_until: z.number().int().nullable(),
  sort: z.number().int(),
  retired: z.boolean(),
  /** Orders name it: it can be retired, not changed. */
  in_use: z.boolean(),
  /**
   * The member fee (issue 45): charged only to a sign-up matched on the organisation's member list,
   * in place of the registration type's other fee; a member-only ticket is refused to others.
   */
  member_only: z.boolean(),
});
export type PriceItem = z.infer<typeof priceItem>;
export const priceItemBody = priceItem
  .omit({ id: true, retired: true, in_use: true, sort: true })
  .extend({
    sort: z.number().int().min(0).max(10_000).default(0),
    member_only: z.boolean().default(false),
  })
  .strict();
export type PriceItemBody = z.input<typeof priceItemBody>;

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export const discountCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,40}$/, 'discountCodeFormat');
export const discountCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** percent: 1–100 (100 = free, a sponsor's code); fixed: minor units. */
  value: z.number().int(),
  /** [] = every registration price. */
  price_item_ids: z.array(z.number().int()),
  /** 0 = no maximum. */
  max_uses: z.number().int(),
  used_count: z.number().int(),
  valid_from: z.number().int().nullable(),
  valid_until: z.number().int().nullable(),
  enabled: z.boolean(),
  note: z.string(),
});
export type DiscountCode = z.infer<typeof discountCode>;
export const discountCodeBody = z.strictObject({
  code: discountCodeText,
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int().min(1, 'amountInvalid').max(AMOUNT_MAX),
  price_item_ids: z.array(z.number().int().positive()).max(200).default([]),
  max_uses: z.number().int().min(0).max(1_000_000).default(0),
  valid_from: z.number().int().nullable().default(null),
  valid_until: z.number().int().nullable().default(null),
  enabled: z.boolean().default(true),
  note: z.string().trim().max(200).default(''),
});
export type DiscountCodeBody = z.input<typeof discountCodeBody>;

// ——— The visitor: prices on the form, what the sign-up sends, the guest's order ———

/** A price as the form shows it: `current` is what a sign-up now would be charged. */
export const publicPrice = z.object({
  price_item_id: z.number().int(),
  user_type_id: z.number().int().nullable(),
  schedule_id: z.number().int().nullable(),
  ...names,
  amount,
  early_amount: amount.nullable(),
  early_until: z.number().int().nullable(),
  current: amount,
  /** For members on the organisation's list only (the form labels it so). */
  member_only: z.boolean(),
});
export type PublicPrice = z.infer<typeof publicPrice>;
/** On the public meeting: null for a free meeting. */
export const publicPricing = z.object({
  currency: z.enum(CURRENCIES),
  /** Ticket kinds (general) or registration types' fees (date-schedule). */
  registration: z.array(publicPrice),
  sessions: z.array(publicPrice),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  hold_minutes: z.number().int(),
  /** The meeting has at least one discount code (the form shows the field). */
  has_discount_codes: z.boolean(),
});
export type PublicPricing = z.infer<typeof publicPricing>;

/** Sent with a sign-up to a paid meeting (ignored, and not required, for a free one). */
export const signUpPayment = z.strictObject({
  /** General meetings: the ticket kind's price item; date-schedule meetings take the user type's. */
  price_item_id: z.number().int().positive().optional(),
  discount_code: z.string().trim().max(40).optional(),
  payer_kind: z.enum(['guest', 'institution']).default('guest'),
  /** The institution the receipt is made out to (payer_kind 'institution'). */
  payer_institution: z.string().trim().max(200).default(''),
});
export type SignUpPayment = z.input<typeof signUpPayment>;

/** What a sign-up would cost, answered before it is sent (POST /api/public/meetings/:publicId/quote). */
export const quoteBody = z.strictObject({
  user_type_id: z.number().int().positive().optional(),
  schedule_ids: z.array(z.number().int().positive()).max(200).default([]),
  price_item_id: z.number().int().positive().optional(),
  discount_code: z.string().trim().max(40).optional(),
});
export type QuoteBody = z.input<typeof quoteBody>;

export const orderLine = z.object({
  price_item_id: z.number().int(),
  schedule_id: z.number().int().nullable(),
  description: localizedText,
  amount,
  discount: amount,
  early_bird: z.boolean(),
  /** A group's order (decision 0106): the attendee this line charges. */
  guest_id: z.number().int().optional(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const quote = z.object({
  currency: z.enum(CURRENCIES),
  lines: z.array(orderLine),
  subtotal: amount,
  discount_amount: amount,
  total: amount,
});
export type Quote = z.infer<typeof quote>;

/** How the guest pays one order by one method: what the page shows. */
export const paymentInstructions = z.object({
  method: z.enum(PAYMENT_METHODS),
  /** transfer / fps: the reference to quote; the bank account; the organiser's note. */
  reference: z.string().nullable(),
  bank: z.object({ bank_name: z.string(), account_name: z.string(), account_number: z.string() }).nullable(),
  note: localizedText.nullable(),
  /** fps: the EMVCo merchant-presented payload the page draws as a QR code. */
  fps_payload: z.string().nullable(),
  /** stripe: the hosted checkout page to go to (made on request, POST …/checkout). */
  checkout_url: z.string().nullable(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructions>;

export const receiptSummary = z.object({
  id: z.number().int(),
  kind: z.enum(['receipt', 'credit_note']),
  /** e.g. 'R-2026-000012', 'CN-2026-000003' */
  number: z.string(),
  amount,
  issued_at: z.number().int(),
});
export type ReceiptSummary = z.infer<typeof receiptSummary>;

/** The guest's order on their page (GET /api/public/guest/orders, X-Guest-Token). */
export const guestOrder = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(CURRENCIES),
  lines: z.array(orderLine),
  subtotal: amount,
  discount_amount: amount,
  total: amount,
  refunded_amount: amount,
  hold_until: z.number().int().nullable(),
  payer_kind: z.enum(['guest', 'institution']),
  payer_institution: z.string(),
  /** The methods offered, each with what to do. */
  methods: z.array(paymentInstructions),
  proof_uploaded: z.boolean(),
  receipts: z.array(receiptSummary),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
});
export type GuestOrder = z.infer<typeof guestOrder>;
export const guestOrders = z.array(guestOrder);

export const guestOrderParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** Who the receipt is made out to, changed by the guest before paying (PUT …/guest/orders/:id/payer). */
export const payerBody = z.strictObject({
  payer_kind: z.enum(['guest', 'institution']),
  /** Required for 'institution'; ignored for 'guest'. */
  payer_institution: z.string().trim().max(200).default(''),
});
export type PayerBody = z.input<typeof payerBody>;

// ——— Back office: orders, payments, refunds, statements ———

export const orderRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  guest_id: z.number().int(),
  guest_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(CURRENCIES),
  total: amount,
  paid_amount: amount,
  refunded_amount: amount,
  method: z.string().nullable(),
  discount_code: z.string().nullable(),
  proof_uploaded: z.boolean(),
  hold_until: z.number().int().nullable(),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;
export const orderListQuery = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const paymentRow = z.object({
  id: z.number().int(),
  kind: z.enum(['payment', 'refund']),
  method: z.enum(RECORDED_METHODS),
  amount,
  note: z.string(),
  recorded_by: z.string().nullable(),
  created_at: z.number().int(),
});
export type PaymentRow = z.infer<typeof paymentRow>;
export const orderDetail = orderRow.extend({
  lines: z.array(orderLine),
  subtotal: amount,
  discount_amount: amount,
  payer_kind: z.enum(['guest', 'institution']),
  payer_institution: z.string(),
  payments: z.array(paymentRow),
  receipts: z.array(receiptSummary),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** Marks an order paid by hand (a transfer seen in the bank, FPS). */
export const markPaidBody = z.strictObject({
  method: z.enum(['transfer', 'fps', 'cash', 'card_terminal']),
  amount,
  note: z.string().trim().max(500).default(''),
});
export const refundBody = z.strictObject({
  /** Minor units; at most what was paid and not yet refunded. */
  amount: amount.refine((v) => v > 0, 'amountInvalid'),
  note: z.string().trim().max(500).default(''),
  /** Also cancel the order (its seats are freed). A full refund always cancels. */
  cancel: z.boolean().default(false),
});
/** A receipt or credit note (its PDF); an order's refunds. */
export const receiptParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const orderRefundParams = receiptParams;
/** What a refund did: the credit note issued and where the order stands now. */
export const refundResult = z.object({
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  refunded_amount: amount,
  credit_note: receiptSummary,
  /** The order's seats were freed (the guest cancelled): by `cancel` or a full refund. */
  cancelled: z.boolean(),
  /** Paid back through the provider (Stripe); false: recorded only, the organiser pays back by hand. */
  through_provider: z.boolean(),
});
export type RefundResult = z.infer<typeof refundResult>;

/** At the door: the desk takes the payment of a scanned guest's order. */
export const deskPaymentBody = z.strictObject({
  /** The door's meeting: a guest code of another meeting is refused (SCAN_OTHER_MEETING), as the scan does. */
  meeting_id: z.number().int().positive().max(2_147_483_647),
  guest_code: z.string().min(1).max(100),
  method: z.enum(DESK_METHODS),
  /** Must equal the order's total (the desk takes the whole amount). */
  amount,
});

/** What the desk's payment did: the order it paid (the guest can be scanned in again). */
export const deskPaymentAnswer = z.object({
  order_id: z.number().int(),
  reference: z.string(),
  currency: z.enum(CURRENCIES),
  amount,
  /** paid: the order is paid and the guest's code admits them now. */
  outcome: z.enum(['paid', 'partial', 'late_seated', 'refund_due', 'extra', 'duplicate']),
});
export type DeskPaymentAnswer = z.infer<typeof deskPaymentAnswer>;

/** The guest's proof of a transfer or FPS payment, uploaded for their pending order. */
export const proofUploaded = z.object({
  order_id: z.number().int(),
  proof_uploaded: z.literal(true),
  mime: z.string(),
  size: z.number().int(),
});
export type ProofUploaded = z.infer<typeof proofUploaded>;
export const orderProofParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const statementLine = z.object({
  row: z.number().int(),
  booked_on: z.string(),
  amount,
  text: z.string(),
  /** matched: pays this order · already: paid before or imported before · unmatched: no order has this reference and amount. */
  outcome: z.enum(['matched', 'already', 'unmatched', 'amount_differs']),
  order_reference: z.string().nullable(),
  guest_name: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;
export const statementPreview = z.object({
  /** Sent back with apply: the server keeps the parsed lines under it for a while. */
  preview_id: z.string(),
  lines: z.array(statementLine),
  matched: z.number().int(),
  unmatched: z.number().int(),
});
export type StatementPreview = z.infer<typeof statementPreview>;
export const statementApplyBody = z.strictObject({ preview_id: z.string().min(1).max(100) });
export const statementApplied = z.object({ paid: z.number().int(), skipped: z.number().int() });

/** Sums over many orders pass one order's AMOUNT_MAX. */
const sumOfAmounts = z.number().int().min(0);
/** Revenue on the dashboard, per currency, over the meetings the user sees. */
export const revenueFigures = z.array(
  z.object({
    currency: z.enum(CURRENCIES),
    paid: sumOfAmounts,
    refunded: sumOfAmounts,
    pending: sumOfAmounts,
    orders_paid: z.number().int(),
    orders_pending: z.number().int(),
  }),
);
export type RevenueFigures = z.infer<typeof revenueFigures>;

/** Formats minor units for display: 12345 → '123.45' (the currency code is shown beside it). */
export function formatAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = Math.floor(abs / MINOR_PER_MAJOR).toLocaleString('en-US');
  return `${sign}${major}.${String(abs % MINOR_PER_MAJOR).padStart(2, '0')}`;
}

/** Receipt numbers as printed: R-2026-000012, CN-2026-000003. */
export function receiptNumber(kind: 'receipt' | 'credit_note', year: number, number: number): string {
  return `${kind === 'receipt' ? 'R' : 'CN'}-${year}-${String(number).padStart(6, '0')}`;
}

// ——— Back office: the fees page's answers (settings, prices and codes with what the form needs) ———

const recordId = z.coerce.number().int().positive().max(2_147_483_647);
/** `/api/meetings/:id/…`, `/api/organizations/:id/…`, `/api/prices/:id`, `/api/discount-codes/:id`. */
export const paymentIdParams = z.strictObject({ id: recordId });

/**
 * GET/PUT /api/meetings/:id/payment-settings: the settings and what decides which methods the form
 * may offer: FPS needs HKD and the organisation's FPS proxy, Stripe the server's Stripe keys.
 */
export const meetingPaymentSetup = paymentSettings.extend({
  meeting_id: z.number().int(),
  organization_id: z.number().int(),
  meeting_type: z.enum(['general', 'date_schedule']),
  /** Orders exist: the currency can no longer change, nor the meeting become free. */
  has_orders: z.boolean(),
  /** The organisation's payment account has an FPS proxy. */
  fps_proxy_set: z.boolean(),
  /** The account has a bank account number (what a transfer is paid to). */
  bank_account_set: z.boolean(),
  /** This server has Stripe configured. */
  stripe_configured: z.boolean(),
});
export type MeetingPaymentSetup = z.infer<typeof meetingPaymentSetup>;

/** GET /api/organizations/:id/payment-account: the account (defaults until saved) and its organisation. */
export const paymentAccountView = paymentAccount.extend({
  organization_id: z.number().int(),
  organization_name: z.string(),
});
export type PaymentAccountView = z.infer<typeof paymentAccountView>;

const namedTarget = z.object({
  id: z.number().int(),
  name: z.string(),
  name_cn: z.string(),
  name_en: z.string(),
});
/** GET /api/meetings/:id/prices: every price (retired ones too) and what a price may be for. */
export const priceList = z.object({
  currency: z.enum(CURRENCIES).nullable(),
  meeting_type: z.enum(['general', 'date_schedule']),
  items: z.array(priceItem),
  /** The meeting's registration types (date-schedule meetings price these). */
  user_types: z.array(namedTarget),
  /** The meeting's sessions (a workshop priced apart). */
  sessions: z.array(namedTarget.extend({ date: z.string() })),
});
export type PriceList = z.infer<typeof priceList>;

/** GET /api/meetings/:id/discount-codes. */
export const discountCodeList = z.array(discountCode);
// ——— Stripe Checkout (card, Alipay, WeChat Pay) ———

/** POST /api/public/guest/orders/:id/checkout (X-Guest-Token). */
export const stripeCheckoutParams = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
/** Stripe's hosted page to send the guest to; the payment is confirmed by Stripe's webhook alone. */
export const stripeCheckout = z.object({ url: z.string() });
export type StripeCheckout = z.infer<typeof stripeCheckout>;
/** The webhook's answer to Stripe: any 2xx says "received", whether the event changed anything. */
export const stripeWebhookReceipt = z.object({ received: z.literal(true) });

// ——— Back office: the orders page, reconciliation, revenue (additions) ———

export type OrderListQuery = z.input<typeof orderListQuery>;
/** A page of a meeting's orders (GET /api/meetings/:id/orders). */
export const orderPage = z.object({
  items: z.array(orderRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPage>;
export type MarkPaidBody = z.input<typeof markPaidBody>;
export type RefundBody = z.input<typeof refundBody>;
/** What marking an order paid did (ConfirmOutcome of the one confirm path). */
export const markPaidResult = z.object({
  outcome: z.enum(['paid', 'duplicate', 'partial', 'late_seated', 'refund_due', 'extra']),
  order: orderDetail,
});
export type MarkPaidResult = z.infer<typeof markPaidResult>;
export type StatementApplied = z.infer<typeof statementApplied>;
/** A bank statement keeps at most this many rows (header rows included). */
export const STATEMENT_ROWS_MAX = 10_000;
/** How long a statement preview can be applied after it was read. */
export const STATEMENT_PREVIEW_MINUTES = 30;
/** Revenue over the meetings the user sees, or one meeting's. */
export const revenueQuery = z.strictObject({
  meeting_id: z.coerce.number().int().positive().optional(),
});
