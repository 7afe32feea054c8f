import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import type { SessionRowState } from '../waitlist-state.ts';

/* What a date-schedule guest may do with a session on the guest page, and what each asks first. */

export type Session = PublicMeeting['schedules'][number];
export type Action = 'enrol' | 'cancel' | 'join' | 'leave' | 'accept' | 'decline';
export type Pending = { action: Action; session: Session; offerToken: string | null };

/** The confirmation each action asks for (accepting a held seat asks none: it only gains a seat). */
export const CONFIRM: Record<Exclude<Action, 'accept'>, { title: string; ok: string; dismiss?: string }> = {
  enrol: { title: 'pub.confirmEnrol', ok: 'pub.enrol' },
  cancel: { title: 'pub.confirmCancel', ok: 'pub.cancelEnrol', dismiss: 'pub.keepEnrol' },
  join: { title: 'pub.waitlist.confirmSessionJoin', ok: 'pub.waitlist.sessionJoin' },
  leave: {
    title: 'pub.waitlist.confirmSessionLeave',
    ok: 'pub.waitlist.sessionLeave',
    dismiss: 'pub.waitlist.stay',
  },
  decline: {
    title: 'pub.waitlist.confirmDecline',
    ok: 'pub.waitlist.decline',
    dismiss: 'pub.waitlist.keepOffer',
  },
};

/** The buttons of a row: what the guest may do with the session in the state it is in. */
export function rowActions(state: SessionRowState | 'enrolled'): { action: Action; label: string }[] {
  switch (state === 'enrolled' ? state : state.kind) {
    case 'enrolled':
      return [{ action: 'cancel', label: 'pub.cancelEnrol' }];
    case 'offered':
      return [
        { action: 'decline', label: 'pub.waitlist.decline' },
        { action: 'accept', label: 'pub.waitlist.accept' },
      ];
    case 'waiting':
      return [{ action: 'leave', label: 'pub.waitlist.sessionLeave' }];
    case 'waitlist':
      return [{ action: 'join', label: 'pub.waitlist.sessionJoin' }];
    case 'full':
      // Nothing to do: a greyed "Enroll" still read as a button (the row says "Full" instead).
      return [];
    default:
      return [{ action: 'enrol', label: 'pub.enrol' }];
  }
}
