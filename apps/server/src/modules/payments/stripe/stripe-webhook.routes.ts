import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { stripeWebhookReceipt } from '@meetflow/shared/schemas/payments';
import { AppError } from '../../../lib/app-error.ts';
import type { LimiterFactory } from '../../../lib/rate-limiter.ts';
import { ok } from '../../../lib/reply.ts';
import { createWebhookHandler, type WebhookParts } from './stripe-webhook.ts';

/** Stripe's events are small (a session, a charge, a refund); this is ample and bounds a forged one. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Deliveries failing the signature, per address, before it is answered 429 (Stripe retries later). */
export const WEBHOOK_LIMIT = { points: 120, seconds: 60 } as const;

/**
 * POST /api/payments/stripe/webhook: public, trusting nothing but Stripe's signature. The signature
 * is over the body's exact bytes, so this plugin alone reads JSON as raw bytes (its own scope);
 * the handler parses it after checking. 404 when the server has no Stripe keys.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  parts: Omit<WebhookParts, 'stripe' | 'webhookSecret'> & {
    stripe: WebhookParts['stripe'] | null;
    webhookSecret: string | null;
  };
  limiters: LimiterFactory;
}> = async (app, { parts, limiters }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const { stripe, webhookSecret } = parts;
  const webhook = stripe && webhookSecret ? createWebhookHandler({ ...parts, stripe, webhookSecret }) : null;
  // Counts an address's deliveries that fail the signature.
  const forgeries = limiters('stripe_webhook_ip', WEBHOOK_LIMIT.points, WEBHOOK_LIMIT.seconds);

  app.post(
    '/api/payments/stripe/webhook',
    {
      config: { auth: 'public' },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary:
          "Stripe's events (Stripe-Signature header over the raw JSON body): a Checkout payment confirmed, a refund recorded; redeliveries and other types change nothing",
        response: { 200: envelope(stripeWebhookReceipt) },
      },
    },
    async (request) => {
      if (!webhook) throw new AppError('NOT_FOUND');
      const body = request.body;
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        if (!Buffer.isBuffer(body)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
        event = webhook.verified(body, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        // Only a failed signature counts: a burst of genuine deliveries (hundreds at once when a
        // meeting opens) never meets the limit, while one address cannot forge without end.
        await forgeries.consume(request.ip);
        throw error;
      }
      await webhook.handle(event, request.ip);
      return ok(request, { received: true as const });
    },
  );
};
