import type { z } from 'zod';
import type {
  ScheduleMap,
  scheduleMapBody,
  UserType,
  userTypeBody,
} from '@meetflow/shared/schemas/dictionary';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { createAuditor, entryChanges, type DictionaryDeps } from './dictionary-context.ts';
import { scheduleIdsOfMeeting } from './schedules.repository.ts';
import { meetingSchedules } from './schedules.service.ts';
import * as repo from './user-types.repository.ts';

type Body = z.output<typeof userTypeBody>;
type MapBody = z.output<typeof scheduleMapBody>;

const logParams = (t: { id: number; name: string; meeting_id: number }) => ({
  id: t.id,
  name: t.name,
  meeting_id: t.meeting_id,
});

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

async function withScheduleIds(
  db: Db,
  rows: readonly Awaited<ReturnType<typeof repo.listUserTypes>>[number][],
) {
  const sets = await repo.scheduleIdsByUserType(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r): UserType => ({ ...r, schedule_ids: sets.get(r.id) ?? [] }));
}

/** Every id must be a session of the meeting; `field` names where a form shows the refusal. */
async function assertSessionsOfMeeting(trx: Db, meetingId: number, ids: readonly number[], field: string) {
  const found = await scheduleIdsOfMeeting(trx, meetingId, ids);
  if (ids.some((id) => !found.has(id))) throw fieldError(field, 'scheduleNotInMeeting');
}

/**
 * Registration types of a meeting and the guest–schedule map: the sessions each type may enrol in
 * (at least one, all of the same meeting), stored in user_type_schedules.
 */
export function createUserTypesService({ db, systemLog, clock }: DictionaryDeps) {
  const audit = createAuditor(systemLog);

  const values = (body: Body) => ({
    name: body.name,
    name_cn: body.name_cn,
    name_en: body.name_en,
    ...(body.sort === undefined ? {} : { sort: body.sort }),
  });

  async function visibleUserType(user: AuthUser, id: number) {
    const row = await repo.findUserType(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await visibleMeeting(db, user, row.meeting_id);
    return row;
  }

  async function list(user: AuthUser, meetingId: number): Promise<UserType[]> {
    await visibleMeeting(db, user, meetingId);
    return withScheduleIds(db, await repo.listUserTypes(db, meetingId));
  }

  async function getMap(user: AuthUser, meetingId: number): Promise<ScheduleMap> {
    await visibleMeeting(db, user, meetingId);
    return {
      schedules: await meetingSchedules(db, meetingId),
      user_types: await withScheduleIds(db, await repo.listUserTypes(db, meetingId)),
    };
  }

  return {
    list,

    async create(actor: Actor, meetingId: number, body: Body): Promise<UserType> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const scheduleIds = unique(body.schedule_ids);
      const now = clock();
      const row = await db.transaction().execute(async (trx) => {
        await assertSessionsOfMeeting(trx, meeting.id, scheduleIds, 'schedule_ids');
        const created = await repo.insertUserType(trx, {
          ...values(body),
          meeting_id: meeting.id,
          created_at: now,
          updated_at: now,
        });
        await repo.replaceScheduleSet(trx, created.id, scheduleIds);
        return created;
      });
      await audit(
        actor,
        'create',
        { key: 'user_type.created', params: { ...logParams(row), sessions: scheduleIds.join(', ') } },
        entryChanges(null, { ...row, schedule_ids: scheduleIds }),
      );
      return { ...row, schedule_ids: scheduleIds };
    },

    async update(actor: Actor, id: number, body: Body): Promise<UserType> {
      const existing = await visibleUserType(actor.user, id);
      const scheduleIds = unique(body.schedule_ids);
      const { row, scheduleIdsBefore } = await db.transaction().execute(async (trx) => {
        await assertSessionsOfMeeting(trx, existing.meeting_id, scheduleIds, 'schedule_ids');
        const scheduleIdsBefore = (await repo.scheduleIdsByUserType(trx, [id])).get(id) ?? [];
        const updated = await repo.updateUserType(trx, id, { ...values(body), updated_at: clock() });
        if (!updated) throw new AppError('NOT_FOUND');
        await repo.replaceScheduleSet(trx, id, scheduleIds);
        return { row: updated, scheduleIdsBefore };
      });
      await audit(
        actor,
        'update',
        { key: 'user_type.updated', params: { ...logParams(row), sessions: scheduleIds.join(', ') } },
        entryChanges({ ...existing, schedule_ids: scheduleIdsBefore }, { ...row, schedule_ids: scheduleIds }),
      );
      return { ...row, schedule_ids: scheduleIds };
    },

    /** Refused while guests hold it (their sign-ups name it); the session set goes with it. */
    async remove(actor: Actor, id: number): Promise<void> {
      const row = await visibleUserType(actor.user, id);
      const scheduleIds = await db.transaction().execute(async (trx) => {
        // Read before the delete takes the set with it (ON DELETE CASCADE).
        const scheduleIds = (await repo.scheduleIdsByUserType(trx, [id])).get(id) ?? [];
        if (await repo.deleteUnheldUserType(trx, id)) return scheduleIds;
        throw new AppError((await repo.userTypeHeld(trx, id)) ? 'USER_TYPE_IN_USE' : 'NOT_FOUND');
      });
      await audit(
        actor,
        'delete',
        { key: 'user_type.deleted', params: logParams(row) },
        entryChanges({ ...row, schedule_ids: scheduleIds }, null),
      );
    },

    getMap,

    /** Replaces the sets of the listed user types in one transaction; unlisted types keep theirs. */
    async putMap(actor: Actor, meetingId: number, body: MapBody): Promise<ScheduleMap> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const seen = new Set<number>();
      body.user_types.forEach((entry, index) => {
        if (seen.has(entry.id)) throw fieldError(`user_types.${index}.id`, 'invalidOption');
        seen.add(entry.id);
      });
      // Each listed type's set before and after, as `user_types.<id>.schedule_ids` in the audit entry.
      const setsBefore: Record<number, { schedule_ids: number[] }> = {};
      const setsAfter: Record<number, { schedule_ids: number[] }> = {};
      await db.transaction().execute(async (trx) => {
        const own = new Set((await repo.listUserTypes(trx, meeting.id)).map((t) => t.id));
        const stored = await repo.scheduleIdsByUserType(trx, [...own]);
        for (const [index, entry] of body.user_types.entries()) {
          if (!own.has(entry.id)) throw fieldError(`user_types.${index}.id`, 'userTypeNotInMeeting');
          const ids = unique(entry.schedule_ids);
          await assertSessionsOfMeeting(trx, meeting.id, ids, `user_types.${index}.schedule_ids`);
          await repo.replaceScheduleSet(trx, entry.id, ids);
          setsBefore[entry.id] = { schedule_ids: stored.get(entry.id) ?? [] };
          setsAfter[entry.id] = { schedule_ids: ids };
        }
      });
      await audit(
        actor,
        'update',
        {
          key: 'user_type.map_updated',
          params: {
            meeting_id: meeting.id,
            types: body.user_types.map((t) => ({
              key: 'user_type.map_item',
              params: { id: t.id, sessions: unique(t.schedule_ids).join(', ') },
            })),
          },
        },
        entryChanges({ user_types: setsBefore }, { user_types: setsAfter }),
      );
      return getMap(actor.user, meetingId);
    },
  };
}
export type UserTypesService = ReturnType<typeof createUserTypesService>;
