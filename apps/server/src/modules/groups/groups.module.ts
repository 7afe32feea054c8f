import fp from 'fastify-plugin';
import { groupsRoutes } from './groups.routes.ts';
import { createGroupsService } from './groups.service.ts';

/**
 * Group bookings (issue 45): one contact registers several attendees in one submission, all seated
 * or none; the contact's page lists the group's codes.
 */
export const groupsModule = fp(
  async (app) => {
    const { config, db, dbKind, systemLog, webhooks, limiters, clock, notifications, onSignupsChanged } =
      app.platform;
    const groups = createGroupsService({
      db,
      dbKind,
      systemLog,
      webhooks,
      limiters,
      clock,
      notifications,
      onSignupsChanged,
      mail: app.mail.service,
      guests: app.guests.service,
      // A paid meeting's group pays one order (decision 0106): the payments module fills this port.
      payments: app.registration.payments.use,
      secret: await app.platform.secret('groups'),
      publicUrl: config.publicUrl,
    });
    app.mail.groups.fill({ groupMail: groups.groupMail });
    await app.register(groupsRoutes, { groups });
  },
  { name: 'groups', dependencies: ['platform', 'registration', 'mail', 'guests'] },
);
