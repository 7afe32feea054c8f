import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  guestOrder,
  guestOrderParams,
  guestOrders,
  payerBody,
  quote,
  quoteBody,
} from '@meetflow/shared/schemas/payments';
import { publicMeetingParams } from '@meetflow/shared/schemas/public';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { guestToken } from '../../plugins/authorization.ts';
import { guestOrders as ordersOfToken, updatePayer } from './guest-orders.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { quoteFor } from './sign-up-orders.ts';

const tags = ['public'];
const guestSecurity = [{ guestToken: [] }];

/**
 * The visitor's payment routes. Rate-limited per address like the sign-up: generous, as a venue's
 * Wi-Fi puts many guests behind one address, while one address cannot hammer the prices.
 */
export const publicPaymentsRoutes: FastifyPluginAsyncZod<{
  deps: PaymentsDeps;
  limiters: LimiterFactory;
}> = async (app, { deps, limiters }) => {
  const quoteLimit = limiters('payment_quote_ip', 120, 60);
  const ordersLimit = limiters('payment_guest_orders_ip', 600, 60);

  app.post(
    '/api/public/meetings/:publicId/quote',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "What a paid meeting's sign-up would cost now: lines, early bird, the discount code's share",
        params: publicMeetingParams,
        body: quoteBody,
        response: { 200: envelope(quote) },
      },
    },
    async (request) => {
      await quoteLimit.consume(request.ip);
      return ok(request, await quoteFor(deps, request.params.publicId, request.body));
    },
  );

  app.get(
    '/api/public/guest/orders',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The guest's orders: amounts, status, how to pay a pending one, receipts",
        security: guestSecurity,
        response: { 200: envelope(guestOrders) },
      },
    },
    async (request) => {
      await ordersLimit.consume(request.ip);
      return ok(request, await ordersOfToken(deps, guestToken(request), request.lang));
    },
  );

  app.put(
    '/api/public/guest/orders/:id/payer',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Who the receipt is made out to (the guest or an institution), before paying',
        security: guestSecurity,
        params: guestOrderParams,
        body: payerBody,
        response: { 200: envelope(guestOrder) },
      },
    },
    async (request) => {
      await ordersLimit.consume(request.ip);
      const order = await updatePayer(
        deps,
        guestToken(request),
        request.params.id,
        request.body,
        request.ip,
        request.lang,
      );
      return ok(request, order);
    },
  );
};
