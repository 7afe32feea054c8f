import type { PublicInvitation } from '@meetflow/shared/schemas/invitations';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { userTypeNames } from '../dictionary/dictionary.reads.ts';
import { liveMeetingByPublicId, seatCounters } from '../meetings/meetings.reads.ts';
import * as repo from './invitations.repository.ts';
import { foldCode } from './redeem.ts';

/**
 * Whether a code would be accepted now, as the sign-up page asks before the form is sent (nothing is
 * counted): the registration type it fixes, and whether it still finds a seat when the public seats
 * are gone (past the limit, or a seat reserved for invitees still free), so a full meeting's page
 * shows such an invitee the form. The sign-up decides, under its lock.
 */
export async function checkInvitation(
  db: Db,
  now: number,
  publicId: string,
  code: string,
): Promise<PublicInvitation> {
  const meeting = await liveMeetingByPublicId(db, publicId);
  if (!meeting) throw new AppError('NOT_FOUND');
  const row = await repo.findByCode(db, meeting.id, foldCode(code));
  const refused = { user_type: null, seat_past_public: false };
  if (!row || Number(row.enabled) !== 1 || (row.valid_until !== null && Number(row.valid_until) < now))
    return { valid: false, reason: 'invalid', user_type_id: null, personal: false, ...refused };
  const userTypeId = row.user_type_id === null ? null : Number(row.user_type_id);
  const personal = row.kind === 'personal';
  if (Number(row.used_count) >= Number(row.max_uses))
    return { valid: false, reason: 'used_up', user_type_id: userTypeId, personal, ...refused };
  const type =
    userTypeId === null
      ? undefined
      : (await userTypeNames(db, meeting.id)).find((t) => Number(t.id) === userTypeId);
  // Each redemption of a reserved seat turns one of `invitee_reserved` into a taken seat.
  const reservedFree = Number((await seatCounters(db, meeting.id))?.invitee_reserved ?? 0) > 0;
  return {
    valid: true,
    reason: null,
    user_type_id: userTypeId,
    personal,
    user_type: type ? { name: type.name, name_cn: type.name_cn, name_en: type.name_en } : null,
    seat_past_public: row.seats === 'bypass' || reservedFree,
  };
}
