import fp from 'fastify-plugin';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';

export const profileModule = fp(
  async (app) => {
    const { db, systemLog, clock } = app.platform;
    await app.register(profileRoutes, { profile: createProfileService({ db, systemLog, clock }) });
  },
  { name: 'profile', dependencies: ['platform'] },
);
