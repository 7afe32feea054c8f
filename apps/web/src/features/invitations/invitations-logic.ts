import type { Invitation, InvitationBody } from '@meetflow/shared/schemas/invitations';
import { formatDateTime } from '../../lib/date-time.ts';

/** A code's state as of `now`: what the table's tag says. */
export type InvitationState = 'active' | 'expired' | 'usedUp' | 'disabled';

export function invitationState(invitation: Invitation, now: number): InvitationState {
  if (!invitation.enabled) return 'disabled';
  if (invitation.valid_until !== null && invitation.valid_until < now) return 'expired';
  if (invitation.used_count >= invitation.max_uses) return 'usedUp';
  return 'active';
}

/** The body that saves an invitation as it is, but for its switch. */
export function invitationBodyOf(invitation: Invitation, enabled = invitation.enabled): InvitationBody {
  return {
    code: invitation.code,
    seats: invitation.seats,
    user_type_id: invitation.user_type_id,
    max_uses: invitation.max_uses,
    valid_until: invitation.valid_until,
    enabled,
    note: invitation.note,
  };
}

/** The form's draft: the code empty means "generate one". */
export interface InvitationDraft {
  code: string;
  seats: 'reserved' | 'bypass';
  user_type_id: number | null;
  max_uses: number | null;
  /** The last valid day, 'YYYY-MM-DD', or '' for none. */
  valid_until: string;
  enabled: boolean;
  note: string;
}

export function invitationDraft(
  invitation: Invitation | null,
  dayOf: (ms: number) => string,
): InvitationDraft {
  return {
    code: invitation?.code ?? '',
    seats: invitation?.seats ?? 'reserved',
    user_type_id: invitation?.user_type_id ?? null,
    max_uses: invitation?.max_uses ?? 1,
    valid_until: invitation?.valid_until == null ? '' : dayOf(invitation.valid_until),
    enabled: invitation?.enabled ?? true,
    note: invitation?.note ?? '',
  };
}

/** The body of a draft; `endOf` gives the last millisecond of a day in the server's zone. */
export function invitationBody(
  draft: InvitationDraft,
  endOf: (day: string) => number,
): { body: InvitationBody } | { errors: Record<string, 'invitationCodeFormat' | 'maxUsesMin'> } {
  const code = draft.code.trim().toUpperCase();
  const errors: Record<string, 'invitationCodeFormat' | 'maxUsesMin'> = {};
  if (code !== '' && !/^[A-Z0-9_-]{4,40}$/.test(code)) errors.code = 'invitationCodeFormat';
  if (draft.max_uses === null || draft.max_uses < 1) errors.max_uses = 'maxUsesMin';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      code: code === '' ? null : code,
      seats: draft.seats,
      user_type_id: draft.user_type_id,
      max_uses: draft.max_uses!,
      valid_until: draft.valid_until === '' ? null : endOf(draft.valid_until),
      enabled: draft.enabled,
      note: draft.note.trim(),
    },
  };
}

/** The last millisecond of a day 'YYYY-MM-DD' in `zone`: a code holds to the end of its last day. */
export function dayEndIn(day: string, zone: string | undefined): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, 23, 59, 59);
  const seen = Date.parse(`${formatDateTime(wall, zone).replace(' ', 'T')}Z`);
  return wall - (seen - wall) + 999;
}
