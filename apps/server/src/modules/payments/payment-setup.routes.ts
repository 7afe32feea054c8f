import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  discountCode,
  discountCodeBody,
  discountCodeList,
  meetingPaymentSetup,
  paymentAccountBody,
  paymentAccountView,
  paymentIdParams,
  paymentSettingsBody,
  priceItem,
  priceItemBody,
  priceList,
} from '@meetflow/shared/schemas/payments';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { PaymentSetup } from './payment-setup.service.ts';

const tags = ['payments'];
const security = [{ bearer: [] }];
/** Whoever follows the payments reads the setup; changing it is the payment managers'. */
const read = { auth: ['payment:view', 'payment:manage'] as const };
const manage = { auth: 'payment:manage' as const };
const params = paymentIdParams;
const actor = (request: Parameters<typeof currentUser>[0]) => ({
  user: currentUser(request),
  ip: request.ip,
});

/** The organiser's setup of a paid meeting (issue 44): settings, account, prices, discount codes. */
export const paymentSetupRoutes: FastifyPluginAsyncZod<{ setup: PaymentSetup }> = async (app, { setup }) => {
  await app.register(settingsRoutes, { setup });
  await app.register(priceRoutes, { setup });
  await app.register(codeRoutes, { setup });
};

const settingsRoutes: FastifyPluginAsyncZod<{ setup: PaymentSetup }> = async (app, { setup }) => {
  app.get(
    '/api/meetings/:id/payment-settings',
    {
      config: read,
      schema: {
        tags,
        summary: "A meeting's currency (null: free), seat hold, payment methods and transfer note",
        security,
        params,
        response: { 200: envelope(meetingPaymentSetup) },
      },
    },
    async (request) => ok(request, await setup.settings.get(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/meetings/:id/payment-settings',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save a meeting's payment settings (409 CURRENCY_LOCKED: orders fix the currency)",
        security,
        params,
        body: paymentSettingsBody,
        response: { 200: envelope(meetingPaymentSetup) },
      },
    },
    async (request) =>
      ok(request, await setup.settings.save(actor(request), request.params.id, request.body)),
  );

  app.get(
    '/api/organizations/:id/payment-account',
    {
      config: read,
      schema: {
        tags,
        summary: "An organisation's FPS proxy, bank account and receipt issuer",
        security,
        params,
        response: { 200: envelope(paymentAccountView) },
      },
    },
    async (request) => ok(request, await setup.account.get(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/organizations/:id/payment-account',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save an organisation's payment account",
        security,
        params,
        body: paymentAccountBody,
        response: { 200: envelope(paymentAccountView) },
      },
    },
    async (request) => ok(request, await setup.account.save(actor(request), request.params.id, request.body)),
  );
};

const priceRoutes: FastifyPluginAsyncZod<{ setup: PaymentSetup }> = async (app, { setup }) => {
  app.get(
    '/api/meetings/:id/prices',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A meeting's prices (retired ones too) and the registration types and sessions they may be for",
        security,
        params,
        response: { 200: envelope(priceList) },
      },
    },
    async (request) => ok(request, await setup.prices.list(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/meetings/:id/prices',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a price: a registration type, a ticket kind or a session',
        security,
        params,
        body: priceItemBody,
        response: { 200: envelope(priceItem) },
      },
    },
    async (request) =>
      ok(request, await setup.prices.create(actor(request), request.params.id, request.body)),
  );

  app.put(
    '/api/prices/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a price no order names (409 PRICE_ITEM_IN_USE otherwise: retire it)',
        security,
        params,
        body: priceItemBody,
        response: { 200: envelope(priceItem) },
      },
    },
    async (request) =>
      ok(request, await setup.prices.update(actor(request), request.params.id, request.body)),
  );

  app.post(
    '/api/prices/:id/retire',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Retire a price: no longer offered, kept for the orders that name it',
        security,
        params,
        response: { 200: envelope(priceItem) },
      },
    },
    async (request) => ok(request, await setup.prices.retire(actor(request), request.params.id)),
  );

  app.delete(
    '/api/prices/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a price no order names (409 PRICE_ITEM_IN_USE otherwise: retire it)',
        security,
        params,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await setup.prices.remove(actor(request), request.params.id);
      return ok(request, null);
    },
  );
};

const codeRoutes: FastifyPluginAsyncZod<{ setup: PaymentSetup }> = async (app, { setup }) => {
  app.get(
    '/api/meetings/:id/discount-codes',
    {
      config: read,
      schema: {
        tags,
        summary: "A meeting's discount and sponsor codes with their uses",
        security,
        params,
        response: { 200: envelope(discountCodeList) },
      },
    },
    async (request) => ok(request, await setup.codes.list(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/meetings/:id/discount-codes',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a discount code (409 DISCOUNT_CODE_TAKEN: the meeting has it already)',
        security,
        params,
        body: discountCodeBody,
        response: { 200: envelope(discountCode) },
      },
    },
    async (request) => ok(request, await setup.codes.create(actor(request), request.params.id, request.body)),
  );

  app.put(
    '/api/discount-codes/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a discount code (its maximum never below its uses)',
        security,
        params,
        body: discountCodeBody,
        response: { 200: envelope(discountCode) },
      },
    },
    async (request) => ok(request, await setup.codes.update(actor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/discount-codes/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a code nobody used (409 DISCOUNT_CODE_IN_USE otherwise: disable it)',
        security,
        params,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await setup.codes.remove(actor(request), request.params.id);
      return ok(request, null);
    },
  );
};
