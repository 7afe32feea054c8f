import { setImmediate as turn } from 'node:timers/promises';
import type { Language } from '@meetflow/shared/languages';
import type { ImportMapping } from '@meetflow/shared/schemas/imports';
import type { Db } from '../../db/database.ts';
import { ancestorIds } from '../../core/organization-scope.ts';
import type { VisibleMeeting } from '../../core/meeting-access.ts';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { nameIn } from '@meetflow/shared/languages';
import { IMPORT_PREVIEW_ISSUES_MAX, type ImportIssue } from '@meetflow/shared/schemas/imports';
import { formFieldsOf, openSeatLedger } from '../guests/guest-rules.ts';
import { rowPlanner, seatRefusalText, type ImportDictionary, type PlannedRow } from './guest-import-rows.ts';
import { importMemoryKeeper } from './import-memory.ts';
import * as repo from './imports.repository.ts';

/*
 * The rows of an uploaded guest file judged against its meeting, for the preview and for the job
 * alike, so that both count every row the same way.
 */

/** Keeps the event loop turning while a long file is judged: door scans on this instance go on. */
export async function breathe(count: number): Promise<void> {
  if (count % 1000 === 0) await turn();
}

/**
 * The meeting's registration types, college categories and sessions, as a row may name them, and its
 * own fields: read and parsed once per preview, import or template, never per row.
 */
export async function dictionaryOf(
  db: Db,
  meeting: { id: number; meeting_type: string; organization_id: number },
) {
  const [userTypes, sessions, allowed, owners, formFields] = await Promise.all([
    repo.userTypesOf(db, meeting.id),
    repo.sessionsOf(db, meeting.id),
    repo.allowedSessionsOf(db, meeting.id),
    ancestorIds(db, meeting.organization_id),
    formFieldsOf(db, meeting.id),
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
    formFields,
  } satisfies ImportDictionary;
}

/** Rows per page of an import's stored rows: written so at upload, read so by the preview and the job. */
export const IMPORT_PAGE_ROWS = 1024;

/**
 * Judges every row as the job will: the form's rules, duplicates inside the file (the first row
 * of a phone wins), guests already in the meeting. `onRow` sees each judged row in file order;
 * `first` is the row that came first with the same phone, when this one repeats it. The rows are
 * read page by page: what is held is a page and one key per row (for the duplicates).
 */
export async function judgeRows(
  db: Db,
  meeting: VisibleMeeting,
  info: repo.ImportInfo,
  mapping: ImportMapping,
  lang: Language,
  onRow: (planned: PlannedRow, index: number, first: number | undefined) => Promise<void> | void,
): Promise<void> {
  const headers = JSON.parse(info.headers) as string[];
  const plan = rowPlanner(await dictionaryOf(db, meeting), headers, mapping, lang);
  const firstRowOf = new Map<string, number>();
  let index = 0;
  for (let after = 0; ;) {
    const page = await repo.importRowsAfter(db, info.id, after, IMPORT_PAGE_ROWS);
    for (const row of page) {
      const planned = plan(row);
      let first: number | undefined;
      if (planned.kind === 'valid') {
        first = firstRowOf.get(planned.key);
        if (first === undefined) firstRowOf.set(planned.key, row.number);
      }
      await onRow(planned, index, first);
      index += 1;
      await breathe(index);
    }
    if (page.length < IMPORT_PAGE_ROWS) return;
    after = page.at(-1)!.number;
  }
}

/** Which of these keys (area code | E.164) belong to live guests of the meeting, with their ids. */
async function existingGuests(
  db: Db,
  meetingId: number,
  keys: Iterable<string>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const phones = [...new Set([...keys].map((key) => key.slice(key.indexOf('|') + 1)))];
  for (let start = 0; start < phones.length; start += 1000) {
    for (const guest of await repo.liveGuestsByPhone(db, meetingId, phones.slice(start, start + 1000))) {
      found.set(`${guest.area_code}|${guest.phone}`, guest.id);
    }
  }
  return found;
}

/**
 * What the job would do with every row, against the meeting as it is now: the counts, the first
 * problems in row order (all counted), and the meeting's seats left. Seats are handed out in file
 * order as the job will. Not charged: sessions an existing guest would gain under "update".
 */
export async function previewRows(
  db: Db,
  meeting: VisibleMeeting,
  info: repo.ImportInfo,
  mapping: ImportMapping,
  lang: Language,
) {
  const issues: ImportIssue[] = [];
  let issuesTotal = 0;
  // A row's own problems are added as it is read, guests already there and seats a page later: the
  // issues kept are the earliest rows', so the list is cut by row, not by when an issue was found.
  const keepEarliest = () => {
    issues.sort((a, b) => a.row - b.row);
    issues.length = Math.min(issues.length, IMPORT_PREVIEW_ISSUES_MAX);
  };
  const addIssue = (issue: ImportIssue) => {
    issuesTotal += 1;
    issues.push(issue);
    if (issues.length === 2 * IMPORT_PREVIEW_ISSUES_MAX) keepEarliest();
  };
  const counts = { total: 0, valid: 0, invalid: 0, duplicate_in_file: 0, existing: 0, over_capacity: 0 };
  // The meeting's seats as they are now, handed out in file order as the job will.
  const dictionary = await repo.sessionsOf(db, meeting.id);
  const seats = await openSeatLedger(db, {
    locking: false,
    meetingId: meeting.id,
    scheduleIds: dictionary.map((s) => s.id),
    overLimit: false,
  });
  const sessionName = new Map(dictionary.map((s) => [s.id, nameIn(lang, s.name, s.name_cn, s.name_en)]));
  const seatsLeft = seats.meetingSeatsLeft();
  // The first rows of their phones, judged against the meeting a page at a time, in file order:
  // what is held is a page of them, never the file's.
  let fresh: { row: number; key: string; scheduleIds: number[] }[] = [];
  const judgeFresh = async () => {
    const existing = await existingGuests(
      db,
      meeting.id,
      fresh.map((r) => r.key),
    );
    for (const row of fresh) {
      if (existing.has(row.key)) {
        counts.existing += 1;
        addIssue({
          row: row.row,
          kind: 'existing',
          column: null,
          message: fieldMessage('existingGuest', lang),
        });
        continue;
      }
      const refusal = seats.takeForNewGuest(row.scheduleIds);
      if (refusal) {
        counts.over_capacity += 1;
        addIssue({
          row: row.row,
          kind: 'over_capacity',
          column: null,
          message: seatRefusalText(refusal, lang, sessionName),
        });
      } else {
        counts.valid += 1;
      }
    }
    fresh = [];
  };
  const keepMemory = importMemoryKeeper();
  await judgeRows(db, meeting, info, mapping, lang, async (planned, _index, first) => {
    counts.total += 1;
    keepMemory(1);
    if (planned.kind === 'invalid') {
      counts.invalid += 1;
      for (const p of planned.problems)
        addIssue({ row: planned.row.number, kind: 'invalid', column: p.column, message: p.message });
    } else if (first !== undefined) {
      counts.duplicate_in_file += 1;
      addIssue({
        row: planned.row.number,
        kind: 'duplicate_in_file',
        column: null,
        message: fieldMessage('duplicateInFile', lang, first),
      });
    } else {
      fresh.push({ row: planned.row.number, key: planned.key, scheduleIds: planned.scheduleIds });
      if (fresh.length === IMPORT_PAGE_ROWS) await judgeFresh();
    }
  });
  await judgeFresh();
  keepEarliest();
  return { counts, issues, issuesTotal, seatsLeft };
}
