import type { FastifyPluginAsync } from 'fastify';
import { createCollegeCategoriesService } from './college-categories.service.ts';
import { collegeCategoriesRoutes } from './college-categories.routes.ts';
import type { DictionaryDeps } from './dictionary-context.ts';
import { createDictionaryEntriesService } from './dictionary-entries.service.ts';
import { dictionaryEntriesRoutes } from './dictionary-entries.routes.ts';
import { createMeetingTimesService } from './meeting-times.service.ts';
import { meetingTimesRoutes } from './meeting-times.routes.ts';
import { createSchedulesService } from './schedules.service.ts';
import { schedulesRoutes } from './schedules.routes.ts';
import { createUserTypesService } from './user-types.service.ts';
import { userTypesRoutes } from './user-types.routes.ts';

/**
 * The data dictionary (spec §2, §3, §5): meeting times, sessions, user types and the guest–schedule
 * map, college categories and generic entries. Reads need dictionary:view, writes dictionary:edit.
 */
export const dictionaryRoutes: FastifyPluginAsync<DictionaryDeps> = async (app, deps) => {
  await app.register(meetingTimesRoutes, { meetingTimes: createMeetingTimesService(deps) });
  await app.register(schedulesRoutes, { schedules: createSchedulesService(deps) });
  await app.register(userTypesRoutes, { userTypes: createUserTypesService(deps) });
  await app.register(collegeCategoriesRoutes, { collegeCategories: createCollegeCategoriesService(deps) });
  await app.register(dictionaryEntriesRoutes, { dictionaryEntries: createDictionaryEntriesService(deps) });
};
