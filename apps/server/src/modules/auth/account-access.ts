import type { Db } from '../../db/database.ts';
import * as failures from './login-failures.repository.ts';
import * as sessions from './sessions.repository.ts';

/*
 * What an operator may do about an account's access outside the back office (the command line,
 * docs/decisions/0085-admin-command-line.md): lift its login waits, end its sessions. The caller
 * records each in the system log.
 */

/**
 * Forgets the login failures counted against an account, from every address, so that its next
 * attempt is answered at once (the waits of login-throttle.ts). Answers how many counts went.
 */
export async function liftLoginWaits(db: Db, account: string): Promise<number> {
  const keys = await failures.findAccountFailureKeys(db, account.trim().toLowerCase());
  return failures.deleteFailures(db, keys);
}

/** Ends every session of a user: their refresh tokens are refused from now on. */
export function endUserSessions(db: Db, userId: number, now: number): Promise<void> {
  return sessions.revokeUserSessions(db, userId, now);
}

export { revokeUserSessions } from './sessions.repository.ts';
