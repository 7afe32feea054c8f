import type { Language } from '@meetflow/shared/languages';
import type { PaymentInstructions, PaymentMethod } from '@meetflow/shared/schemas/payments';
import type { OrderRow } from '../orders.repository.ts';
import type { PaymentAccountRow, MeetingSettingsRow } from '../pricing.repository.ts';

/**
 * One way of paying, behind the one interface every method implements (DESIGN.md: start, confirm
 * by signed callback, refund). A provider never confirms a payment from the browser's return: it is
 * confirmed by the provider's signed message (its own route calls confirm-payment.ts) or by staff.
 * A Macao or Taiwan provider is added as one more implementation and one more PAYMENT_METHODS entry.
 */
export interface PaymentProvider {
  method: PaymentMethod;
  /** What the guest's page shows to pay this pending order by this method. */
  instructions(
    order: OrderRow,
    context: { account: PaymentAccountRow | undefined; settings: MeetingSettingsRow; language: Language },
  ): PaymentInstructions;
  /**
   * Gives money back through the provider (Stripe); absent where the organiser pays back by hand
   * (a transfer, FPS, cash): the refund is then only recorded.
   */
  refund?(
    payment: { provider_ref: string | null; amount: number },
    amount: number,
    idempotencyKey: string,
  ): Promise<{ providerRef: string }>;
}
