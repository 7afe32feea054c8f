import { setImmediate as turn } from 'node:timers/promises';
import type { Language } from '@meetflow/shared/languages';
import type { ImportMapping } from '@meetflow/shared/schemas/imports';
import type { Db } from '../../db/database.ts';
import { ancestorIds } from '../../core/organization-scope.ts';
import type { VisibleMeeting } from '../../core/meeting-access.ts';
import { rowPlanner, type ImportDictionary, type PlannedRow } from './guest-import-rows.ts';
import * as repo from './imports.repository.ts';

/*
 * The rows of an uploaded guest file judged against its meeting, for the preview and for the job
 * alike, so that both count every row the same way.
 */

/** Keeps the event loop turning while a long file is judged: door scans on this instance go on. */
export async function breathe(count: number): Promise<void> {
  if (count % 1000 === 0) await turn();
}

/** The meeting's registration types, college categories and sessions, as a row may name them. */
export async function dictionaryOf(
  db: Db,
  meeting: { id: number; meeting_type: string; organization_id: number },
) {
  const [userTypes, sessions, allowed, owners] = await Promise.all([
    repo.userTypesOf(db, meeting.id),
    repo.sessionsOf(db, meeting.id),
    repo.allowedSessionsOf(db, meeting.id),
    ancestorIds(db, meeting.organization_id),
  ]);
  const allowedSessions = new Map<number, Set<number>>();
  for (const { user_type_id, schedule_id } of allowed) {
    allowedSessions.set(user_type_id, (allowedSessions.get(user_type_id) ?? new Set()).add(schedule_id));
  }
  return {
    meetingType: meeting.meeting_type as ImportDictionary['meetingType'],
    userTypes,
    collegeCategories: await repo.collegeCategoriesFor(db, owners),
    sessions,
    allowedSessions,
  } satisfies ImportDictionary;
}

/**
 * Judges every row as the job will: the form's rules, duplicates inside the file (the first row
 * of a phone wins), guests already in the meeting. `onRow` sees each judged row in file order;
 * `first` is the row that came first with the same phone, when this one repeats it.
 */
export async function judgeRows(
  db: Db,
  meeting: VisibleMeeting,
  info: repo.ImportInfo,
  rowsData: string,
  mapping: ImportMapping,
  lang: Language,
  onRow: (planned: PlannedRow, index: number, first: number | undefined) => Promise<void> | void,
): Promise<void> {
  const headers = JSON.parse(info.headers) as string[];
  const plan = rowPlanner(await dictionaryOf(db, meeting), headers, mapping, lang);
  const firstRowOf = new Map<string, number>();
  const rows = JSON.parse(rowsData) as [number, string[]][];
  for (let index = 0; index < rows.length; index += 1) {
    const [number, cells] = rows[index]!;
    const planned = plan({ number, cells });
    let first: number | undefined;
    if (planned.kind === 'valid') {
      first = firstRowOf.get(planned.key);
      if (first === undefined) firstRowOf.set(planned.key, number);
    }
    await onRow(planned, index, first);
    await breathe(index + 1);
  }
}
