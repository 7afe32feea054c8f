import type { PublicMeeting } from '@meetflow/shared/schemas/public';

/**
 * Whether the group form can take this meeting's sign-ups: a general meeting without the organiser's
 * own fields or a privacy notice to agree to (the server takes all of these; the form does not ask
 * for sessions, own fields or each attendee's consent yet, so such meetings are signed up one by one).
 */
export function groupFormFits(
  meeting: Pick<PublicMeeting, 'meeting_type' | 'form_fields' | 'privacy_notice'>,
): boolean {
  return (
    meeting.meeting_type === 'general' && meeting.form_fields.length === 0 && meeting.privacy_notice === null
  );
}
