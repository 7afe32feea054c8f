import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * Guests as the CME record links them (guests.reads.ts `unlinkedGuestsOfOrganization`): who they
 * are across an organisation's meetings, by licence number or e-mail.
 */

/**
 * The live guests (not cancelled, not erased) of an organisation's live meetings that no CME
 * person holds yet, oldest first, with what links them.
 */
export function unlinkedGuestsOfOrganization(db: Db, organizationId: number) {
  return db
    .selectFrom('guests')
    .innerJoin('meetings', 'meetings.id', 'guests.meeting_id')
    .leftJoin('cme_links', 'cme_links.guest_id', 'guests.id')
    .select([
      'guests.id',
      'guests.name',
      'guests.name_zh',
      'guests.name_en',
      'guests.license_number',
      'guests.email',
    ])
    .where('meetings.organization_id', '=', organizationId)
    .where('meetings.deleted_at', 'is', null)
    .where('guests.cancelled_at', 'is', null)
    .where('guests.erased_at', 'is', null)
    .where('cme_links.guest_id', 'is', null)
    .orderBy('guests.id')
    .execute();
}

/** The organisations whose live meetings have a live guest with this address that no CME person holds. */
export async function organizationsOfUnlinkedEmail(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('guests')
    .innerJoin('meetings', 'meetings.id', 'guests.meeting_id')
    .leftJoin('cme_links', 'cme_links.guest_id', 'guests.id')
    .select('meetings.organization_id')
    .distinct()
    .where(sql<boolean>`lower(guests.email) = ${email}`)
    .where('meetings.deleted_at', 'is', null)
    .where('guests.cancelled_at', 'is', null)
    .where('guests.erased_at', 'is', null)
    .where('cme_links.guest_id', 'is', null)
    .execute();
  return rows.map((r) => Number(r.organization_id));
}
