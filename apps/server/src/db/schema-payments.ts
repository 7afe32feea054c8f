import type { Generated } from 'kysely';

/**
 * The tables of paid registration (issue 44; migration 2026-11-30-01-payments), kept apart from
 * schema.ts only for its length. Money is integers in the currency's minor unit.
 */
export interface PaymentTables {
  /** A paid meeting's settings; the meeting is paid when `meetings.currency` is set. */
  meeting_payment_settings: {
    meeting_id: number;
    hold_minutes: Generated<number>;
    /** JSON array of PaymentMethod ('transfer', 'fps', 'stripe', 'desk'). */
    methods: Generated<string>;
    /** JSON {zh-tw, zh-cn, en}. */
    transfer_note: Generated<string>;
    updated_at: number;
  };
  /** Where an organisation is paid: FPS proxy, bank account, the issuer printed on receipts. */
  payment_accounts: {
    organization_id: number;
    fps_proxy_type: Generated<string>;
    fps_proxy: Generated<string>;
    merchant_name: Generated<string>;
    merchant_city: Generated<string>;
    bank_name: Generated<string>;
    bank_account_name: Generated<string>;
    bank_account_number: Generated<string>;
    /** JSON {zh-tw, zh-cn, en}. */
    receipt_issuer: Generated<string>;
    updated_at: number;
  };
  price_items: {
    id: Generated<number>;
    meeting_id: number;
    item_type: 'registration' | 'session';
    user_type_id: number | null;
    schedule_id: number | null;
    name: Generated<string>;
    name_cn: Generated<string>;
    name_en: Generated<string>;
    amount: number;
    early_amount: number | null;
    early_until: number | null;
    sort: Generated<number>;
    /** 1: the member fee (issue 45), for a sign-up matched on the organisation's member list. */
    member_only: Generated<number>;
    retired_at: number | null;
    created_at: number;
    updated_at: number;
  };
  discount_codes: {
    id: Generated<number>;
    meeting_id: number;
    code: string;
    kind: 'percent' | 'fixed';
    value: number;
    /** JSON array of price item ids; [] = every registration item. */
    price_item_ids: Generated<string>;
    max_uses: Generated<number>;
    used_count: Generated<number>;
    valid_from: number | null;
    valid_until: number | null;
    enabled: Generated<number>;
    note: Generated<string>;
    created_at: number;
    updated_at: number;
  };
  orders: {
    id: Generated<number>;
    meeting_id: number;
    guest_id: number;
    reference: string;
    currency: string;
    subtotal: number;
    discount_amount: Generated<number>;
    total: number;
    discount_code_id: number | null;
    status: 'pending' | 'paid' | 'expired' | 'cancelled' | 'refund_due' | 'refunded';
    hold_until: number | null;
    method: string | null;
    payer_kind: Generated<'guest' | 'institution'>;
    payer_name: Generated<string>;
    payer_institution: Generated<string>;
    proof_file_id: string | null;
    refunded_amount: Generated<number>;
    created_at: number;
    updated_at: number;
    paid_at: number | null;
    closed_at: number | null;
  };
  order_lines: {
    id: Generated<number>;
    order_id: number;
    price_item_id: number;
    schedule_id: number | null;
    /** JSON {zh-tw, zh-cn, en}. */
    description: string;
    amount: number;
    discount: Generated<number>;
    early_bird: Generated<number>;
    /** The group attendee this line charges (decision 0106); null on a single sign-up's order. */
    guest_id: number | null;
  };
  payments: {
    id: Generated<number>;
    order_id: number;
    kind: 'payment' | 'refund';
    method: string;
    amount: number;
    provider_ref: string | null;
    user_id: number | null;
    note: Generated<string>;
    created_at: number;
  };
  receipt_counters: { organization_id: number; year: number; kind: string; last_number: number };
  receipts: {
    id: Generated<number>;
    organization_id: number;
    year: number;
    kind: 'receipt' | 'credit_note';
    number: number;
    order_id: number;
    payment_id: number;
    amount: number;
    currency: string;
    issued_at: number;
    /** JSON: what is printed, frozen at issue. */
    content: string;
  };
  /** Stripe event ids already handled: a redelivered event changes nothing twice. */
  stripe_events: { event_id: string; type: string; received_at: number };
  statement_lines: {
    id: Generated<number>;
    meeting_id: number;
    line_hash: string;
    booked_on: Generated<string>;
    amount: number;
    text: Generated<string>;
    order_id: number | null;
    state: 'matched' | 'unmatched' | 'applied';
    created_at: number;
  };
  /** A statement read and matched, awaiting apply (migration 2026-11-30-02-statement-previews). */
  statement_previews: {
    id: string;
    meeting_id: number;
    user_id: number;
    /** JSON array of the credit lines read and matched (statement-import.ts). */
    lines: string;
    created_at: number;
  };
}
