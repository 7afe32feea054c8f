import * as userTypes from './user-types.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * The writes other modules make to the dictionary's tables (the approval module's registration
 * types that wait): the statements stay with their owners. Imports only the module's repositories.
 */

/** Marks exactly `ids` among the meeting's registration types as waiting for approval (issue 45). */
export function setApprovalUserTypes(db: Db, meetingId: number, ids: readonly number[]) {
  return userTypes.setApprovalUserTypes(db, meetingId, ids);
}
