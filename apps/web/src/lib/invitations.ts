/**
 * The back office's invitations page (features/invitations, issue 45): a meeting's invitee seats and
 * invitation codes. The meeting is in the URL (`?meeting=`).
 */
export const INVITATIONS_PATH = '/meeting_management/invitations';

export function invitationsLink(meetingId: number): string {
  return `${INVITATIONS_PATH}?meeting=${meetingId}`;
}
