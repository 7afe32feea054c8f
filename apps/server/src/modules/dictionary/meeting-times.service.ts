import type { z } from 'zod';
import type { MeetingTime, meetingTimeBody } from '@meetflow/shared/schemas/dictionary';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import {
  assertOwnerWritable,
  createAuditor,
  entryChanges,
  requestedOwner,
  type DictionaryDeps,
} from './dictionary-context.ts';
import * as repo from './meeting-times.repository.ts';

type Body = z.output<typeof meetingTimeBody>;

const logParams = (t: { id: number; start_time: string; end_time: string }) => ({
  id: t.id,
  start: t.start_time,
  end: t.end_time,
});

/**
 * The time slots (HH:mm–HH:mm) that sessions pick from: global ones and those owned by an
 * organisation subtree (see dictionary-context.ts).
 */
export function createMeetingTimesService({ db, systemLog, clock }: DictionaryDeps) {
  const audit = createAuditor(systemLog);

  /** The slot the user may change; 404 when missing or outside their subtree. */
  async function writableMeetingTime(user: AuthUser, id: number) {
    const row = await repo.findMeetingTime(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await assertOwnerWritable(db, user, row.organization_id);
    return row;
  }

  return {
    list: async (user: AuthUser): Promise<MeetingTime[]> =>
      repo.listMeetingTimes(db, await visibleOrganizationIds(db, user)),

    async create(actor: Actor, body: Body): Promise<MeetingTime> {
      const owner = await requestedOwner(db, actor.user, body.organization_id, actor.user.organizationId);
      const now = clock();
      const row = await repo.insertMeetingTime(db, {
        ...body,
        organization_id: owner,
        created_at: now,
        updated_at: now,
      });
      await audit(
        actor,
        'create',
        { key: 'meeting_time.created', params: logParams(row) },
        entryChanges(null, row),
      );
      return row;
    },

    async update(actor: Actor, id: number, body: Body): Promise<MeetingTime> {
      const existing = await writableMeetingTime(actor.user, id);
      const owner = await requestedOwner(db, actor.user, body.organization_id, existing.organization_id);
      const row = await repo.updateMeetingTime(db, id, {
        ...body,
        organization_id: owner,
        updated_at: clock(),
      });
      if (!row) throw new AppError('NOT_FOUND');
      await audit(
        actor,
        'update',
        { key: 'meeting_time.updated', params: logParams(row) },
        entryChanges(existing, row),
      );
      return row;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const row = await writableMeetingTime(actor.user, id);
      if (!(await repo.deleteUnusedMeetingTime(db, id))) throw new AppError('MEETING_TIME_IN_USE');
      await audit(
        actor,
        'delete',
        { key: 'meeting_time.deleted', params: logParams(row) },
        entryChanges(row, null),
      );
    },
  };
}
export type MeetingTimesService = ReturnType<typeof createMeetingTimesService>;
