import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExportReporting } from '../../lib/export-pipeline.ts';
import { guestEditRoutes } from './guest-edit.routes.ts';
import { guestListRoutes } from './guest-list.routes.ts';
import type { GuestsService } from './guest-admin.service.ts';

/** The back office's guests: a meeting's list and export, then one guest's add, detail, edit, delete. */
export const guestsRoutes: FastifyPluginAsyncZod<{
  guests: GuestsService;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { guests, reporting, clock }) => {
  await app.register(guestListRoutes, { guests, reporting, clock });
  await app.register(guestEditRoutes, { guests });
};
