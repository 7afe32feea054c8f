import fp from 'fastify-plugin';
import { meetingDisplayRoutes } from './meeting-display.routes.ts';
import { createMeetingDisplayService } from './meeting-display.service.ts';

export const meetingDisplayModule = fp(
  async (app) => {
    const { db, systemLog } = app.platform;
    await app.register(meetingDisplayRoutes, {
      meetingDisplay: createMeetingDisplayService({ db, systemLog }),
    });
  },
  { name: 'meeting-display', dependencies: ['platform'] },
);
