import fp from 'fastify-plugin';
import { createPort, type Port } from '../../core/port.ts';
import type { SeatApproval } from './seat-approval.ts';
import type { SeatPayments } from './seat-payments.ts';
import type { VisitorPages } from './visitor-pages.ts';
import { createWaitlistCore } from './waitlist-core.ts';
import { waitlistRoutes } from './waitlist.routes.ts';
import { createWaitlistService, type WaitlistService } from './waitlist.service.ts';

export interface WaitlistModule {
  service: WaitlistService;
  visitorPages: Port<VisitorPages>;
  /** A guest seated from a paid meeting's list owes an order (issue 44): payments fills it. */
  payments: Port<SeatPayments>;
  /** A place awaiting approval is seated with its application (issue 45): approval fills it. */
  approval: Port<SeatApproval>;
}

declare module 'fastify' {
  interface FastifyInstance {
    waitlist: WaitlistModule;
  }
}

/** The waiting lists: answers the guests module's seat events and the mail module's offers. */
export const waitlistModule = fp(
  async (app) => {
    const { config, db, dbKind, clock, systemLog, jobs, webhooks, reporting, limiters } = app.platform;
    const mail = app.mail.service;
    const visitorPages = createPort<VisitorPages>('waitlist visitor pages', [
      'authenticated',
      'assertEnrollable',
      'viewOf',
      'openGuestPage',
    ]);
    const payments = createPort<SeatPayments>('waitlist payments', ['guestSeatedIn']);
    const approval = createPort<SeatApproval>('waitlist approval', ['placeSeatedIn']);
    const waitlist = createWaitlistService({
      db,
      clock,
      core: createWaitlistCore({
        db,
        dbKind,
        clock,
        systemLog,
        jobs,
        mail,
        webhooks,
        payments: payments.use,
        approval: approval.use,
      }),
      signingSecret: await app.platform.secret('waitlist'),
      publicUrl: config.publicUrl,
      mail,
      onSignupsChanged: app.platform.onSignupsChanged,
    });
    app.guests.seatEvents.fill(waitlist);
    app.mail.offers.fill(waitlist);
    app.decorate('waitlist', { service: waitlist, visitorPages, payments, approval });
    app.addHook('onReady', async () => {
      visitorPages.assertFilled();
      payments.assertFilled();
      approval.assertFilled();
    });
    await app.register(waitlistRoutes, {
      waitlist,
      registration: visitorPages.use,
      guests: visitorPages.use,
      reporting,
      limiters,
      clock,
    });
  },
  { name: 'waitlist', dependencies: ['platform', 'guests', 'mail'] },
);
