import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { orderRefundParams, refundBody, refundResult } from '@meetflow/shared/schemas/payments';
import { ok } from '../../lib/reply.ts';
import { currentActor } from '../../plugins/authorization.ts';
import { refundOrder, type RefundsDeps } from './refunds.ts';

/** An organiser's refund of an order (refunds.ts): `payment:manage` within the user's organisations. */
export const refundsRoutes: FastifyPluginAsyncZod<{ deps: RefundsDeps }> = async (app, { deps }) => {
  app.post(
    '/api/orders/:id/refunds',
    {
      config: { auth: 'payment:manage' },
      schema: {
        tags: ['payments'],
        summary:
          'Refund an order in full or in part, with a credit note; a full refund (or `cancel`) cancels it and frees its seats',
        security: [{ bearer: [] }],
        params: orderRefundParams,
        body: refundBody,
        response: { 200: envelope(refundResult) },
      },
    },
    async (request) =>
      ok(request, await refundOrder(deps, currentActor(request), request.params.id, request.body)),
  );
};
