import type { Language } from '@meetflow/shared/languages';
import type { PaymentInstructions, PaymentMethod } from '@meetflow/shared/schemas/payments';
import { PAYMENT_METHODS } from '@meetflow/shared/schemas/payments';
import type { Db } from '../../../db/database.ts';
import * as meetings from '../../meetings/meetings.reads.ts';
import type { OrderRow } from '../orders.repository.ts';
import * as pricing from '../pricing.repository.ts';
import { fpsProvider } from './fps.ts';
import { emptyInstructions, type PaymentProvider, type ProviderContext } from './payment-provider.ts';
import { transferProvider } from './transfer.ts';

/** Pay at the registration desk (cash, card terminal): nothing to show but the method. */
export const deskProvider: PaymentProvider = {
  method: 'desk',
  instructions: () => emptyInstructions('desk'),
};

/**
 * Stripe Checkout without this server's configuration: the page asks for the checkout (POST
 * …/checkout). The configured provider (stripe/stripe-provider.ts, made with Stripe's client in
 * payments.module.ts: refunds through Stripe, left off without keys) is `deps.providers.stripe`,
 * which providerFor and instructionsFor take over this one.
 */
const stripePending: PaymentProvider = {
  method: 'stripe',
  instructions: () => emptyInstructions('stripe'),
};

/** Every way of paying, by method: a new provider is one more line here. */
export const providers: Record<PaymentMethod, PaymentProvider> = {
  transfer: transferProvider,
  fps: fpsProvider,
  stripe: stripePending,
  desk: deskProvider,
};

/** Providers made from this server's configuration (PaymentsDeps.providers), over the ones above. */
export type ConfiguredProviders = Partial<Record<PaymentMethod, PaymentProvider>>;

export function providerFor(method: PaymentMethod, configured?: ConfiguredProviders): PaymentProvider {
  return configured?.[method] ?? providers[method];
}

/** The meeting's methods (JSON array), known ones only, in PAYMENT_METHODS' order, each once. */
export function parseMethods(json: string): PaymentMethod[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const listed = Array.isArray(parsed) ? parsed : [];
  return PAYMENT_METHODS.filter((m) => listed.includes(m));
}

/** The context a provider is given for one order: the meeting's settings and its organisation's account. */
export async function contextFor(
  db: Db,
  order: OrderRow,
  language: Language,
): Promise<ProviderContext | undefined> {
  const settings = await pricing.findMeetingSettings(db, order.meeting_id);
  if (!settings) return undefined;
  const organizationId = await meetings.organizationOf(db, order.meeting_id);
  const account = organizationId === undefined ? undefined : await pricing.findAccount(db, organizationId);
  return { settings, account, language };
}

/**
 * How the guest can pay this order: one entry per method the meeting offers and the provider can
 * take (FPS: HKD with an FPS proxy). Nothing for an order that no longer awaits payment.
 */
export async function instructionsFor(
  db: Db,
  order: OrderRow,
  language: Language,
  configured?: ConfiguredProviders,
): Promise<PaymentInstructions[]> {
  if (order.status !== 'pending') return [];
  const context = await contextFor(db, order, language);
  if (!context) return [];
  return parseMethods(context.settings.methods)
    .map((method) => providerFor(method, configured))
    .filter((p) => p.available?.(order, context) ?? true)
    .map((p) => p.instructions(order, context));
}
