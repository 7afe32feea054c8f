import { LANGUAGES, type Localized } from '@meetflow/shared/languages';
import { emptyInstructions, type PaymentProvider } from './payment-provider.ts';

/** The organiser's note (JSON {zh-tw, zh-cn, en}) with every language present; null when all are blank. */
export function transferNote(json: string): Localized | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const source = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  const note = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, typeof source[lang] === 'string' ? (source[lang] as string) : '']),
  ) as Localized;
  return LANGUAGES.some((lang) => note[lang].trim() !== '') ? note : null;
}

/**
 * Bank transfer: the guest pays the organisation's account quoting the order's reference; staff
 * mark it paid by hand or by importing the bank statement (matched by reference and amount).
 */
export const transferProvider: PaymentProvider = {
  method: 'transfer',
  instructions(order, { account, settings }) {
    const hasBank = account !== undefined && account.bank_account_number.trim() !== '';
    return {
      ...emptyInstructions('transfer'),
      reference: order.reference,
      bank: hasBank
        ? {
            bank_name: account.bank_name,
            account_name: account.bank_account_name,
            account_number: account.bank_account_number,
          }
        : null,
      note: transferNote(settings.transfer_note),
    };
  },
};
