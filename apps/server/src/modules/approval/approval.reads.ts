import type { Db } from '../../db/database.ts';
import * as applications from './applications.repository.ts';

/*
 * What other modules may ask of the approval queue (the walk-in desk): the statements stay with
 * their owner. Imports only the module's repository, never a service.
 */

/**
 * The pending application of a phone for a meeting that holds no seat (no guest row yet), or
 * undefined: a walk-in with that phone is that applicant, not a new person (issue 45).
 */
export async function unheldPendingApplication(
  db: Db,
  meetingId: number,
  areaCode: string,
  phone: string,
): Promise<{ id: number } | undefined> {
  const row = await applications.findApplicationByPhone(db, meetingId, areaCode, phone);
  if (!row || row.status !== 'pending' || row.guest_id !== null) return undefined;
  return { id: Number(row.id) };
}
