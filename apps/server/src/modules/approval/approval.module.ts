import fp from 'fastify-plugin';
import { createApplicationMail } from './applicant-mail.ts';
import { approvalRoutes } from './approval.routes.ts';
import { createApprovalService } from './approval.service.ts';
import { eraseDueRejections } from './erase-rejected.ts';
import { createSeatApproval } from './seat-side.ts';
import { createSignUpApproval } from './sign-up-side.ts';
import { createApplicationWithdrawal } from './withdraw-cancelled.ts';

/**
 * Approval (issue 45): sign-ups that wait for the secretariat, with their seat held or not; the
 * queue, decisions in bulk with a reason, the applicant told by mail, a rejected applicant's data
 * erased after the meeting's set days.
 */
export const approvalModule = fp(
  async (app) => {
    const { db, dbKind, clock, systemLog, webhooks, onSignupsChanged } = app.platform;
    const deps = {
      db,
      dbKind,
      clock,
      systemLog,
      webhooks,
      mail: app.mail.service,
      waitlist: app.guests.seatEvents.use,
      orders: app.guests.orders.use,
      onSignupsChanged,
    };
    const approval = createApprovalService(deps);
    app.registration.approval.fill(createSignUpApproval(deps));
    app.guests.applications.fill(createApplicationWithdrawal(deps));
    app.waitlist.approval.fill(createSeatApproval(deps));
    app.mail.applications.fill({ applicationMail: createApplicationMail(deps) });
    app.platform.jobs.onPass(async () => {
      await eraseDueRejections(deps);
    });
    await app.register(approvalRoutes, { approval });
  },
  { name: 'approval', dependencies: ['platform', 'registration', 'guests', 'mail', 'waitlist'] },
);
