import type { Db } from '../../db/database.ts';
import { localDate } from '../../lib/local-time.ts';
import type { SignUpMembers } from '../registration/sign-up-admission.ts';
import { foldLicence, nameKeys } from './member-names.ts';
import * as repo from './member-records.repository.ts';

export { foldLicence } from './member-names.ts';

/**
 * Whether a row is valid on the local day of `now` (TIME_ZONE): `valid_until` is its last valid
 * day, so a row stays valid until that day's end.
 */
export function validOn(validUntil: string | null, now: number): boolean {
  return validUntil === null || validUntil >= localDate(now);
}

/**
 * The sign-up's side of the member list (the port `app.registration.members`): the row of the
 * meeting's organisation with the same folded licence number, valid today, one of whose name keys
 * equals one of the sign-up's. Anything else is no match — a near name is never taken for one.
 */
export function createSignUpMembers(deps: { db: Db }): SignUpMembers {
  return {
    async match(meeting, person, now) {
      const licence = foldLicence(person.licenceNumber);
      if (licence === '' || licence === 'NA') return null;
      const row = await repo.findByLicence(deps.db, meeting.organization_id, licence);
      if (!row || !validOn(row.valid_until, now)) return null;
      const keys = new Set(row.name_keys.split(' ').filter(Boolean));
      const named = (await nameKeys(person.names)).some((key) => keys.has(key));
      return named ? { id: Number(row.id), memberClass: row.member_class } : null;
    },
  };
}
