import { createDiscountCodes } from './discount-codes.ts';
import { createPaymentAccount } from './payment-account.ts';
import { createPaymentSettings } from './payment-settings.ts';
import type { PaymentSetupDeps } from './payment-setup-deps.ts';
import { createPriceItems } from './price-items.ts';

/** The organiser's setup of a paid meeting: settings, the organisation's account, prices, codes. */
export function createPaymentSetup(deps: PaymentSetupDeps) {
  return {
    settings: createPaymentSettings(deps),
    account: createPaymentAccount(deps),
    prices: createPriceItems(deps),
    codes: createDiscountCodes(deps),
  };
}
export type PaymentSetup = ReturnType<typeof createPaymentSetup>;
