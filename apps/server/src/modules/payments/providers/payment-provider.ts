import type { Language } from '@meetflow/shared/languages';
import type { PaymentInstructions, PaymentMethod } from '@meetflow/shared/schemas/payments';
import type { OrderRow } from '../orders.repository.ts';
import type { PaymentAccountRow, MeetingSettingsRow } from '../pricing.repository.ts';

/** What a provider is told to answer one order's instructions. */
export interface ProviderContext {
  account: PaymentAccountRow | undefined;
  settings: MeetingSettingsRow;
  language: Language;
}

/**
 * One way of paying, behind the one interface every method implements (DESIGN.md: start, confirm
 * by signed callback, refund). A provider never confirms a payment from the browser's return: it is
 * confirmed by the provider's signed message (its own route calls confirm-payment.ts) or by staff.
 * A Macao or Taiwan provider is added as one more implementation and one more PAYMENT_METHODS entry.
 */
export interface PaymentProvider {
  method: PaymentMethod;
  /**
   * Whether this method can take this order at all (FPS: HKD and an FPS proxy on the account);
   * absent = always. A method the meeting offers but cannot take is left off the guest's page.
   */
  available?(order: OrderRow, context: ProviderContext): boolean;
  /** What the guest's page shows to pay this pending order by this method. */
  instructions(order: OrderRow, context: ProviderContext): PaymentInstructions;
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

/** Instructions with every field empty: a provider fills in what its method shows. */
export function emptyInstructions(method: PaymentMethod): PaymentInstructions {
  return { method, reference: null, bank: null, note: null, fps_payload: null, checkout_url: null };
}
