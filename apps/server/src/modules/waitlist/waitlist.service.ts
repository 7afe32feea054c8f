import type { Db } from '../../db/database.ts';
import type { MailService } from '../mail/mail.service.ts';
import { createAdminList } from './admin-list.ts';
import { createOfferAnswers } from './offer-answers.ts';
import { meetingEntryView } from './faces-common.ts';
import { createVisitorPlaces } from './visitor-places.ts';
import type { WaitlistCore, WaitingGuestForm } from './waitlist-core.ts';
import type * as repo from './waitlist.repository.ts';

export interface WaitlistDeps {
  db: Db;
  clock: () => number;
  core: WaitlistCore;
  /** Signs offer tokens (an app secret shared by every instance). */
  signingSecret: string;
  /** Where the offer mail's link points: `<publicUrl>/#/waitlist-offer/<token>`. */
  publicUrl: string;
  mail?: Pick<MailService, 'kick'>;
  /** Told after a committed change of seats: the meeting's live figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
}

/**
 * The waiting lists' faces (issue 19): the visitor's place (visitor-places.ts: their waiting page, the
 * sessions' lists on their guest page), the offer page (offer-answers.ts) and the back office's list,
 * promotion, removal and export (admin-list.ts). The rules themselves — who gets a freed seat,
 * offers, expiry — are in waitlist-core.ts.
 */
export function createWaitlistService(deps: WaitlistDeps) {
  const { core } = deps;
  return {
    /** The sign-up of a full meeting, in its transaction: a place at the end of the meeting's list. */
    joinMeetingList: core.joinMeetingList,
    /** A date-schedule sign-up's full session, in its transaction: a place on that session's list. */
    joinSessionListIn: core.joinSessionList,
    /** Seats given back or limits raised in the caller's transaction: the lists hand them out now. */
    seatsFreedIn: core.seatsFreed,
    /** A guest deleted in the caller's transaction leaves the sessions' lists. */
    guestCancelledIn: core.guestCancelled,
    meetingEntryView: (entry: repo.EntryRow, publicId: string) => meetingEntryView(deps, entry, publicId),
    ...createVisitorPlaces(deps),
    ...createOfferAnswers(deps),
    ...createAdminList(deps),
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;

export type { WaitingGuestForm };
