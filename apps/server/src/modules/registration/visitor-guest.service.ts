import type { PublicGuest } from '@meetflow/shared/schemas/public';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { sha256 } from '../../lib/secure-random.ts';
import { allowedScheduleIds } from '../guests/guest-rules.ts';
import { pricedSessionIds } from '../payments/payments.reads.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { cancelEnrolment, enrol } from './enrolments.ts';
import * as repo from './registration.repository.ts';
import { meetingStatus } from './meeting-status.ts';
import { toPublicGuest } from './public-guest.ts';
import type { SignUpApproval } from './sign-up-admission.ts';

/**
 * The guest's own page, authenticated by the `X-Guest-Token` header: their data, and enrolling in
 * or cancelling sessions with the same atomic seat counting as the sign-up.
 */
export function createVisitorGuestService(deps: {
  db: Db;
  /** A token given for an application without a held seat answers its state (issue 45). */
  approval?: Pick<SignUpApproval, 'ofToken'>;
  clock: () => number;
  notifications?: Pick<NotificationsService, 'sessionFilled'>;
  /** Told after a committed enrolment or cancellation: the sessions' live figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
  /** An updated confirmation (calendar events added or cancelled) commits with the change. */
  mail?: Pick<MailService, 'queueEnrolmentUpdate' | 'kick'>;
  /** The sessions' waiting lists: their places on the guest page, and a cancelled seat handed on. */
  waitlist?: Pick<WaitlistService, 'placesOfGuest' | 'seatsFreedIn'>;
  /** Events for other systems, written in the change's transaction. */
  webhooks: WebhookEmitter;
}) {
  const { db, clock } = deps;

  async function authenticate(token: string | undefined) {
    if (!token || token.length > 128) throw new AppError('GUEST_TOKEN_INVALID');
    const tokenHash = sha256(token);
    const guest = await repo.findGuestByTokenHash(db, tokenHash);
    if (!guest) {
      // An application waiting without a seat, or rejected: its state, with the reason (issue 45).
      const application = await deps.approval?.ofToken(tokenHash);
      if (application) throw new AppError('APPLICATION_WAITING', { data: { application: application.view } });
      throw new AppError('GUEST_TOKEN_INVALID');
    }
    const meeting = await repo.findLiveMeetingById(db, guest.meeting_id);
    if (!meeting) throw new AppError('NO_MEETING');
    return { guest, meeting };
  }

  type Authenticated = Awaited<ReturnType<typeof authenticate>>;

  /** The sessions the guest's registration type may enrol in; SESSION_NOT_ALLOWED for any other. */
  async function assertEnrollable({ guest, meeting }: Authenticated, scheduleId: number) {
    const status = meetingStatus(meeting, clock());
    if (status === 'disabled' || status === 'deadline_passed') throw new AppError('REGISTRATION_CLOSED');
    const allowed =
      meeting.meeting_type === 'date_schedule' && guest.user_type_id !== null
        ? await allowedScheduleIds(db, guest.user_type_id)
        : [];
    if (!allowed.includes(scheduleId)) throw new AppError('SESSION_NOT_ALLOWED');
    await assertUnpriced(meeting, scheduleId);
  }

  /**
   * A paid meeting's priced session is chosen at sign-up, where its order charges it: enrolling from
   * the guest page would take the seat unpaid, and cancelling would give a paid seat back with no
   * refund. SESSION_PRICED for either; sessions without a price stay the guest's to change.
   */
  async function assertUnpriced(meeting: Authenticated['meeting'], scheduleId: number) {
    if (meeting.currency !== null && (await pricedSessionIds(db, meeting.id)).has(scheduleId)) {
      throw new AppError('SESSION_PRICED');
    }
  }

  return {
    /** The guest of a token with their meeting (GUEST_TOKEN_INVALID otherwise): other guest routes start here. */
    authenticated: authenticate,
    assertEnrollable,
    viewOf: ({ guest, meeting }: Authenticated) => toPublicGuest(db, meeting, guest, deps.waitlist),

    /** Whose a guest token is: other modules' guest-facing routes (the certificate) start here. */
    async identify(token: string | undefined): Promise<{ guestId: number; meetingId: number }> {
      const { guest, meeting } = await authenticate(token);
      return { guestId: guest.id, meetingId: meeting.id };
    },

    async me(token: string | undefined): Promise<PublicGuest> {
      const { guest, meeting } = await authenticate(token);
      return toPublicGuest(db, meeting, guest, deps.waitlist);
    },

    /** Enrols in an allowed session (see enrolments.ts). */
    async enrol(token: string | undefined, scheduleId: number): Promise<PublicGuest> {
      const { guest, meeting } = await authenticate(token);
      await assertEnrollable({ guest, meeting }, scheduleId);
      await enrol(deps, { guest, meeting }, scheduleId);
      return toPublicGuest(db, meeting, guest, deps.waitlist);
    },

    /** Frees the seat; cancelling a session of this meeting that is not enrolled changes nothing. */
    async cancel(token: string | undefined, scheduleId: number): Promise<PublicGuest> {
      const { guest, meeting } = await authenticate(token);
      await assertUnpriced(meeting, scheduleId);
      await cancelEnrolment(deps, { guest, meeting }, scheduleId);
      return toPublicGuest(db, meeting, guest, deps.waitlist);
    },
  };
}
export type VisitorGuestService = ReturnType<typeof createVisitorGuestService>;
