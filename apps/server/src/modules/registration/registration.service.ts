import type { ActivityCounters } from '../../core/activity-counters.ts';
import type { DatabaseKind, Db } from '../../db/database.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';
import { createAnswerUpload } from './answer-upload.ts';
import { createLookUp } from './look-up.ts';
import { getPublicMeeting } from './public-meeting.ts';
import type { SignUpApproval, SignUpInvitations, SignUpMembers } from './sign-up-admission.ts';
import type { SignUpPayments } from './sign-up-payments.ts';
import { createSignUp } from './sign-up.ts';

export { PUBLIC_LIMITS } from './public-limits.ts';

export interface RegistrationDeps {
  db: Db;
  dbKind: DatabaseKind;
  /** Warned when sign-ups admitted together fail as a batch (each then tries alone). */
  log?: { warn(message: string): void };
  systemLog: SystemLog;
  /** Events for other systems, written in the sign-up's transaction. */
  webhooks?: WebhookEmitter;
  limiters: LimiterFactory;
  clock: () => number;
  /** The operator's counts of sign-ups accepted and refused. */
  counters?: ActivityCounters;
  notifications?: Pick<NotificationsService, 'meetingFilled' | 'sessionFilled'>;
  /** Told after a committed sign-up: the meeting's live "signed up" figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
  /** The confirmation mail is queued by the sign-up's own guest row (see confirmationColumns). */
  mail?: Pick<
    MailService,
    'confirmationColumns' | 'kick' | 'loginCodeRequired' | 'sendLoginCode' | 'checkLoginCode'
  >;
  /** Waiting lists: a full meeting or session with its list on takes the sign-up onto it. */
  waitlist?: Pick<
    WaitlistService,
    | 'joinMeetingList'
    | 'joinSessionListIn'
    | 'meetingEntryView'
    | 'meetingPlaceOfPhone'
    | 'addDevice'
    | 'placesOfGuest'
  >;
  /** A paid meeting's prices and orders (the payments module fills the port). */
  payments?: SignUpPayments;
  /** Invitation codes and the member list (issue 45; their modules fill the ports). */
  invitations?: SignUpInvitations;
  members?: SignUpMembers;
  /** Sign-ups that wait for approval (the approval module fills the port). */
  approval?: SignUpApproval;
}

/**
 * The registration engine (issue 4): public meeting info (public-meeting.ts), sign-up with atomic
 * capacity (sign-up.ts), code retrieval (look-up.ts). Guest-token endpoints live in
 * visitor-guest.service.ts.
 */
export function createRegistrationService(deps: RegistrationDeps) {
  const signUp = createSignUp(deps);
  const { lookup, verifyLookup, openGuestPage } = createLookUp(deps);
  return {
    getMeeting: (publicId: string) => getPublicMeeting(deps, publicId),
    signUp,
    uploadAnswerFile: createAnswerUpload(deps),
    lookup,
    verifyLookup,
    openGuestPage,
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
