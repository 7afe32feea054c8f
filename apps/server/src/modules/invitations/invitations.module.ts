import fp from 'fastify-plugin';
import { invitationsRoutes } from './invitations.routes.ts';
import { createInvitations } from './invitations.service.ts';
import { createInviteeSeats } from './invitee-seats.ts';
import { createPersonalInvitations } from './personal-invitations.ts';
import { createSignUpInvitations } from './redeem.ts';

/**
 * Invitations (issue 45): codes for one or many uses, tied to a registration type, drawing on the
 * seats reserved for invitees or past the limit; personal invitation links mailed to a list.
 * Fills the sign-up's port `app.registration.invitations`.
 */
export const invitationsModule = fp(
  async (app) => {
    const { config, db, clock, systemLog, webhooks, limiters, onSignupsChanged } = app.platform;
    app.registration.invitations.fill(createSignUpInvitations({ db, systemLog, webhooks }));
    const invitations = createInvitations({ db, clock, systemLog });
    const seats = createInviteeSeats({ db, clock, systemLog, onSignupsChanged });
    const personal = createPersonalInvitations({
      db,
      clock,
      systemLog,
      mail: app.mail.service,
      publicUrl: config.publicUrl,
      mailPerUser: limiters('invitation_mail_user', 20, 600),
    });
    app.mail.invitations.fill({ invitationMail: personal.invitationMail });
    await app.register(invitationsRoutes, { invitations, seats, personal, limiters });
  },
  { name: 'invitations', dependencies: ['platform', 'registration', 'mail'] },
);
