import type { Db } from '../../db/database.ts';
import { localDate } from '../../lib/local-time.ts';
import type { SignUpMembers } from '../registration/sign-up-admission.ts';
import { foldLicence, nameKeys } from './member-names.ts';
import * as repo from './member-records.repository.ts';

export { foldLicence } from './member-names.ts';

/**
 * Whether a row is valid on the local day of `at` (TIME_ZONE): `valid_until` is its last valid
 * day, so a row stays valid until that day's end.
 */
export function validOn(validUntil: string | null, at: number): boolean {
  return validUntil === null || validUntil >= localDate(at);
}

/**
 * The sign-up's side of the member list (the port `app.registration.members`): the row of the
 * meeting's organisation with the same folded licence number, valid on the meeting's first (local)
 * day — not the sign-up day: a licence lapsing before the meeting is no membership there — one of
 * whose name keys equals one of the sign-up's. Anything else is no match; a near name never is one.
 */
export function createSignUpMembers(deps: { db: Db }): SignUpMembers {
  return {
    async match(meeting, person) {
      const licence = foldLicence(person.licenceNumber);
      if (licence === '' || licence === 'NA') return null;
      const row = await repo.findByLicence(deps.db, meeting.organization_id, licence);
      if (!row || !validOn(row.valid_until, meeting.start_at)) return null;
      const keys = new Set(row.name_keys.split(' ').filter(Boolean));
      const named = (await nameKeys(person.names)).some((key) => keys.has(key));
      return named ? { id: Number(row.id), memberClass: row.member_class } : null;
    },
  };
}
