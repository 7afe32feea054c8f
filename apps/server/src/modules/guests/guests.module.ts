import type { CertificateState } from '@meetflow/shared/certificate-states';
import fp from 'fastify-plugin';
import { createPort, type Port } from '../../core/port.ts';
import { createFormBuilder } from './form-builder.ts';
import { guestsRoutes } from './guest-admin.routes.ts';
import { registrationFormRoutes } from './registration-form.routes.ts';
import { createGuestsService, type GuestsService } from './guest-admin.service.ts';
import type { GuestApplications, GuestOrders } from './cancel-guest.ts';
import type { SeatEvents } from './seat-events.ts';

/** Each listed guest's certificate of attendance: the certificates module answers it. */
export interface CertificateStates {
  statesOf(
    meeting: { id: number; start_at: number; end_at: number },
    guestIds: readonly number[],
  ): Promise<Map<number, CertificateState>>;
}

export interface GuestsModule {
  service: GuestsService;
  /** Freed seats, for the waiting lists to fill (meetings, dictionary and imports free seats too). */
  seatEvents: Port<SeatEvents>;
  certificateStates: Port<CertificateStates>;
  /** A cancelled guest's pending order is closed (issue 44): the payments module fills it. */
  orders: Port<GuestOrders>;
  /** A cancelled guest's pending application is withdrawn (issue 45): the approval module fills it. */
  applications: Port<GuestApplications>;
}

declare module 'fastify' {
  interface FastifyInstance {
    guests: GuestsModule;
  }
}

/** The back office's guest list. Registered before the modules that free seats or read guests. */
export const guestsModule = fp(
  async (app) => {
    const { config, db, dbKind, systemLog, webhooks, clock, notifications, reporting, onSignupsChanged } =
      app.platform;
    const seatEvents = createPort<SeatEvents>('seat events', ['seatsFreedIn', 'guestCancelledIn']);
    const certificateStates = createPort<CertificateStates>('certificate states', ['statesOf']);
    const orders = createPort<GuestOrders>('guest orders', ['guestCancellingIn']);
    const applications = createPort<GuestApplications>('guest applications', ['guestCancelledIn']);
    const guests = createGuestsService({
      db,
      dbKind,
      systemLog,
      webhooks,
      clock,
      onSignupsChanged,
      notifications,
      countCap: config.guestCountCap,
      certificateStates: certificateStates.use.statesOf,
      waitlist: seatEvents.use,
      orders: orders.use,
      applications: applications.use,
    });
    app.decorate('guests', { service: guests, seatEvents, certificateStates, orders, applications });
    app.addHook('onReady', async () => {
      seatEvents.assertFilled();
      certificateStates.assertFilled();
      orders.assertFilled();
      applications.assertFilled();
    });
    await app.register(guestsRoutes, { guests, reporting, clock });
    await app.register(registrationFormRoutes, {
      formBuilder: createFormBuilder({ db, dbKind, systemLog, webhooks, clock }),
    });
  },
  { name: 'guests', dependencies: ['platform'] },
);
