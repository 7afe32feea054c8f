import fp from 'fastify-plugin';
import { createPort, type Port } from '../../core/port.ts';
import { createEvaluationAdmin } from './evaluation-admin.ts';
import { evaluationReportsRoutes } from './evaluation-reports.routes.ts';
import type { EvaluationCertificates } from './evaluation-unlock.ts';
import { evaluationInvitationRoutes } from './evaluation-invitations.routes.ts';
import { evaluationsRoutes } from './evaluations.routes.ts';
import { createGuestEvaluations } from './guest-evaluations.ts';
import { guestEvaluationsRoutes } from './guest-evaluations.routes.ts';
import { createResponseShuffle } from './response-shuffle.ts';

/**
 * Who may answer an evaluation: the guests who met the presence rule of its scope, as certificates
 * compute it from the scan log. The certificates module answers it (it owns the rule and the
 * presence figures); this module only asks.
 */
export interface EvaluationPresence {
  /**
   * The live guests of the meeting (all, or those listed) who met the presence rule of the scope:
   * scope 0, the meeting's certificate rule by presence alone (evaluations aside); a session, at
   * least the rule's `session_min_minutes` present in it.
   */
  eligibleGuests(meetingId: number, scopeId: number, guestIds?: readonly number[]): Promise<number[]>;
}

export interface EvaluationsModule {
  presence: Port<EvaluationPresence>;
  /** The certificate rule's evaluation switches and a guest's certificate (evaluation-unlock.ts). */
  certificates: Port<EvaluationCertificates>;
}

declare module 'fastify' {
  interface FastifyInstance {
    evaluations: EvaluationsModule;
  }
}

/** CME evaluations (issue 43): registered before certificates, which fills both ports. */
export const evaluationsModule = fp(
  async (app) => {
    const presence = createPort<EvaluationPresence>('evaluation presence', ['eligibleGuests']);
    const certificates = createPort<EvaluationCertificates>('evaluation certificates', [
      'requiredEvaluationIds',
      'unlocked',
    ]);
    app.decorate('evaluations', { presence, certificates });
    app.addHook('onReady', async () => {
      presence.assertFilled();
      certificates.assertFilled();
    });
    const { db, dbKind, clock, systemLog, jobs, limiters } = app.platform;
    jobs.onPass(createResponseShuffle({ db, dbKind, clock }));
    await app.register(evaluationsRoutes, {
      admin: createEvaluationAdmin({ db, dbKind, clock, systemLog, presence: presence.use }),
    });
    await app.register(guestEvaluationsRoutes, {
      evaluations: createGuestEvaluations({
        db,
        clock,
        presence: presence.use,
        visitors: app.registration.visitorGuests,
        certificates: certificates.use,
      }),
      limiters,
    });
    await app.register(evaluationInvitationRoutes, {
      presence: presence.use,
      certificates: certificates.use,
    });
    await app.register(evaluationReportsRoutes, { ...app.platform, presence: presence.use });
  },
  { name: 'evaluations', dependencies: ['platform', 'registration', 'mail'] },
);
