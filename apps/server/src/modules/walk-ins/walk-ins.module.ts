import fp from 'fastify-plugin';
import { walkInsRoutes } from './walk-ins.routes.ts';
import { createWalkInsService } from './walk-ins.service.ts';

/**
 * Walk-ins at the door (issue 45): door staff with `guest:walk_in` register an unregistered visitor
 * at the station with the meeting's "ask at the door" fields and check them in at once; an offline
 * station queues the walk-in with its scan.
 */
export const walkInsModule = fp(
  async (app) => {
    const { db, systemLog, clock, webhooks, live, notifications, onSignupsChanged } = app.platform;
    const walkIns = createWalkInsService({
      db,
      systemLog,
      clock,
      webhooks,
      notifications,
      onSignupsChanged,
      onRecorded: (scope) => live.publish(scope),
    });
    await app.register(walkInsRoutes, { walkIns });
  },
  {
    name: 'walk-ins',
    dependencies: ['platform', 'guests', 'attendance'],
  },
);
