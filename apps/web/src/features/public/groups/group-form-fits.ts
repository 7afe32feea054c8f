import type { PublicMeeting } from '@meetflow/shared/schemas/public';

/**
 * Whether the group form can take this meeting's sign-ups: a general meeting without the organiser's
 * own fields (the server takes both kinds; the form does not ask for sessions or own fields yet).
 */
export function groupFormFits(meeting: Pick<PublicMeeting, 'meeting_type' | 'form_fields'>): boolean {
  return meeting.meeting_type === 'general' && meeting.form_fields.length === 0;
}
