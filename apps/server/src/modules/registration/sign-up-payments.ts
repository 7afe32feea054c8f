import type { Language } from '@meetflow/shared/languages';
import type {
  GuestOrder,
  PublicPricing,
  Quote,
  SignUpPayment,
  StripeCheckout,
} from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import type * as repo from './registration.repository.ts';

/** A paid sign-up priced before its transaction (the payments module's answer). */
export interface PricedSignUp {
  /** Nothing to pay (no priced line): the sign-up is written as a free meeting's. */
  free: boolean;
  quote: Quote;
  /** The code as stored (trimmed, upper case), or null. */
  discountCode: string | null;
  payer: { kind: 'guest' | 'institution'; institution: string };
  /** How long the seat is held for payment. */
  holdMinutes: number;
}

/** The guest row just written in the sign-up's transaction, for its order. */
export interface SignedUpGuest {
  id: number;
  meetingId: number;
  /** The receipt's name unless an institution pays. */
  displayName: string;
  /** The chosen sessions whose seats the guest took (not those whose lists they joined). */
  seatedScheduleIds: readonly number[];
  /** Whether the row was written unpaid (a 0 total after all clears it). */
  unpaid: boolean;
}

/**
 * What a paid meeting's sign-up needs from the payments module (issue 44), registered after this
 * one: it fills the port `app.registration.payments`. A free meeting (no currency) never calls it.
 */
export interface SignUpPayments {
  /** The public meeting's `pricing` (null for a free meeting). */
  pricingOf(meeting: repo.PublicMeetingRow, now: number): Promise<PublicPricing | null>;
  /**
   * What this sign-up would be charged at `now`: TICKET_REQUIRED, DISCOUNT_CODE_INVALID. Called
   * before the transaction; nothing is counted yet.
   */
  price(
    meeting: repo.PublicMeetingRow,
    choice: {
      meetingType: 'general' | 'date_schedule';
      userTypeId: number | null;
      scheduleIds: readonly number[];
      payment: SignUpPayment | undefined;
      /** The member list's match (issue 45): a member-only price applies to it alone. */
      member?: { memberClass: string } | null;
    },
    now: number,
  ): Promise<PricedSignUp>;
  /**
   * The order holding the guest's seat, in the sign-up's transaction after the guest row: the
   * discount code's use (DISCOUNT_CODE_USED_UP rolls the sign-up back), the order and its lines,
   * the hold's expiry job, the webhook event and the audit entry.
   */
  openOrderIn(
    trx: Db,
    meeting: repo.PublicMeetingRow,
    priced: PricedSignUp,
    guest: SignedUpGuest,
    now: number,
    ip: string | null,
  ): Promise<void>;
  /**
   * A group's ONE order (issue 45, decision 0106), in the group's transaction after every attendee's
   * guest row and seats: one reference, one hold, one line per charged item naming its attendee,
   * paid by the contact. No discount code (the caller refuses one).
   */
  openGroupOrderIn(
    trx: Db,
    meeting: repo.PublicMeetingRow,
    attendees: readonly { guest: SignedUpGuest; priced: PricedSignUp }[],
    payerName: string,
    now: number,
    ip: string,
  ): Promise<void>;
  /**
   * The group's order as the paid sign-up's page shows it (lines, state, how to pay while pending
   * and `live`), found by its attendees; null when they have none.
   */
  groupOrderOf(guestIds: readonly number[], live: boolean, language: Language): Promise<GuestOrder | null>;
  /**
   * Stripe's hosted page for the group's pending order, asked for by its contact (decision 0106):
   * the guest's checkout with the same limits, idempotency and errors (NOT_FOUND without an order,
   * ORDER_NOT_PENDING, PAYMENT_METHOD_UNAVAILABLE). `group` authenticates the contact (after the
   * per-address limit, as the guest's token) and answers the attendees, the meeting and the page
   * Stripe sends the contact back to.
   */
  groupCheckout(input: {
    group: () => Promise<{
      guestIds: readonly number[];
      meeting: { name: string; name_cn: string | null; name_en: string | null };
      page: string;
    }>;
    language: Language;
    ip: string;
  }): Promise<StripeCheckout>;
}
