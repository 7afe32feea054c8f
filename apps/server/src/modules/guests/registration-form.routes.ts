import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { registrationForm, registrationFormBody } from '@meetflow/shared/schemas/forms';
import { meetingGuestsParams } from '@meetflow/shared/schemas/guests';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { FormBuilder } from './form-builder.ts';

const tags = ['meetings'];
const security = [{ bearer: [] }];

/** A meeting's own registration form: read and replace it whole (the builder). */
export const registrationFormRoutes: FastifyPluginAsyncZod<{ formBuilder: FormBuilder }> = async (
  app,
  { formBuilder },
) => {
  app.get(
    '/api/meetings/:id/form',
    {
      config: { auth: 'meeting:view' },
      schema: {
        tags,
        summary: "The meeting's own form fields, their version and the keys that have answers",
        security,
        params: meetingGuestsParams,
        response: { 200: envelope(registrationForm) },
      },
    },
    async (request) => ok(request, await formBuilder.get(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/meetings/:id/form',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary: "Replace the meeting's own form fields (409 when saved by someone else since `version`)",
        security,
        params: meetingGuestsParams,
        body: registrationFormBody,
        response: { 200: envelope(registrationForm) },
      },
    },
    async (request) =>
      ok(
        request,
        await formBuilder.update(currentUser(request), request.params.id, request.body, request.ip),
      ),
  );
};
