import type { Db } from '../../db/database.ts';
import * as orgs from './organizations.repository.ts';

/*
 * An organisation as other modules read it (users and the dictionary check one named in a body): they
 * ask here rather than query the table. This file imports only the organisations repository.
 */

/** An organisation by id, or undefined. */
export function findOrganization(db: Db, id: number) {
  return orgs.findOrganization(db, id);
}
