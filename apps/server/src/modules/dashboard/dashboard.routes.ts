import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuery, envelope, meetingDashboard, meetingIdParams } from '@meetflow/shared';
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
};
