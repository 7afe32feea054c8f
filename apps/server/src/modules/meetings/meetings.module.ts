import fp from 'fastify-plugin';
import { meetingsRoutes } from './meetings.routes.ts';
import { createMeetingsService } from './meetings.service.ts';

/** Meetings; a raised limit frees seats, told through the guests module's seat events. */
export const meetingsModule = fp(
  async (app) => {
    const { db, systemLog, clock, webhooks } = app.platform;
    const waitlist = app.guests.seatEvents.use;
    await app.register(meetingsRoutes, {
      meetings: createMeetingsService({ db, systemLog, clock, waitlist, webhooks }),
    });
  },
  { name: 'meetings', dependencies: ['platform', 'guests'] },
);
