import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  evaluationAnswerBody,
  evaluationAnswerResult,
  evaluationParams,
  publicEvaluation,
  publicEvaluationList,
} from '@meetflow/shared/schemas/evaluations';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { guestToken } from '../../plugins/authorization.ts';
import type { GuestEvaluations } from './guest-evaluations.ts';

const tags = ['public'];
const guestSecurity = [{ guestToken: [] }];

/**
 * The guest's evaluations (X-Guest-Token, as the guest page). Rate-limited per address: generous,
 * a venue's Wi-Fi puts a hall of guests answering at the end of a session behind one address.
 */
export const guestEvaluationsRoutes: FastifyPluginAsyncZod<{
  evaluations: GuestEvaluations;
  limiters: LimiterFactory;
}> = async (app, { evaluations, limiters }) => {
  const readLimit = limiters('evaluation_read_ip', 600, 60);
  const answerLimit = limiters('evaluation_answer_ip', 120, 60);

  app.get(
    '/api/public/guest/evaluations',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The evaluations the guest may answer or has answered, with each one's status",
        security: guestSecurity,
        response: { 200: envelope(publicEvaluationList) },
      },
    },
    async (request) => {
      await readLimit.consume(request.ip);
      return ok(request, await evaluations.list(guestToken(request), request.lang));
    },
  );

  app.get(
    '/api/public/evaluations/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "An evaluation's questions for the guest, without the quiz's correct answers",
        security: guestSecurity,
        params: evaluationParams,
        response: { 200: envelope(publicEvaluation) },
      },
    },
    async (request) => {
      await readLimit.consume(request.ip);
      return ok(request, await evaluations.get(guestToken(request), request.params.id, request.lang));
    },
  );

  app.post(
    '/api/public/evaluations/:id/answers',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Answer an evaluation once (409 when already answered, 403 when presence was not met)',
        security: guestSecurity,
        params: evaluationParams,
        body: evaluationAnswerBody,
        response: { 200: envelope(evaluationAnswerResult) },
      },
    },
    async (request) => {
      await answerLimit.consume(request.ip);
      return ok(
        request,
        await evaluations.answer(guestToken(request), request.params.id, request.body.answers, request.lang),
      );
    },
  );
};
