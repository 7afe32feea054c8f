import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  evaluation,
  evaluationBody,
  evaluationList,
  evaluationParams,
  meetingEvaluationsParams,
} from '@meetflow/shared/schemas/evaluations';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { EvaluationAdmin } from './evaluation-admin.ts';

const tags = ['evaluations'];
const security = [{ bearer: [] }];
/** The CME officer's permission: the evaluations decide certificates, as the rule does. */
const auth = 'certificate:manage';

/** The back office's evaluations of a meeting and its sessions. */
export const evaluationsRoutes: FastifyPluginAsyncZod<{ admin: EvaluationAdmin }> = async (
  app,
  { admin },
) => {
  app.get(
    '/api/meetings/:id/evaluations',
    {
      config: { auth },
      schema: {
        tags,
        summary: "The meeting's evaluations (its own and its sessions'), with response figures",
        security,
        params: meetingEvaluationsParams,
        response: { 200: envelope(evaluationList) },
      },
    },
    async (request) => ok(request, await admin.list(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/meetings/:id/evaluations',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'Add an evaluation of the meeting (scope 0) or of one of its sessions (version 0)',
        security,
        params: meetingEvaluationsParams,
        body: evaluationBody,
        response: { 200: envelope(evaluation) },
      },
    },
    async (request) =>
      ok(request, await admin.create(currentUser(request), request.params.id, request.body, request.ip)),
  );

  app.get(
    '/api/evaluations/:id',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'One evaluation with its questions, the keys that have answers and its figures',
        security,
        params: evaluationParams,
        response: { 200: envelope(evaluation) },
      },
    },
    async (request) => ok(request, await admin.get(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/evaluations/:id',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'Save an evaluation whole (409 when saved by someone else since `version`)',
        security,
        params: evaluationParams,
        body: evaluationBody,
        response: { 200: envelope(evaluation) },
      },
    },
    async (request) =>
      ok(request, await admin.update(currentUser(request), request.params.id, request.body, request.ip)),
  );

  app.delete(
    '/api/evaluations/:id',
    {
      config: { auth },
      schema: {
        tags,
        summary: 'Delete an evaluation nobody has answered (409 otherwise: close it instead)',
        security,
        params: evaluationParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await admin.remove(currentUser(request), request.params.id, request.ip);
      return ok(request, null);
    },
  );
};
