import fp from 'fastify-plugin';
import { guestImportRoutes } from './guest-import.routes.ts';
import { dropHalfReadImports } from './half-read-imports.ts';
import { createGuestImports } from './guest-import.service.ts';
import { scheduleImportRoutes } from './schedule-import.routes.ts';
import { createScheduleImports } from './schedule-import.service.ts';

/** Guest and schedule imports from spreadsheets; the job runner's passes drop half-read guest files. */
export const importsModule = fp(
  async (app) => {
    const { config, db, dbKind, clock, systemLog, jobs, notifications, webhooks, reporting } = app.platform;
    const guestImports = createGuestImports({
      db,
      dbKind,
      clock,
      systemLog,
      jobs,
      mail: app.mail.service,
      notifications,
      onSignupsChanged: app.platform.onSignupsChanged,
      batchRows: config.importBatchRows,
      webhooks,
    });
    jobs.onPass(async () => {
      await dropHalfReadImports({ db, clock });
    });
    await app.register(guestImportRoutes, { guestImports, reporting, clock });
    const waitlist = app.guests.seatEvents.use;
    await app.register(scheduleImportRoutes, {
      scheduleImports: createScheduleImports({ db, dbKind, clock, systemLog, waitlist }),
    });
  },
  { name: 'imports', dependencies: ['platform', 'guests', 'mail'] },
);
