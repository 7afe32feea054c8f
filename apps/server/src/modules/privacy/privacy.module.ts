import fp from 'fastify-plugin';
import { truncateWalAfterErasure } from '../../db/database.ts';
import { privacyRoutes } from './privacy.routes.ts';
import { createPrivacyService } from './privacy.service.ts';

/** Personal data: copies, withdrawal, retention purges and notices. */
export const privacyModule = fp(
  async (app) => {
    const { config, db, clock, systemLog, jobs, notifications, limiters } = app.platform;
    const privacy = createPrivacyService({
      db,
      clock,
      systemLog,
      jobs,
      notifications,
      guests: app.guests.service,
      visitorGuests: app.registration.visitorGuests,
      logRetentionDays: config.logRetentionDays,
      truncateWal: (stop) => truncateWalAfterErasure(db, stop),
      log: app.log,
    });
    privacy.register();
    app.addHook('onClose', () => privacy.close());
    await app.register(privacyRoutes, { privacy, limiters });
  },
  { name: 'privacy', dependencies: ['platform', 'guests', 'registration'] },
);
