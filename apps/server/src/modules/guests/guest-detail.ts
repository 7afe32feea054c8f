import { nameIn, type Language } from '@meetflow/shared/languages';
import { GUEST_DETAIL_SCANS_MAX, type GuestDetail } from '@meetflow/shared/schemas/guests';
import type { AuthUser } from '../../core/auth-user.ts';
import { guestAnswers } from './guest-answers.ts';
import { readAdminGuest, visibleGuest } from './guest-admin-common.ts';
import type { GuestsDeps } from './guest-admin.service.ts';
import * as repo from './guests.repository.ts';

/**
 * One guest in full: their row, their answers to the meeting's own fields, their sessions with
 * first and last scans, their latest scans.
 */
export async function guestDetail(
  deps: Pick<GuestsDeps, 'db' | 'clock'>,
  user: AuthUser,
  guestId: number,
  lang: Language,
): Promise<GuestDetail> {
  const { db } = deps;
  const guest = await visibleGuest(deps, user, guestId);
  const [view, enrolments, scans] = await Promise.all([
    readAdminGuest(deps, guest.meeting_id, guest.meeting_type, guest.id, lang),
    repo.listEnrolments(db, guest.id),
    repo.listScans(db, guest.id, GUEST_DETAIL_SCANS_MAX),
  ]);
  return {
    ...view.guest,
    answers: guestAnswers(view.fields, view.answers, lang),
    enrolments: enrolments.map((e) => ({
      schedule_id: e.schedule_id,
      schedule_name: nameIn(lang, e.name, e.name_cn, e.name_en) ?? '',
      date: e.date,
      first_in_at: e.first_in_at,
      last_in_at: e.last_in_at,
      last_out_at: e.last_out_at,
    })),
    scans: scans.map((s) => ({
      id: s.id,
      type: s.type,
      schedule_name: nameIn(lang, s.name, s.name_cn, s.name_en),
      station: s.station,
      created_at: s.created_at,
    })),
  };
}
