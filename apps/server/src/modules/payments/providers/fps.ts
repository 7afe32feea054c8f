import type { Currency } from '@meetflow/shared/schemas/payments';
import type { OrderRow } from '../orders.repository.ts';
import type { PaymentAccountRow } from '../pricing.repository.ts';
import { fpsPayload, FPS_PROXY_SUB_ID, type FpsProxyType } from './fps-payload.ts';
import { emptyInstructions, type PaymentProvider } from './payment-provider.ts';
import { transferNote } from './transfer.ts';

/**
 * The currencies FPS is offered in. The FPS also clears renminbi, but FPS QR codes in renminbi are
 * not read by every banking app, and the meetings charging CNY are for guests outside Hong Kong:
 * FPS is offered for HKD meetings only.
 */
export const FPS_CURRENCIES: readonly Currency[] = ['HKD'];

function proxyOf(account: PaymentAccountRow | undefined): { type: FpsProxyType; proxy: string } | null {
  if (!account || account.fps_proxy.trim() === '') return null;
  const type = account.fps_proxy_type;
  return type in FPS_PROXY_SUB_ID ? { type: type as FpsProxyType, proxy: account.fps_proxy } : null;
}

/** The order's FPS payload, or null when it cannot have one (another currency, no proxy, a bad proxy). */
export function fpsPayloadFor(order: OrderRow, account: PaymentAccountRow | undefined): string | null {
  const proxy = proxyOf(account);
  if (!proxy || !account || !FPS_CURRENCIES.includes(order.currency as Currency) || order.total <= 0)
    return null;
  try {
    return fpsPayload({
      proxyType: proxy.type,
      proxy: proxy.proxy,
      currency: order.currency as Currency,
      amount: order.total,
      reference: order.reference,
      merchantName: account.merchant_name,
      merchantCity: account.merchant_city,
    });
  } catch {
    // A proxy saved before it was checked (the settings form checks it): no code rather than a wrong one.
    return null;
  }
}

/**
 * Hong Kong's Faster Payment System: the guest scans the EMVCo QR code drawn from `fps_payload`
 * (the organisation's FPS proxy, the amount, the order's reference) in their banking app; staff
 * mark it paid as a transfer.
 */
export const fpsProvider: PaymentProvider = {
  method: 'fps',
  available: (order, { account }) => fpsPayloadFor(order, account) !== null,
  instructions(order, { account, settings }) {
    return {
      ...emptyInstructions('fps'),
      reference: order.reference,
      fps_payload: fpsPayloadFor(order, account),
      note: transferNote(settings.transfer_note),
    };
  },
};
