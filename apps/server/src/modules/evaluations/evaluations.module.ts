import fp from 'fastify-plugin';
import { createPort, type Port } from '../../core/port.ts';
import { evaluationReportsRoutes } from './evaluation-reports.routes.ts';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    evaluations: EvaluationsModule;
  }
}

/** CME evaluations (issue 43): registered before certificates, which fills the presence port. */
export const evaluationsModule = fp(
  async (app) => {
    const presence = createPort<EvaluationPresence>('evaluation presence', ['eligibleGuests']);
    app.decorate('evaluations', { presence });
    app.addHook('onReady', async () => presence.assertFilled());
    await app.register(evaluationReportsRoutes, { ...app.platform, presence: presence.use });
  },
  { name: 'evaluations', dependencies: ['platform'] },
);
