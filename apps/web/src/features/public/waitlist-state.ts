import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import type { WaitlistPlace, WaitlistStatus } from '@meetflow/shared/schemas/waitlist';

/*
 * What the visitor pages offer around waiting lists, decided from the server's answers alone (the
 * server says whether a list takes people: `waitlist_open`).
 */

/** What the sign-up page shows: the form, the form for the waiting list, or why it is closed. */
export function signUpMode(
  meeting: Pick<PublicMeeting, 'status' | 'waitlist_open'>,
): 'form' | 'waitlist' | 'closed' {
  if (meeting.status === 'open') return 'form';
  return meeting.status === 'full' && meeting.waitlist_open ? 'waitlist' : 'closed';
}

/** A session's seats for someone not in it: free, full with a list to join, or just full. */
export function seatState(session: {
  seats_left: number | null;
  waitlist_open: boolean;
}): 'free' | 'waitlist' | 'full' {
  if (session.seats_left !== 0) return 'free';
  return session.waitlist_open ? 'waitlist' : 'full';
}

/** The guest's row of a session they are not enrolled in: their place on its list first, else its seats. */
export type SessionRowState =
  { kind: 'offered' | 'waiting'; place: WaitlistPlace } | { kind: 'free' | 'waitlist' | 'full' };

export function sessionRowState(
  session: { id: number; seats_left: number | null; waitlist_open: boolean },
  places: readonly WaitlistPlace[],
): SessionRowState {
  const place = places.find((p) => p.schedule_id === session.id);
  if (place?.status === 'offered' || place?.status === 'waiting') return { kind: place.status, place };
  return { kind: seatState(session) };
}

/** A place on the meeting's list: still in line, a seat held, given a seat, or off the list. */
export function entryPhase(status: WaitlistStatus): 'waiting' | 'offered' | 'promoted' | 'off' {
  if (status === 'waiting' || status === 'offered' || status === 'promoted') return status;
  return 'off';
}
