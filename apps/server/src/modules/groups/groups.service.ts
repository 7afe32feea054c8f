import type { DatabaseKind, Db } from '../../db/database.ts';
import type { Limiter, LimiterFactory } from '../../lib/rate-limiter.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { createGroupBooking } from './group-booking.ts';
import { createGroupPage } from './group-page.ts';

export interface GroupsDeps {
  db: Db;
  dbKind: DatabaseKind;
  systemLog: SystemLog;
  webhooks?: WebhookEmitter;
  limiters: LimiterFactory;
  clock: () => number;
  notifications?: Pick<NotificationsService, 'meetingFilled' | 'sessionFilled'>;
  onSignupsChanged?: (meetingId: number) => void;
  /** Each attendee's confirmation is queued by their own guest row, as a sign-up's. */
  mail?: Pick<MailService, 'confirmationColumns' | 'kick' | 'queueConfirmationAgain'>;
  /** The guest core's cancellation (seats released, waiting lists served). */
  guests: Pick<GuestsService, 'cancel'>;
  /** The contact's "send again", per address. */
  resendPerIp: Limiter;
}

/** Group bookings (issue 45): the booking (group-booking.ts) and the contact's page (group-page.ts). */
export function createGroupsService(deps: Omit<GroupsDeps, 'resendPerIp'>) {
  const full: GroupsDeps = { ...deps, resendPerIp: deps.limiters('public_group_resend_ip', 30, 600) };
  return { book: createGroupBooking(full), ...createGroupPage(full) };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
