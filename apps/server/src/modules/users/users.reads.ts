import * as users from './users.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * The back-office users as other modules read them (mail, organisations): they ask here rather than
 * query the users table themselves. This file imports only the users repository (never a service), so
 * asking it pulls no module's services into the caller's imports.
 */

/** A back-office user's address (a test send goes to the organiser's own). */
export function userEmail(db: Db, userId: number) {
  return users.findUserEmail(db, userId);
}

/** Whether any user belongs to the organisation. */
export function organizationHasUsers(db: Db, organizationId: number) {
  return users.organizationHasUsers(db, organizationId);
}
