import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { evaluationParams, evaluationRemindResult } from '@meetflow/shared/schemas/evaluations';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { createEvaluationInvitations } from './evaluation-invitations.ts';
import type { EvaluationCertificates } from './evaluation-unlock.ts';
import type { EvaluationPresence } from './evaluations.module.ts';

/**
 * Invitations and reminders by mail (issue 43): the runner pass that sends them, the mail module's
 * `evaluations` port (what the mail says, and whether it should still go), and the organiser's
 * "remind now".
 */
export const evaluationInvitationRoutes: FastifyPluginAsyncZod<{
  presence: EvaluationPresence;
  certificates: EvaluationCertificates;
}> = async (app, { presence, certificates }) => {
  const { db, jobs, clock, systemLog } = app.platform;
  const invitations = createEvaluationInvitations({
    db,
    jobs,
    clock,
    systemLog,
    mail: app.mail.service,
    presence,
    certificates,
  });
  jobs.onPass(invitations.scan);
  app.mail.evaluations.fill({ evaluationMail: invitations.evaluationMail });

  app.post(
    '/api/evaluations/:id/remind',
    {
      config: { auth: 'certificate:manage' },
      schema: {
        tags: ['evaluations'],
        summary: 'Queue a reminder now to every invited or eligible guest who has not completed it',
        security: [{ bearer: [] }],
        params: evaluationParams,
        response: { 200: envelope(evaluationRemindResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await invitations.remind({ user: currentUser(request), ip: request.ip }, request.params.id),
      ),
  );
};
