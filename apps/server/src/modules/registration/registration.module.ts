import fp from 'fastify-plugin';
import { createPort, type Port } from '../../core/port.ts';
import { registrationRoutes } from './registration.routes.ts';
import { createRegistrationService, type RegistrationService } from './registration.service.ts';
import type { SignUpApproval, SignUpInvitations, SignUpMembers } from './sign-up-admission.ts';
import type { SignUpPayments } from './sign-up-payments.ts';
import { createVisitorGuestService, type VisitorGuestService } from './visitor-guest.service.ts';

export interface RegistrationModule {
  service: RegistrationService;
  /** The visitor's own guest page, by guest token (privacy and certificates read who holds it). */
  visitorGuests: VisitorGuestService;
  /** A paid meeting's prices and orders at sign-up (issue 44): the payments module fills it. */
  payments: Port<SignUpPayments>;
  /** Invitation codes at sign-up (issue 45): the invitations module fills it. */
  invitations: Port<SignUpInvitations>;
  /** The organisation's member list at sign-up (issue 45): the members module fills it. */
  members: Port<SignUpMembers>;
  /** Sign-ups that wait for approval (issue 45): the approval module fills it. */
  approval: Port<SignUpApproval>;
}

declare module 'fastify' {
  interface FastifyInstance {
    registration: RegistrationModule;
  }
}

/** Sign-up, look-up and the guest page; answers the waiting lists' and mail's visitor ports. */
export const registrationModule = fp(
  async (app) => {
    const { db, dbKind, systemLog, webhooks, limiters, clock, notifications, onSignupsChanged } =
      app.platform;
    const mail = app.mail.service;
    const waitlist = app.waitlist.service;
    const payments = createPort<SignUpPayments>('sign-up payments', [
      'pricingOf',
      'price',
      'openOrderIn',
      'openGroupOrderIn',
      'groupOrderOf',
      'groupCheckout',
    ]);
    const invitations = createPort<SignUpInvitations>('sign-up invitations', ['find', 'redeemIn']);
    const members = createPort<SignUpMembers>('sign-up members', ['match']);
    const approval = createPort<SignUpApproval>('sign-up approval', [
      'applyIn',
      'ofToken',
      'ofPhone',
      'mailPending',
    ]);
    app.addHook('onReady', async () => {
      payments.assertFilled();
      invitations.assertFilled();
      members.assertFilled();
      approval.assertFilled();
    });
    const visitorGuests = createVisitorGuestService({
      db,
      approval: approval.use,
      webhooks,
      clock,
      notifications,
      onSignupsChanged,
      mail,
      waitlist,
    });
    const registration = createRegistrationService({
      db,
      dbKind,
      log: app.log,
      systemLog,
      webhooks,
      limiters,
      clock,
      counters: app.platform.metrics.counters,
      notifications,
      onSignupsChanged,
      mail,
      waitlist,
      payments: payments.use,
      invitations: invitations.use,
      members: members.use,
      approval: approval.use,
    });
    app.waitlist.visitorPages.fill({
      authenticated: visitorGuests.authenticated,
      assertEnrollable: visitorGuests.assertEnrollable,
      viewOf: visitorGuests.viewOf,
      openGuestPage: registration.openGuestPage,
    });
    app.mail.visitors.fill(visitorGuests);
    app.decorate('registration', {
      service: registration,
      visitorGuests,
      payments,
      invitations,
      members,
      approval,
    });
    await app.register(registrationRoutes, { registration, guests: visitorGuests });
  },
  { name: 'registration', dependencies: ['platform', 'mail', 'waitlist'] },
);
