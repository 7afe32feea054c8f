import fp from 'fastify-plugin';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

export const dashboardModule = fp(
  async (app) => {
    const { db, clock } = app.platform;
    await app.register(dashboardRoutes, { dashboard: createDashboardService({ db, clock }) });
  },
  { name: 'dashboard', dependencies: ['platform'] },
);
