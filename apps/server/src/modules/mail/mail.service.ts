import type { DatabaseKind, Db } from '../../db/database.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { broadcastTextsReader } from './broadcast-jobs.ts';
import { createGuestMessages } from './guest-messages.ts';
import { createLoginCodes } from './login-codes.ts';
import { createBroadcasts } from './mail-broadcasts.ts';
import { createMailComposer } from './mail-compose.ts';
import { registerReminders } from './mail-reminders.ts';
import { createMailSettings } from './mail-settings.ts';
import type { MailTransport } from './mail-transport.ts';
import {
  queueCertificates,
  queueConfirmationAgain,
  forgetApplicationMails,
  queueApplicationMail,
  queueGroupLink,
  queueInvitation,
  queueEnrolmentUpdate,
  queueEvaluationMails,
  queuePendingConfirmations,
  queueReceiptMail,
  queueWaitlistOffer,
} from './queue-mail.ts';
import { sendMailJob } from './send-mail.ts';

export { CODE_MAIL_LIMITS } from './login-codes.ts';
export { CERTIFICATE_NOT_VALID } from './send-mail.ts';

/** A certificate of attendance as the certificates module makes it, attached to the guest's mail. */
export interface CertificateFile {
  fileName: string;
  content: Uint8Array;
}

export interface MailDeps {
  db: Db;
  dbKind: DatabaseKind;
  jobs: Jobs;
  clock: () => number;
  systemLog: SystemLog;
  limiters: LimiterFactory;
  publicUrl: string;
  /** The sender address (MAIL_FROM): the ORGANIZER of calendar invitations. */
  mailFrom: string;
  /** Unset: no mail server configured; messages wait in the outbox. */
  transport: MailTransport | undefined;
  /** A broadcast's recipients: the guest list's filters, applied by the guest core. */
  guests: Pick<GuestsService, 'matchingGuestIds'>;
  /** Signs unsubscribe links and derives login codes (an app secret shared by every instance). */
  signingSecret: string;
  /** Broadcast messages are spread over time at this rate (the whole deployment's, not per instance). */
  broadcastPerMinute: number;
  /**
   * The guest's certificate of attendance, asked for when their `certificate` mail is sent (the
   * certificates module, through mail.module.ts): null when it is no longer valid — revoked since the mail was
   * queued — and the mail is then skipped with CERTIFICATE_NOT_VALID. Unset: every such mail is skipped.
   */
  certificatePdf?: (guestId: number) => Promise<CertificateFile | null>;
  /**
   * An offer from a waiting list as its mail tells it (the waitlist module, through mail.module.ts), asked for
   * when the mail is sent: null when it is no longer open (accepted, declined, lapsed) and the mail is
   * skipped. The recipient may not be a guest yet (the meeting's own list).
   */
  waitlistOffer?: (entryId: number, offeredAt: number) => Promise<WaitlistOfferMail | null>;
  /** A group's contact mail (issue 45), asked for when it is sent: null once the group is erased. */
  groupMail?: (groupId: number) => Promise<GroupMail | null>;
  /** An applicant's mail (issue 45), asked for when it is sent: null once the application is erased. */
  applicationMail?: (applicationId: number) => Promise<ApplicationMail | null>;
  /** A personal invitation's mail (issue 45), asked for when it is sent: null once used, deleted or erased. */
  invitationMail?: (invitationId: number) => Promise<InvitationMail | null>;
  /**
   * An evaluation as its invitation or reminder tells it (the evaluations module, through mail.module.ts),
   * asked for when the mail is sent: null when it no longer takes this guest's answer (closed, past
   * its last day, completed) and the mail is skipped.
   */
  evaluationMail?: (evaluationId: number, guestId: number) => Promise<EvaluationMail | null>;
  /**
   * A receipt or credit note as its mail carries it (the payments module, through mail.module.ts),
   * drawn when the mail is sent from what the receipt froze: null when it is not this guest's.
   */
  receiptMail?: (receiptId: number, guestId: number) => Promise<ReceiptMail | null>;
}

/** A receipt's PDF and what the mail says of it: its number and the amount with its currency. */
export interface ReceiptMail {
  number: string;
  amount: string;
  fileName: string;
  content: Uint8Array;
}

/** What an evaluation's mail says: its title, its session (null: the meeting's own), the certificate. */
export interface EvaluationMail {
  title: { 'zh-tw': string; 'zh-cn': string; en: string };
  session: { name: string; name_cn: string; name_en: string } | null;
  /** The meeting's certificate rule requires it: "complete it to unlock your certificate". */
  unlocksCertificate: boolean;
}

/** What an offer's mail needs: who, which meeting or session, until when, and its accept page. */
export interface WaitlistOfferMail {
  meetingId: number;
  email: string;
  displayName: string;
  language: string;
  session: { name: string; name_cn: string; name_en: string } | null;
  expiresAt: number;
  url: string;
}

/** What a group contact's mail needs: who, which meeting, how many attendees, the group's page. */
export interface GroupMail {
  meetingId: number;
  email: string;
  displayName: string;
  language: string;
  size: number;
  url: string;
}

/** What a personal invitation's mail needs: who, which meeting, the type it fixes, the sign-up link. */
export interface InvitationMail {
  meetingId: number;
  email: string;
  displayName: string;
  language: string;
  /** The registration type's names (null: the invitee's choice). */
  userType: { name: string; name_cn: string; name_en: string } | null;
  url: string;
}

/**
 * What an applicant's mail needs (issue 45): who, which meeting, the application's state and, once
 * rejected, the organiser's reason. The button opens the meeting's guest page, which shows the state.
 */
export interface ApplicationMail {
  meetingId: number;
  email: string;
  displayName: string;
  language: string;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  reason: string;
}

/**
 * Guest mail (issue 15). Causes write their message into the outbox inside their own transaction — a
 * sign-up by its guest row's `mail_pending` (confirmationColumns), an enrolment by a job
 * (queueEnrolmentUpdate) — so a rolled-back sign-up sends nothing and a crash loses nothing; the `mail`
 * job handler (send-mail.ts) renders and sends it later, once per SMTP acceptance. Beside it: queueing
 * (queue-mail.ts), reminders (mail-reminders.ts), broadcasts (mail-broadcasts.ts), the look-up's
 * one-time codes (login-codes.ts), the back office's settings and preview (mail-settings.ts), history
 * and resend (guest-messages.ts).
 */
export function createMailService(deps: MailDeps) {
  const { jobs } = deps;
  const composer = createMailComposer(deps);
  const broadcasts = createBroadcasts({ ...deps, composer });
  registerReminders(deps);
  // Without a mail server the runner leaves mail alone: confirmations wait on their guest rows (so a
  // deployment without mail pays nothing for them) and other mail jobs wait, queued, for a server.
  if (deps.transport) {
    jobs.onPass(() => queuePendingConfirmations(deps));
    const sendDeps = { ...deps, composer, broadcastTexts: broadcastTextsReader(jobs) };
    jobs.handle('mail', (job) => sendMailJob(sendDeps, job));
  }

  return {
    ...broadcasts,
    ...createLoginCodes(deps),
    ...createGuestMessages(deps),
    ...createMailSettings({ ...deps, composer }),

    /** Stops the renderer thread (the app's onClose, after the job runner has stopped). */
    close: () => composer.close(),

    /**
     * The sign-up's columns that queue its confirmation: written by the sign-up's own INSERT, in its
     * transaction, so a rolled-back sign-up queues nothing and a committed one cannot lose its mail.
     */
    confirmationColumns: () => ({ mail_pending: 1 }),

    /** In the enrolment's transaction: an updated confirmation whose calendar replaces (or cancels) events. */
    queueEnrolmentUpdate: (
      trx: Db,
      guest: { id: number; meeting_id: number },
      change: { cancelled: number[] },
    ) => queueEnrolmentUpdate(deps, trx, guest, change),

    /** In the caller's transaction: a guest's confirmation again (a group's contact asks for it). */
    queueConfirmationAgain: (trx: Db, guest: { id: number; meeting_id: number }, at: number) =>
      queueConfirmationAgain(deps, trx, guest, at),

    /** In a group booking's transaction: the contact's mail with the link to the group's page. */
    queueGroupLink: (trx: Db, group: { groupId: number; meetingId: number }) =>
      queueGroupLink(deps, trx, group),

    /** In the application's or rejection's transaction: the applicant's mail (see queue-mail.ts). */
    queueApplicationMail: (trx: Db, mail: Parameters<typeof queueApplicationMail>[2]) =>
      queueApplicationMail(deps, trx, mail),

    /** In a rejected applicant's erasure: the application's mails leave the outbox. */
    forgetApplicationMails: (trx: Db, meetingId: number, applicationId: number) =>
      forgetApplicationMails(trx, meetingId, applicationId),
    /** With a personal invitation (issue 45): the invitee's mail with their sign-up link. */
    queueInvitation: (trx: Db, invitation: { invitationId: number; meetingId: number; at: number }) =>
      queueInvitation(deps, trx, invitation),

    /** In the offer's transaction: the mail that tells the first in line a seat is held for them. */
    queueWaitlistOffer: (
      trx: Db,
      offer: { entryId: number; meetingId: number; guestId: number | null; offeredAt: number },
    ) => queueWaitlistOffer(deps, trx, offer),

    /** Certificates of attendance by e-mail, their PDFs attached when sent (see queue-mail.ts). */
    queueCertificates: (
      meetingId: number,
      items: readonly { guestId: number; certificateId: number; code: string }[],
      requestedAt: number,
    ) => queueCertificates(deps, meetingId, items, requestedAt),

    /** In the caller's transaction: an evaluation's invitations or reminders (see queue-mail.ts). */
    queueEvaluationMails: (trx: Db, mail: Parameters<typeof queueEvaluationMails>[2]) =>
      queueEvaluationMails(deps, trx, mail),

    /** In the payment's or refund's transaction: the receipt or credit note by mail (see queue-mail.ts). */
    queueReceipt: (trx: Db, receipt: Parameters<typeof queueReceiptMail>[2]) =>
      queueReceiptMail(deps, trx, receipt),

    /** Wakes the runner after a commit that queued mail (no runner sends mail without a server). */
    kick: () => {
      if (deps.transport) jobs.kick();
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
