import type { Db } from '../../db/database.ts';
import * as repo from './registration.repository.ts';

/*
 * What other modules may ask of the visitor's tokens (guest_tokens is this module's). Imports only
 * the registration repository.
 */

/**
 * The guest behind a guest token, cancelled or not: id, meeting and state (the payments module
 * shows a guest whose unpaid order expired their order). Undefined for an unknown token.
 */
export function tokenHolderAnyState(db: Db, tokenHash: string) {
  return repo.findTokenHolderAnyState(db, tokenHash);
}
