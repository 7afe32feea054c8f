import type { Db } from '../../db/database.ts';
import * as invitations from './invitations.repository.ts';

/*
 * The writes other modules make to the invitations table (the privacy module's erasure): the
 * statements stay with the owner repository. Imports only that repository, never a service.
 */

/** A meeting's purge: the invitees' names and e-mails of its personal invitations, blanked. */
export function eraseInvitees(db: Db, meetingId: number) {
  return invitations.eraseInvitees(db, meetingId);
}
