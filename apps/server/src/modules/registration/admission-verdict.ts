import type { SignUpInput } from '@meetflow/shared/schemas/public';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './registration.repository.ts';
import type { RegistrationDeps } from './registration.service.ts';
import type { InvitationMatch, MemberMatch } from './sign-up-admission.ts';

/**
 * Who may register, as one sign-up meets it (issue 45), decided before the transaction: the
 * invitation its code names, the member row it matches, and whether it waits for approval.
 *  - 'none': admitted as any sign-up (a meeting without approval stays on the hot path);
 *  - 'auto': on an approval meeting, approved at once (an invitation, a member-list match);
 *  - 'held': waits, holding its seat (a guest row 'pending', no code yet);
 *  - 'unheld': waits without a seat (an application carrying the form; no guest row).
 */
export interface AdmissionVerdict {
  invitation: InvitationMatch | null;
  member: MemberMatch | null;
  approval: 'none' | 'auto' | 'held' | 'unheld';
}

const PLAIN: AdmissionVerdict = { invitation: null, member: null, approval: 'none' };

/** The licence number and names the member list is matched on; null when the form gives none. */
function memberPerson(body: SignUpInput): { licenceNumber: string; names: string[] } | null {
  if (body.meeting_type === 'date_schedule') {
    const licence = body.license_number.trim();
    return licence && licence.toUpperCase() !== 'NA'
      ? { licenceNumber: licence, names: [body.name_zh, body.name_en].filter((n) => n.trim() !== '') }
      : null;
  }
  // A general meeting has no licence field of its own: an own-form answer keyed `license_number`.
  const answer = body.answers?.license_number;
  return typeof answer === 'string' && answer.trim() !== ''
    ? { licenceNumber: answer.trim(), names: [body.name] }
    : null;
}

export async function admissionVerdict(
  deps: Pick<RegistrationDeps, 'db' | 'invitations' | 'members'>,
  meeting: repo.PublicMeetingRow,
  body: SignUpInput,
  now: number,
): Promise<AdmissionVerdict> {
  const code = body.invitation_code?.trim() ?? '';
  const userTypeId = body.meeting_type === 'date_schedule' ? body.user_type_id : null;
  // Nothing asked of a meeting that uses none of it: the plain sign-up reads nothing more.
  if (code === '' && meeting.approval === 'none' && meeting.currency === null) return PLAIN;
  let invitation: InvitationMatch | null = null;
  if (code !== '') {
    if (!deps.invitations) throw new AppError('INVITATION_INVALID');
    invitation = await deps.invitations.find(meeting, code, userTypeId, now);
  }
  const person = memberPerson(body);
  const member =
    person && deps.members && (meeting.approval !== 'none' || meeting.currency !== null)
      ? await deps.members.match(meeting, person, now)
      : null;
  if (meeting.approval === 'none') return { invitation, member, approval: 'none' };
  const waits =
    meeting.approval === 'all' ||
    (userTypeId !== null && (await repo.userTypeNeedsApproval(deps.db, userTypeId)));
  if (!waits) return { invitation, member, approval: 'none' };
  // An invitation is an approval; a member-list match is approved at once.
  if (invitation || member) return { invitation, member, approval: 'auto' };
  // A paid meeting's order would hold the seat while the organiser decides: not offered yet.
  if (meeting.currency !== null) throw new AppError('APPROVAL_PAID_MEETING');
  return { invitation, member, approval: meeting.approval_holds_seat === 1 ? 'held' : 'unheld' };
}
