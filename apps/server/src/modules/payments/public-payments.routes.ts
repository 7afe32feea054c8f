import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { quote, quoteBody } from '@meetflow/shared/schemas/payments';
import { publicMeetingParams } from '@meetflow/shared/schemas/public';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { quoteFor } from './sign-up-orders.ts';

const tags = ['public'];

/**
 * The visitor's payment routes. Rate-limited per address like the sign-up: generous, as a venue's
 * Wi-Fi puts many guests behind one address, while one address cannot hammer the prices.
 */
export const publicPaymentsRoutes: FastifyPluginAsyncZod<{
  deps: PaymentsDeps;
  limiters: LimiterFactory;
}> = async (app, { deps, limiters }) => {
  const quoteLimit = limiters('payment_quote_ip', 120, 60);

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
};
