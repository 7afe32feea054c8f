import fp from 'fastify-plugin';
import { dictionaryRoutes } from './dictionary.routes.ts';

/** Meeting times, sessions, registration types and dictionaries; freed seats go out as seat events. */
export const dictionaryModule = fp(
  async (app) => {
    const { db, systemLog, clock } = app.platform;
    await app.register(dictionaryRoutes, { db, systemLog, clock, waitlist: app.guests.seatEvents.use });
  },
  { name: 'dictionary', dependencies: ['platform', 'guests'] },
);
