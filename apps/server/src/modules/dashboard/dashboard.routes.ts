import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardArrivals, dashboardQuery, meetingDashboard } from '@meetflow/shared/schemas/attendance';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { meetingIdParams } from '@meetflow/shared/schemas/meetings';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/api/meetings/:id/dashboard',
    {
      config: { auth: 'dashboard:view' },
      schema: {
        tags: ['dashboard'],
        summary: "A meeting's sign-ups per day, arrivals per 10 minutes of a day, and today's figures",
        security: [{ bearer: [] }],
        params: meetingIdParams,
        querystring: dashboardQuery,
        response: { 200: envelope(meetingDashboard) },
      },
    },
    async (request) =>
      ok(request, await dashboard.get(currentUser(request), request.params.id, request.query)),
  );

  app.get(
    '/api/meetings/:id/dashboard/arrivals',
    {
      config: { auth: 'dashboard:view' },
      schema: {
        tags: ['dashboard'],
        summary: 'The arrival curve of a day alone, per 10 minutes (what an open dashboard refetches)',
        security: [{ bearer: [] }],
        params: meetingIdParams,
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardArrivals) },
      },
    },
    async (request) =>
      ok(request, await dashboard.arrivals(currentUser(request), request.params.id, request.query)),
  );
};
