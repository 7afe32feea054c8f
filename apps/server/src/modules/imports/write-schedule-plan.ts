import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchedulePlan, SessionRef } from './schedule-import-rows.ts';
import * as repo from './schedule-import.repository.ts';
import type { JudgedMeetingState } from './schedule-workbook.ts';

/** What each sheet's writer is given: the transaction, the meeting as judged, the time. */
interface Writing {
  trx: Db;
  state: JudgedMeetingState;
  plan: SchedulePlan;
  now: number;
}

/** Sort values after the existing ones, one per new entry, in file order. */
function after(sorts: readonly number[]) {
  let last = sorts.reduce((max, sort) => Math.max(max, sort), 0);
  return () => (last += 1);
}

/** Writes a judged, valid plan: sessions first (registration types name new ones), after the existing entries. */
export async function writeSchedulePlan(
  trx: Db,
  state: JudgedMeetingState,
  plan: SchedulePlan,
  now: number,
): Promise<void> {
  const writing = { trx, state, plan, now };
  const sessionIdOf = await writeSessions(writing);
  await writeUserTypes(writing, sessionIdOf);
  await writeCategories(writing);
}

/** New sessions, then changed ones; answers the id of a session a registration type names. */
async function writeSessions({ trx, state, plan, now }: Writing) {
  const { meeting } = state;
  const stamps = { created_at: now, updated_at: now };
  const nextSessionSort = after(state.sessions.map((s) => s.sort));
  const sortOfRow = new Map<number, number>(); // workbook row → the new session's sort
  const newSessions = plan.sessions.flatMap((action) => {
    if (action.kind !== 'create') return [];
    const sort = nextSessionSort();
    sortOfRow.set(action.row, sort);
    return [{ ...action.values, meeting_id: meeting.id, sort, ...stamps }];
  });
  const sessionBySort = new Map(
    (await repo.insertSessions(trx, newSessions)).map((row) => [row.sort, row.id]),
  );
  for (const action of plan.sessions) {
    if (action.kind !== 'update') continue;
    const values = { ...action.values, updated_at: now };
    // A sign-up took a seat after the judging (SQLite; PostgreSQL holds the rows meanwhile).
    if (!(await repo.updateSessionWithinCount(trx, meeting.id, action.id, values)))
      throw new AppError('SIGNUP_LIMIT_BELOW_COUNT');
  }
  return (ref: SessionRef) => ('id' in ref ? ref.id : sessionBySort.get(sortOfRow.get(ref.row)!)!);
}

/** New registration types, changed ones, and the sessions each allows. */
async function writeUserTypes({ trx, state, plan, now }: Writing, sessionIdOf: (ref: SessionRef) => number) {
  const { meeting } = state;
  const stamps = { created_at: now, updated_at: now };
  const nextTypeSort = after(state.userTypes.map((t) => t.sort));
  const created = plan.userTypes.flatMap((action) =>
    action.kind === 'create' ? [{ action, sort: nextTypeSort() }] : [],
  );
  const typeBySort = new Map(
    (
      await repo.insertUserTypes(
        trx,
        created.map(({ action, sort }) => ({ ...action.names, meeting_id: meeting.id, sort, ...stamps })),
      )
    ).map((row) => [row.sort, row.id]),
  );
  const typeIdOf = new Map(created.map(({ action, sort }) => [action, typeBySort.get(sort)!]));
  for (const action of plan.userTypes) {
    if (action.kind === 'update')
      await repo.updateUserType(trx, meeting.id, action.id, { ...action.names, updated_at: now });
  }
  const typeIds = plan.userTypes.map((action) =>
    action.kind === 'update' ? action.id : typeIdOf.get(action)!,
  );
  await repo.replaceAllowedSessions(
    trx,
    typeIds,
    plan.userTypes.flatMap((action, i) =>
      [...new Set(action.sessions.map(sessionIdOf))].map((schedule_id) => ({
        user_type_id: typeIds[i]!,
        schedule_id,
      })),
    ),
  );
}

/** New college categories of the meeting's organisation, and its own changed ones. */
async function writeCategories({ trx, state, plan, now }: Writing) {
  const { meeting } = state;
  const stamps = { created_at: now, updated_at: now };
  const nextCategorySort = after(state.categories.map((c) => c.sort));
  await repo.insertCategories(
    trx,
    plan.categories.flatMap((action) =>
      action.kind === 'create'
        ? [
            {
              ...action.names,
              organization_id: meeting.organization_id,
              sort: nextCategorySort(),
              ...stamps,
            },
          ]
        : [],
    ),
  );
  for (const action of plan.categories) {
    if (action.kind === 'update')
      await repo.updateOwnCategory(trx, meeting.organization_id, action.id, {
        ...action.names,
        updated_at: now,
      });
  }
}
