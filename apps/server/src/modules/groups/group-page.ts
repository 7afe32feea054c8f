import type { Language } from '@meetflow/shared/languages';
import { GROUP_CHECKOUT_RETURN, type PublicGroup } from '@meetflow/shared/schemas/groups';
import type { StripeCheckout } from '@meetflow/shared/schemas/payments';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secure-random.ts';
import { groupGuests } from '../guests/guests.reads.ts';
import { liveMeetingById } from '../meetings/meetings.reads.ts';
import { groupView } from './group-view.ts';
import type { GroupsDeps } from './groups.service.ts';
import * as repo from './guest-groups.repository.ts';

/**
 * The contact's group page, opened by the group token (the `X-Group-Token` header): the attendees
 * with their codes, cancelling one (the guest core's cancellation: seats released, waiting lists
 * served) and sending an attendee's confirmation again. Rate-limited per address, as the look-up is.
 */
/**
 * The contact's page, per client address (bad tokens count too, before the look-up): views as
 * generous as sign-ups (a venue's Wi-Fi), cancellations as the confirmation's "send again".
 */
export const GROUP_PAGE_LIMITS = {
  viewPerIp: { points: 60, seconds: 60 },
  cancelPerIp: { points: 30, seconds: 600 },
  /** One attendee's confirmation again, whatever the address: as the guest page's own "send again". */
  resendPerAttendee: { points: 3, seconds: 3600 },
} as const;

export function createGroupPage(deps: GroupsDeps) {
  const { db } = deps;
  const viewPerIp = deps.limiters(
    'public_group_view_ip',
    GROUP_PAGE_LIMITS.viewPerIp.points,
    GROUP_PAGE_LIMITS.viewPerIp.seconds,
  );
  const cancelPerIp = deps.limiters(
    'public_group_cancel_ip',
    GROUP_PAGE_LIMITS.cancelPerIp.points,
    GROUP_PAGE_LIMITS.cancelPerIp.seconds,
  );
  const resendPerAttendee = deps.limiters(
    'public_group_resend_guest',
    GROUP_PAGE_LIMITS.resendPerAttendee.points,
    GROUP_PAGE_LIMITS.resendPerAttendee.seconds,
  );

  async function authenticate(token: string | undefined) {
    if (!token || token.length > 128) throw new AppError('GROUP_TOKEN_INVALID');
    const group = await repo.findGroupByTokenHash(db, sha256(token));
    if (!group) throw new AppError('GROUP_TOKEN_INVALID');
    const meeting = await liveMeetingById(db, group.meeting_id);
    if (!meeting) throw new AppError('NO_MEETING');
    return { group, meeting };
  }

  /** A live attendee of the group (GROUP_ATTENDEE_UNKNOWN, GROUP_ATTENDEE_CANCELLED otherwise). */
  async function liveAttendee(groupId: number, guestId: number) {
    const guest = (await groupGuests(db, groupId)).find((g) => g.id === guestId);
    if (!guest) throw new AppError('GROUP_ATTENDEE_UNKNOWN');
    if (guest.cancelled_at !== null) throw new AppError('GROUP_ATTENDEE_CANCELLED');
    return guest;
  }

  const auditEntry = (
    key: 'groups.attendee_cancelled' | 'groups.mail_resent',
    groupId: number,
    guest: { id: number; meeting_id: number },
    ip: string,
  ) => ({
    action: key === 'groups.attendee_cancelled' ? ('delete' as const) : ('update' as const),
    source: 'public' as const,
    message: { key, params: { group_id: groupId, guest_id: guest.id, meeting_id: guest.meeting_id } },
    username: null,
    ip,
  });

  return {
    async view(token: string | undefined, ip: string): Promise<PublicGroup> {
      await viewPerIp.consume(ip);
      const { group, meeting } = await authenticate(token);
      return groupView(db, meeting, group, deps.payments);
    },

    /** Cancels one attendee (the page asked the contact to confirm), audited in the same transaction. */
    async cancel(token: string | undefined, guestId: number, ip: string): Promise<PublicGroup> {
      await cancelPerIp.consume(ip);
      const { group, meeting } = await authenticate(token);
      const guest = await liveAttendee(group.id, guestId);
      await deps.guests.cancel(guest.id, `group:${group.id}`, (trx) =>
        deps.systemLog.record(auditEntry('groups.attendee_cancelled', group.id, guest, ip), trx),
      );
      return groupView(db, meeting, group, deps.payments);
    },

    /** The attendee's confirmation again (current sessions), to the address they gave. */
    async resend(token: string | undefined, guestId: number, ip: string): Promise<PublicGroup> {
      await deps.resendPerIp.consume(ip);
      const { group, meeting } = await authenticate(token);
      const guest = await liveAttendee(group.id, guestId);
      // An attendee of an unpaid group order has no code to send yet (decision 0106), as a guest.
      if (guest.unpaid === 1) throw new AppError('GUEST_UNPAID');
      // Per attendee too: many addresses must not flood one attendee's mailbox.
      await resendPerAttendee.consume(String(guest.id));
      await db.transaction().execute(async (trx) => {
        await deps.mail?.queueConfirmationAgain(trx, guest, deps.clock());
        await deps.systemLog.record(auditEntry('groups.mail_resent', group.id, guest, ip), trx);
      });
      deps.mail?.kick();
      return groupView(db, meeting, group, deps.payments);
    },

    /**
     * Stripe's hosted page for the group's pending order (decision 0106): the payments module's
     * checkout, the contact authenticated by the group token after its per-address limit. Stripe
     * sends the contact back to `#/group/return`, never to an address with the token in it.
     */
    async checkout(token: string | undefined, language: Language, ip: string): Promise<StripeCheckout> {
      if (!deps.payments) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      return deps.payments.groupCheckout({
        language,
        ip,
        group: async () => {
          const { group, meeting } = await authenticate(token);
          const guests = await groupGuests(db, group.id);
          return {
            guestIds: guests.map((g) => g.id),
            meeting,
            page: `${deps.publicUrl}/#/group/${GROUP_CHECKOUT_RETURN}`,
          };
        },
      });
    },
  };
}
