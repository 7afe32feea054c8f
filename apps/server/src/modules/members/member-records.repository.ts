import type { Db } from '../../db/database.ts';

/** The member_records table's owner (modules/members): an organisation's member and licence list. */

/** The organisation's row for a folded licence number. */
export function findByLicence(db: Db, organizationId: number, licenceKey: string) {
  return db
    .selectFrom('member_records')
    .select(['id', 'name_keys', 'member_class', 'valid_until'])
    .where('organization_id', '=', organizationId)
    .where('licence_key', '=', licenceKey)
    .executeTakeFirst();
}
