import fp from 'fastify-plugin';
import { scheduleDetailRoutes } from './schedule-detail.routes.ts';
import { createScheduleDetailService } from './schedule-detail.service.ts';

export const scheduleDetailModule = fp(
  async (app) => {
    const { db, clock, reporting } = app.platform;
    await app.register(scheduleDetailRoutes, {
      scheduleDetail: createScheduleDetailService({ db, clock }),
      reporting,
      clock,
    });
  },
  { name: 'schedule-detail', dependencies: ['platform'] },
);
