import type { PublicGuest } from '@meetflow/shared/schemas/public';
import type { WaitlistPlace } from '@meetflow/shared/schemas/waitlist';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { guestDisplayName, maskEmail, maskPhone } from '../guests/guest-format.ts';
import { allowedScheduleIds } from '../guests/guest-rules.ts';
import { mayHoldCode } from '../guests/may-hold-code.ts';
import { pricedSessionIds } from '../payments/payments.reads.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';
import * as repo from './registration.repository.ts';

/**
 * The guest's own view: masked contact data, enrolments and what can still be enrolled (not a paid
 * meeting's priced session: it is chosen at sign-up, where its order charges it).
 */
export async function toPublicGuest(
  db: Db,
  meeting: { id: number; public_id: string; meeting_type: string; currency: string | null },
  guest: repo.GuestRow,
  waitlist: Pick<WaitlistService, 'placesOfGuest'> | undefined,
): Promise<PublicGuest> {
  const enrolled =
    meeting.meeting_type === 'date_schedule' ? await repo.guestScheduleIds(db, guest.id) : ([] as number[]);
  let allowed =
    meeting.meeting_type === 'date_schedule' && guest.user_type_id !== null
      ? await allowedScheduleIds(db, guest.user_type_id)
      : [];
  if (allowed.length > 0 && meeting.currency !== null) {
    const priced = await pricedSessionIds(db, meeting.id);
    allowed = allowed.filter((id) => !priced.has(id));
  }
  const places =
    meeting.meeting_type === 'date_schedule' && waitlist ? await waitlist.placesOfGuest(guest.id) : [];
  return publicGuestView(meeting, guest, enrolled, allowed, places);
}

/** A sign-up's own view built from what was just written: no read-back on the hot path. */
export function justSignedUp(values: Insertable<Database['guests']>) {
  return {
    guest_code: values.guest_code,
    area_code: values.area_code,
    phone: values.phone,
    email: values.email,
    name: values.name ?? '',
    name_zh: values.name_zh ?? '',
    name_en: values.name_en ?? '',
    user_type_id: values.user_type_id ?? null,
    created_at: values.created_at,
    unpaid: values.unpaid ?? 0,
    approval: values.approval ?? null,
  };
}

export function publicGuestView(
  meeting: { public_id: string },
  guest: Pick<
    repo.GuestRow,
    | 'guest_code'
    | 'area_code'
    | 'phone'
    | 'email'
    | 'name'
    | 'name_zh'
    | 'name_en'
    | 'user_type_id'
    | 'created_at'
    | 'unpaid'
    | 'approval'
  >,
  enrolled: number[],
  allowed: number[],
  waitlist: WaitlistPlace[],
): PublicGuest {
  const enrolledSet = new Set(enrolled);
  return {
    meeting_public_id: meeting.public_id,
    // The code (the QR) comes when the order is paid, or the sign-up approved (issue 45).
    guest_code: mayHoldCode(guest) ? guest.guest_code : null,
    unpaid: guest.unpaid === 1,
    display_name: guestDisplayName(guest),
    masked_phone: maskPhone(guest.area_code, guest.phone),
    masked_email: maskEmail(guest.email),
    user_type_id: guest.user_type_id,
    enrolled_schedule_ids: enrolled,
    enrollable_schedule_ids: allowed.filter((id) => !enrolledSet.has(id)),
    signed_up_at: guest.created_at,
    waitlist,
    ...(guest.approval === 'pending' || guest.approval === 'approved' ? { approval: guest.approval } : {}),
  };
}
