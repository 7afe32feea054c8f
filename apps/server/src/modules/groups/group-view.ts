import { matchLanguage } from '@meetflow/shared/languages';
import type { PublicGroup } from '@meetflow/shared/schemas/groups';
import type { Db } from '../../db/database.ts';
import { guestDisplayName, maskEmail, maskPhone } from '../guests/guest-format.ts';
import { groupGuests } from '../guests/guests.reads.ts';
import type { SignUpPayments } from '../registration/sign-up-payments.ts';

/** The contact's page: the group's attendees with their codes and states (masked contact data). */
export async function groupView(
  db: Db,
  meeting: { public_id: string; currency: string | null },
  group: { id: number; contact_name: string; language: string; created_at: number },
  payments?: Pick<SignUpPayments, 'groupOrderOf'>,
): Promise<PublicGroup> {
  const guests = await groupGuests(db, group.id);
  const language = matchLanguage(group.language) ?? 'zh-tw';
  // A paid meeting's group pays one order (decision 0106); how to pay is shown while any attendee is live.
  const order =
    meeting.currency !== null && payments
      ? await payments.groupOrderOf(
          guests.map((g) => g.id),
          guests.some((g) => g.cancelled_at === null),
          language,
        )
      : null;
  return {
    meeting_public_id: meeting.public_id,
    contact_name: group.contact_name,
    language,
    created_at: group.created_at,
    attendees: guests.map((g) => ({
      id: g.id,
      display_name: guestDisplayName(g),
      // A cancelled guest's number carries `#<id>` (it frees the number for a new sign-up).
      masked_phone: maskPhone(g.area_code, g.phone.replace(/#\d+$/, '')),
      masked_email: maskEmail(g.email),
      guest_code: g.cancelled_at === null && g.unpaid !== 1 ? g.guest_code : null,
      state: g.cancelled_at !== null ? 'cancelled' : g.unpaid === 1 ? 'unpaid' : 'registered',
    })),
    order,
  };
}
