import type { Db } from '../../db/database.ts';
import * as mail from './mail.repository.ts';

/*
 * Mail as other modules read it (the operator's metrics). The outbox itself is the job table (its
 * `mail*` kinds, read through jobs/jobs.reads.ts); what is mail's own is the confirmations signed up
 * but not yet queued. Imports only the module's repository, never a service.
 */

/** Guests whose confirmation mail is still to be written into the outbox. */
export function pendingConfirmations(db: Db) {
  return mail.countPendingConfirmations(db);
}
