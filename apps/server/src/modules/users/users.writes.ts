import * as users from './users.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * The writes other modules make to a user's row (the profile page): the statements stay with the users
 * repository, the owner of the table. This file imports only that repository (never a service), so
 * using it pulls no module's services into the caller's imports.
 */

/** A user's own name, address and language. */
export function updateOwnProfile(
  db: Db,
  userId: number,
  values: { name: string; email: string | null; language: string | null },
  now: number,
) {
  return users.updateProfile(db, userId, values, now);
}
