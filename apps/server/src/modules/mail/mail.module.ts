import fp from 'fastify-plugin';
import { createPort, type Port } from '../../core/port.ts';
import { createGuestConfirmation } from './guest-confirmation.ts';
import { createMailTransport } from './mail-transport.ts';
import { mailRoutes } from './mail.routes.ts';
import {
  createMailService,
  type CertificateFile,
  type EvaluationMail,
  type MailService,
  type ReceiptMail,
  type GroupMail,
  type ApplicationMail,
  type InvitationMail,
  type WaitlistOfferMail,
} from './mail.service.ts';

/*
 * What mail asks, at send time, of modules registered after it (they need mail themselves): each
 * fills its port once when it registers.
 */
/** A certificate's PDF for its mail (the certificates module). */
export interface MailCertificates {
  pdfForMail(guestId: number): Promise<CertificateFile | null>;
}
/** A waiting list's offer as its mail tells it (the waitlist module). */
export interface MailOffers {
  offerForMail(entryId: number, offeredAt: number): Promise<WaitlistOfferMail | null>;
}
/** An evaluation as its invitation and reminder tell it (the evaluations module). */
export interface MailEvaluations {
  evaluationMail(evaluationId: number, guestId: number): Promise<EvaluationMail | null>;
}
/** A receipt or credit note as its mail carries it (the payments module). */
export interface MailReceipts {
  receiptMail(receiptId: number, guestId: number): Promise<ReceiptMail | null>;
}
/** A group contact's mail (the groups module, issue 45). */
export interface MailGroups {
  groupMail(groupId: number): Promise<GroupMail | null>;
}
/** An applicant's mail (the approval module, issue 45). */
export interface MailApplications {
  applicationMail(applicationId: number): Promise<ApplicationMail | null>;
}
/** A personal invitation's mail (the invitations module, issue 45). */
export interface MailInvitations {
  invitationMail(invitationId: number): Promise<InvitationMail | null>;
}
/** The guest behind a guest token, for the confirmation resend (the registration module). */
export interface MailVisitors {
  identify(token: string | undefined): Promise<{ guestId: number; meetingId: number }>;
}

export interface MailModule {
  service: MailService;
  certificates: Port<MailCertificates>;
  offers: Port<MailOffers>;
  visitors: Port<MailVisitors>;
  evaluations: Port<MailEvaluations>;
  receipts: Port<MailReceipts>;
  groups: Port<MailGroups>;
  applications: Port<MailApplications>;
  invitations: Port<MailInvitations>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailModule;
  }
}

export const mailModule = fp(
  async (app) => {
    const { config, db, dbKind, jobs, clock, systemLog, limiters } = app.platform;
    const transport = config.smtpUrl ? createMailTransport(config.smtpUrl, config.mailFrom) : undefined;
    const certificates = createPort<MailCertificates>('mail certificates', ['pdfForMail']);
    const offers = createPort<MailOffers>('mail offers', ['offerForMail']);
    const visitors = createPort<MailVisitors>('mail visitors', ['identify']);
    const evaluations = createPort<MailEvaluations>('mail evaluations', ['evaluationMail']);
    const receipts = createPort<MailReceipts>('mail receipts', ['receiptMail']);
    const groups = createPort<MailGroups>('mail groups', ['groupMail']);
    const applications = createPort<MailApplications>('mail applications', ['applicationMail']);
    const invitations = createPort<MailInvitations>('mail invitations', ['invitationMail']);
    const mail = createMailService({
      db,
      dbKind,
      jobs,
      clock,
      systemLog,
      limiters,
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
      transport,
      guests: app.guests.service,
      signingSecret: await app.platform.secret('mail'),
      broadcastPerMinute: config.broadcastPerMinute,
      certificatePdf: certificates.use.pdfForMail,
      waitlistOffer: offers.use.offerForMail,
      evaluationMail: evaluations.use.evaluationMail,
      receiptMail: receipts.use.receiptMail,
      groupMail: groups.use.groupMail,
      applicationMail: applications.use.applicationMail,
      invitationMail: invitations.use.invitationMail,
    });
    app.platform.closeAfterJobs(() => mail.close());
    app.platform.closeAfterJobs(() => transport?.close());
    app.decorate('mail', {
      service: mail,
      certificates,
      offers,
      visitors,
      evaluations,
      receipts,
      groups,
      applications,
      invitations,
    });
    app.addHook('onReady', async () => {
      certificates.assertFilled();
      offers.assertFilled();
      visitors.assertFilled();
      evaluations.assertFilled();
      receipts.assertFilled();
      groups.assertFilled();
      applications.assertFilled();
      invitations.assertFilled();
    });
    const confirmation = createGuestConfirmation({
      db,
      jobs,
      clock,
      systemLog,
      limiters,
      mailServerConfigured: transport !== undefined,
      identify: visitors.use.identify,
    });
    await app.register(mailRoutes, { mail, confirmation });
  },
  { name: 'mail', dependencies: ['platform', 'guests'] },
);
