import fp from 'fastify-plugin';
import { userRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** User accounts; session revocation comes from the auth module, which depends on users, not the reverse. */
export const usersModule = fp(
  async (app) => {
    const { db, systemLog, clock } = app.platform;
    const { revokeUserSessions } = app.auth;
    await app.register(userRoutes, {
      users: createUsersService({ db, systemLog, clock, revokeUserSessions }),
    });
  },
  { name: 'users', dependencies: ['platform', 'auth'] },
);
