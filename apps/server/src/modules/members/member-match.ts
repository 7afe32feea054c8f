import type { Db } from '../../db/database.ts';
import type { SignUpMembers } from '../registration/sign-up-admission.ts';
import * as repo from './member-records.repository.ts';

/** A licence number as matched: upper case, without spaces, dots or dashes. */
export function foldLicence(licence: string): string {
  return licence
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s.\-_/]/g, '');
}

/**
 * A name as matched: width-folded, lower case, without spaces or punctuation. (Traditional and
 * Simplified characters are folded to one script here too: see the members module's README.)
 */
export function foldName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.,'’·-]/g, '');
}

/** The sign-up's side of the member list (the port `app.registration.members`). */
export function createSignUpMembers(deps: { db: Db }): SignUpMembers {
  return {
    async match(meeting, person, _now) {
      const licence = foldLicence(person.licenceNumber);
      if (licence === '' || licence === 'NA') return null;
      const row = await repo.findByLicence(deps.db, meeting.organization_id, licence);
      if (!row) return null;
      const keys = new Set(row.name_keys.split(' ').filter(Boolean));
      const named = person.names.map(foldName).some((name) => name !== '' && keys.has(name));
      return named ? { id: Number(row.id), memberClass: row.member_class } : null;
    },
  };
}
