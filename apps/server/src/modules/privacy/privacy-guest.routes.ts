import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { guestIdParams } from '@meetflow/shared/schemas/guests';
import { guestPersonalData } from '@meetflow/shared/schemas/privacy';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { PrivacyService } from './privacy.service.ts';

const tags = ['privacy'];
const security = [{ bearer: [] }];

/** A guest's rights handled by the back office on their request: their data, their withdrawal. */
export const privacyGuestRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (
  app,
  { privacy },
) => {
  app.get(
    '/api/guests/:id/personal-data',
    {
      config: { auth: 'guest:export' },
      schema: {
        tags,
        summary: "A guest's own data as they would download it (on their request)",
        security,
        params: guestIdParams,
        response: { 200: envelope(guestPersonalData) },
      },
    },
    async (request) =>
      ok(request, await privacy.guestData(currentUser(request), request.params.id, request.ip)),
  );

  app.post(
    '/api/guests/:id/withdraw',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Withdraw a guest on their request: seats freed, their personal data erased',
        security,
        params: guestIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await privacy.withdrawGuest(currentUser(request), request.params.id, request.ip);
      return ok(request, null);
    },
  );
};
