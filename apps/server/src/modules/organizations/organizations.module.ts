import fp from 'fastify-plugin';
import { organizationRoutes } from './organizations.routes.ts';
import { createOrganizationsService } from './organizations.service.ts';

export const organizationsModule = fp(
  async (app) => {
    const { db, systemLog, clock } = app.platform;
    await app.register(organizationRoutes, {
      organizations: createOrganizationsService({ db, systemLog, clock }),
    });
  },
  { name: 'organizations', dependencies: ['platform'] },
);
