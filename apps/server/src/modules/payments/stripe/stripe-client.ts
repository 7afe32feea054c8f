import type Stripe from 'stripe';
import type { Config } from '../../../config.ts';

/**
 * The official library, configured from the environment: null when Stripe is not (no keys), and the
 * method is then not offered. STRIPE_API_URL points it at another address (the tests' stand-in).
 * The API version is the one this library's types describe (the webhook reads only fields that
 * older versions' events carry alike: ids, metadata, amounts, statuses). The library is loaded only
 * then: ~9 MB and up to a few hundred milliseconds of every start that a server without Stripe
 * never pays.
 */
export async function createStripeClient(config: Pick<Config, 'stripe'>): Promise<Stripe | null> {
  if (!config.stripe) return null;
  const { secretKey, api } = config.stripe;
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(secretKey, {
    apiVersion: StripeClient.API_VERSION,
    // A lost answer is asked again with the same idempotency key: Stripe replays it, never doubles it.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'MeetFlow' },
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });
}

/** The id of an expandable field (a payment intent given as its id or as the object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
