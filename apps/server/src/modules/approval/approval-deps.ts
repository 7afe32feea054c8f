import type { DatabaseKind, Db } from '../../db/database.ts';
import type { GuestOrders } from '../guests/cancel-guest.ts';
import type { SeatEvents } from '../guests/seat-events.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';

/** What the approval module works with (approval.module.ts assembles it). */
export interface ApprovalDeps {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  webhooks: WebhookEmitter;
  /**
   * The confirmation (with the code) is queued by the guest row once approved; the applicant's
   * "received" and "rejected" mails by the application (applicant-mail.ts).
   */
  mail?: Pick<
    MailService,
    'confirmationColumns' | 'kick' | 'queueApplicationMail' | 'forgetApplicationMails'
  >;
  /** Seats freed by a rejected held sign-up go to the waiting lists. */
  waitlist?: SeatEvents;
  /** A rejected guest's pending order is closed first (the payments module answers it). */
  orders?: GuestOrders;
  /** Told after a committed decision: the meeting's live figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
}
