import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { stripeCheckoutParams, stripeCheckout } from '@meetflow/shared/schemas/payments';
import { ok } from '../../../lib/reply.ts';
import { guestToken } from '../../../plugins/authorization.ts';
import type { VisitorGuestService } from '../../registration/visitor-guest.service.ts';
import type { PaymentsDeps } from '../payments-deps.ts';
import { guestPayer, type StartCheckout } from './checkout.ts';

/** The guest's way to Stripe's hosted page for one pending order (X-Guest-Token; rate-limited). */
export const stripeCheckoutRoutes: FastifyPluginAsyncZod<{
  startCheckout: StartCheckout;
  deps: PaymentsDeps;
  visitors: Pick<VisitorGuestService, 'authenticated'>;
}> = async (app, { startCheckout, deps, visitors }) => {
  app.post(
    '/api/public/guest/orders/:id/checkout',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary:
          "Stripe's hosted page to pay this pending order by card, Alipay or WeChat Pay; the order is paid only when Stripe's signed webhook says so",
        security: [{ guestToken: [] }],
        params: stripeCheckoutParams,
        response: { 200: envelope(stripeCheckout) },
      },
    },
    async (request) =>
      ok(
        request,
        await startCheckout({
          payer: guestPayer(deps, visitors, guestToken(request), request.params.id),
          language: request.lang,
          ip: request.ip,
        }),
      ),
  );
};
