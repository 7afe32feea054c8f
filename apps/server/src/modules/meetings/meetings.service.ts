import { type Language } from '@meetflow/shared/languages';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import {
  type Meeting,
  type MeetingInput,
  type MeetingPage,
  type meetingListQuery,
} from '@meetflow/shared/schemas/meetings';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditFields, pickFields } from '../../lib/audit-fields.ts';
import { randomToken } from '../../lib/secure-random.ts';
import { checkinCounts } from '../attendance/attendance.service.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting as accessibleMeeting } from '../../core/meeting-access.ts';
import { assertOrganizationVisible } from '../../core/organization-scope.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import type { SeatEvents } from '../guests/seat-events.ts';
import { listVisibleMeetings } from './list-meetings.ts';
import { assertFiles, FORM_FIELDS, storedFields, toMeeting, toValues } from './meeting-fields.ts';
import {
  findMeeting,
  insertMeeting,
  softDeleteMeeting,
  updateMeeting,
  type MeetingRow,
} from './meetings.repository.ts';

type ListQuery = z.output<typeof meetingListQuery>;

/** 128 bits from the CSPRNG, URL-safe (22 characters): the meeting's id in public links and QR codes. */
export function newPublicId(): string {
  return randomToken(16);
}

export { toMeeting } from './meeting-fields.ts';

export function createMeetingsService(deps: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  /** A raised limit hands its new seats to the waiting list, in the edit's transaction. */
  waitlist?: Pick<SeatEvents, 'seatsFreedIn'>;
  webhooks: WebhookEmitter;
}) {
  const { db, systemLog, clock } = deps;

  /** A live meeting inside the user's subtree; 404 otherwise (another organiser's meeting is not confirmed). */
  async function visibleMeeting(user: AuthUser, id: number): Promise<MeetingRow> {
    // Access through the one core rule, then the full row this module answers with.
    await accessibleMeeting(db, user, id);
    const row = await findMeeting(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function log(
    user: AuthUser,
    ip: string,
    action: 'create' | 'update' | 'delete',
    message: LogMessage,
    changes: FieldChange[],
  ) {
    await systemLog.record({ action, source: 'admin', message, username: user.auditName, ip, changes });
  }

  return {
    list: (user: AuthUser, query: ListQuery, lang: Language): Promise<MeetingPage> =>
      listVisibleMeetings(db, user, query, lang),

    async get(user: AuthUser, id: number): Promise<Meeting> {
      const row = await visibleMeeting(user, id);
      const checkins = await checkinCounts(db, [row.id]);
      return toMeeting(row, checkins.get(row.id) ?? 0);
    },

    async create(user: AuthUser, body: MeetingInput, ip: string): Promise<Meeting> {
      await assertOrganizationVisible(db, user, body.organization_id);
      await assertFiles(db, body);
      const values = toValues(body);
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertMeeting(trx, {
          ...values,
          public_id: newPublicId(),
          created_by: user.id,
          now: clock(),
        });
        await deps.webhooks.emit(trx, {
          type: 'meeting.created',
          meetingId: created,
          data: { name: body.name },
        });
        return created;
      });
      await log(
        user,
        ip,
        'create',
        { key: 'meeting.created', params: { id, name: body.name } },
        fieldChanges(null, auditFields(pickFields(values, FORM_FIELDS))),
      );
      return this.get(user, id);
    },

    async update(user: AuthUser, id: number, body: MeetingInput, ip: string): Promise<Meeting> {
      const before = await visibleMeeting(user, id);
      if (body.organization_id !== before.organization_id) {
        await assertOrganizationVisible(db, user, body.organization_id);
      }
      await assertFiles(db, body);
      const values = toValues(body);
      const changes = fieldChanges(storedFields(before), auditFields(pickFields(values, FORM_FIELDS)));
      const updated = await db.transaction().execute(async (trx) => {
        if (!(await updateMeeting(trx, id, values, clock()))) return false;
        await deps.waitlist?.seatsFreedIn(trx, { meetingId: id, meeting: true, scheduleIds: [] });
        await deps.webhooks.emit(trx, {
          type: 'meeting.updated',
          meetingId: id,
          data: { name: body.name, changed: changes.map((c) => c.field) },
        });
        return true;
      });
      if (!updated) throw new AppError('NOT_FOUND');
      await log(user, ip, 'update', { key: 'meeting.updated', params: { id, name: body.name } }, changes);
      return this.get(user, id);
    },

    async remove(user: AuthUser, id: number, ip: string): Promise<void> {
      const before = await visibleMeeting(user, id);
      const deleted = await db.transaction().execute(async (trx) => {
        if (!(await softDeleteMeeting(trx, id, clock()))) return false;
        await deps.webhooks.emit(trx, {
          type: 'meeting.deleted',
          meetingId: id,
          data: { name: before.name },
        });
        return true;
      });
      if (!deleted) throw new AppError('NOT_FOUND');
      await log(
        user,
        ip,
        'delete',
        { key: 'meeting.deleted', params: { id, name: before.name } },
        fieldChanges(storedFields(before), null),
      );
    },
  };
}
export type MeetingsService = ReturnType<typeof createMeetingsService>;
