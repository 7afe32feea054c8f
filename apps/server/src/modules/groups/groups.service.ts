import { linkInLanguage, matchLanguage } from '@meetflow/shared/languages';
import type { DatabaseKind, Db } from '../../db/database.ts';
import type { Limiter, LimiterFactory } from '../../lib/rate-limiter.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import type { GroupMail, MailService } from '../mail/mail.service.ts';
import type { SignUpPayments } from '../registration/sign-up-payments.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { createGroupBooking } from './group-booking.ts';
import { createGroupPage } from './group-page.ts';
import { groupToken } from './group-token.ts';
import * as repo from './guest-groups.repository.ts';

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
  mail?: Pick<MailService, 'confirmationColumns' | 'kick' | 'queueConfirmationAgain' | 'queueGroupLink'>;
  /** A paid meeting's group order and its view (the registration module's payments port). */
  payments?: Pick<SignUpPayments, 'price' | 'openGroupOrderIn' | 'groupOrderOf' | 'groupCheckout'>;
  /** The guest core's cancellation (seats released, waiting lists served). */
  guests: Pick<GuestsService, 'cancel'>;
  /** The app's groups secret: contact tokens are derived from it (group-token.ts). */
  secret: string;
  /** Where the web app is served: the contact's mail links to the group's page there. */
  publicUrl: string;
  /** The contact's "send again", per address. */
  resendPerIp: Limiter;
}

/** Group bookings (issue 45): the booking (group-booking.ts) and the contact's page (group-page.ts). */
export function createGroupsService(deps: Omit<GroupsDeps, 'resendPerIp'>) {
  const full: GroupsDeps = { ...deps, resendPerIp: deps.limiters('public_group_resend_ip', 30, 600) };
  return {
    book: createGroupBooking(full),
    ...createGroupPage(full),

    /** The contact's mail, asked for when it is sent: null once the group is erased. */
    async groupMail(groupId: number): Promise<GroupMail | null> {
      const group = await repo.findGroupForMail(deps.db, groupId);
      if (!group) return null;
      const language = matchLanguage(group.language) ?? 'zh-tw';
      const token = groupToken(deps.secret, group.id, group.created_at);
      return {
        meetingId: group.meeting_id,
        email: group.contact_email,
        displayName: group.contact_name,
        language,
        size: group.size,
        // The token rides in the address's fragment: browsers never send it to the server.
        url: linkInLanguage(`${deps.publicUrl}/#/group/${token}`, language),
      };
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
