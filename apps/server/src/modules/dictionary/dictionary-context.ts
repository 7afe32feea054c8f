import { z } from 'zod';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { auditFields } from '../../lib/audit-fields.ts';
import { localDate } from '../../lib/local-time.ts';
import { isAdministrator, type Actor, type AuthUser } from '../../core/auth-user.ts';
import { assertOrganizationVisible, visibleOrganizationIds } from '../../core/organization-scope.ts';
import { findOrganization } from '../organizations/organizations.reads.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import type { SeatEvents } from '../guests/seat-events.ts';

export interface DictionaryDeps {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  /** A session's raised limit hands its new seats to the session's waiting list, in the edit's transaction. */
  waitlist?: Pick<SeatEvents, 'seatsFreedIn'>;
}

/** Path ids: positive and within PostgreSQL's integer range (a larger one would be a 500 there). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const meetingParams = z.object({ meetingId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Kept by the system, not changed by an organiser: not worth an audited change. */
const UNAUDITED_FIELDS = ['id', 'created_at', 'updated_at', 'signup_count', 'waiting_count'];

/**
 * The fields of a dictionary row that a change touched (`before` null: created; `after` null:
 * deleted), flags compared as 0/1. Nothing kept here is personal.
 */
export function entryChanges(before: object | null, after: object | null): FieldChange[] {
  const fields = (row: object | null) => row && auditFields(row as Record<string, unknown>);
  return fieldChanges(fields(before), fields(after), { ignore: UNAUDITED_FIELDS });
}

/** Writes the audit entry of a dictionary change, with the fields it touched (see entryChanges). */
export function createAuditor(systemLog: SystemLog) {
  return (
    actor: Actor,
    action: 'create' | 'update' | 'delete',
    message: LogMessage,
    changes: FieldChange[] = [],
  ) =>
    systemLog.record({
      action,
      source: 'admin',
      message,
      username: actor.user.auditName,
      ip: actor.ip,
      changes,
    });
}
export type Auditor = ReturnType<typeof createAuditor>;

/*
 * Owned entries (time slots, college categories; docs/decisions/0008-dictionary-tenancy.md): owner null
 * is a global entry, read by everyone and changed by administrators only (users bound to no
 * organisation); otherwise the entry belongs to that organisation's subtree, seen and changed like
 * its meetings. Meetings use global entries and those of their organisation or one above it.
 */

/** An entry the user may change: 404 outside their subtree, 403 for a global one unless administrator. */
export async function assertOwnerWritable(db: Db, user: AuthUser, owner: number | null): Promise<void> {
  if (owner === null) {
    if (!isAdministrator(user)) throw new AppError('GLOBAL_ENTRY_ADMIN_ONLY');
    return;
  }
  await assertOrganizationVisible(db, user, owner);
}

/**
 * The owner an entry gets from a body: omitted keeps `current`; otherwise an organisation that
 * exists in the user's subtree, or null (global) from an administrator.
 */
export async function requestedOwner(
  db: Db,
  user: AuthUser,
  requested: number | null | undefined,
  current: number | null,
): Promise<number | null> {
  if (requested === undefined) return current;
  if (requested === null) {
    if (!isAdministrator(user)) throw new AppError('GLOBAL_ENTRY_ADMIN_ONLY');
    return null;
  }
  const visible = await visibleOrganizationIds(db, user);
  if (!(await findOrganization(db, requested)) || (visible !== null && !visible.includes(requested)))
    throw fieldError('organization_id', 'invalidOption');
  return requested;
}

/**
 * Whether a YYYY-MM-DD day lies within the meeting's local days (inclusive); strings compare in date
 * order. A meeting's dates are the days (in TIME_ZONE) its start and end fall on.
 */
export function dateWithinMeeting(date: string, meeting: { start_at: number; end_at: number }): boolean {
  return date >= localDate(meeting.start_at) && date <= localDate(meeting.end_at);
}
