import type { PublicMeetingStatus } from '@meetflow/shared/schemas/public';
import type { PublicMeetingRow } from './registration.repository.ts';

/** Whether a full meeting or session still takes places on its waiting list. */
export function waitlistOpen(row: { waitlist_enabled: number; waitlist_max: number; waiting_count: number }) {
  return row.waitlist_enabled === 1 && (row.waitlist_max === 0 || row.waiting_count < row.waitlist_max);
}

export function meetingStatus(meeting: PublicMeetingRow, now: number): PublicMeetingStatus {
  if (!meeting.signup_enabled) return 'disabled';
  // Its guests' data has been erased: new personal data would outlive the purge.
  if (meeting.purged_at !== null) return 'deadline_passed';
  if (meeting.registration_deadline !== null && meeting.registration_deadline < now) return 'deadline_passed';
  // Seats held by open offers of the waiting list, or reserved for invitees, are not free to the public.
  const taken = meeting.registered_count + meeting.waitlist_held + meeting.invitee_reserved;
  if (meeting.registration_limit > 0 && taken >= meeting.registration_limit) return 'full';
  return 'open';
}
