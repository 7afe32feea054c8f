import type { Language } from '@meetflow/shared/languages';
import {
  bestMatch,
  DATED_NAME,
  datedKeys,
  findTimeSlot,
  keyIndex,
  LIMIT_MAX,
  nameSet,
  normalizeName,
  parseDate,
  sameNames,
  SESSION_SEPARATORS,
  type ExistingCategory,
  type ExistingSession,
  type ExistingUserType,
  type MeetingState,
  type SchedulePlan,
  type ScheduleWorkbook,
  type SessionRef,
} from './schedule-import-rows.ts';
import { createSheetJudge, type SheetJudge } from './schedule-sheet-judge.ts';

/**
 * Judges the workbook against the meeting: counts per sheet, every problem (its column named in
 * `lang`), and what applying it would write. Nothing may be applied while `issues` is not empty.
 */
export function planScheduleImport(
  workbook: ScheduleWorkbook,
  state: MeetingState,
  lang: Language,
): SchedulePlan {
  const judge = createSheetJudge(workbook, lang);
  const { plan, issues, message } = judge;
  const resolveSession = planSessions(judge, state);
  planUserTypes(judge, state, resolveSession);
  planCategories(judge, state);
  for (const { kind, name } of workbook.repeated)
    issues.unshift({
      sheet: kind,
      row: 1,
      column: null,
      message: message('importSheetRepeated', undefined, name),
    });
  return plan;
}

/**
 * The sessions sheet: matched by date and name, else created. Answers how a registration type's cell
 * finds a session among the existing ones and this workbook's new rows.
 */
function planSessions(judge: SheetJudge, state: MeetingState) {
  const { plan, message, eachRow, readNames, duplicates } = judge;
  /** Sessions a registration type may name, as they will be: existing ones and this workbook's new rows. */
  const pool: { ref: SessionRef; date: string; names: Set<string> }[] = [];
  const matchedSessions = new Map<number, Set<string>>();
  const sessionDuplicates = duplicates();
  const existingSessions = keyIndex<ExistingSession>();
  for (const s of state.sessions) existingSessions.add(datedKeys(s.date, nameSet(s)), s);
  eachRow('sessions', (r) => {
    const dateText = r.cell('date');
    const date = dateText === '' ? undefined : parseDate(dateText);
    if (dateText === '') r.problem('date', message('scheduleDateRequired'));
    else if (!date) r.problem('date', message('importDateFormat'));
    const names = readNames(r, 'scheduleNameRequired');
    const keys = nameSet(names);

    const limitText = r.cell('signup_limit');
    let limit: number | undefined;
    if (limitText === '') r.problem('signup_limit', message('signupLimitRequired'));
    else if (!/^[+-]?\d+$/.test(limitText)) r.problem('signup_limit', message('importWholeNumber'));
    else if (Number(limitText) < 0) r.problem('signup_limit', message('tooSmall', 0));
    else if (Number(limitText) > LIMIT_MAX) r.problem('signup_limit', message('tooBig', LIMIT_MAX));
    else limit = Number(limitText);

    let timeSlot: number | null | undefined; // undefined: the column is absent, keep the session's
    if (r.has('time_slot')) {
      const text = r.cell('time_slot');
      const found = text === '' ? null : findTimeSlot(text, state.timeSlots);
      if (found === undefined) r.problem('time_slot', message('meetingTimeNotFound'));
      else if (found === 'ambiguous') r.problem('time_slot', message('importAmbiguous', undefined, text));
      else timeSlot = found === null ? null : found.id;
    }

    if (!date || keys.size === 0) return;
    const match = bestMatch(names, existingSessions.find(datedKeys(date, keys)));
    if (match === 'ambiguous') {
      r.problem(
        'name',
        message('importAmbiguous', undefined, `${date} ${names.name || names.name_en || names.name_cn}`),
      );
      return;
    }
    sessionDuplicates.check(r, datedKeys(date, keys), match?.id);
    if (match) {
      matchedSessions.set(match.id, new Set([...nameSet(match), ...keys]));
      if (limit !== undefined && limit > 0 && limit < match.signup_count)
        r.problem('signup_limit', message('signupLimitBelowCount'));
    } else {
      pool.push({ ref: { row: r.row.number }, date, names: keys });
      if (!state.dateWithinMeeting(date)) r.problem('date', message('scheduleDateOutsideMeeting'));
    }
    if (r.problems > 0 || limit === undefined) return; // an invalid row writes nothing
    if (!match) {
      plan.sessions.push({
        kind: 'create',
        row: r.row.number,
        values: { ...names, date, signup_limit: limit, meeting_time_id: timeSlot ?? null },
      });
      plan.sheets.sessions.create += 1;
      return;
    }
    const changed =
      !sameNames(names, match) ||
      limit !== match.signup_limit ||
      (timeSlot !== undefined && timeSlot !== match.meeting_time_id);
    if (!changed) return;
    plan.sessions.push({
      kind: 'update',
      id: match.id,
      values: {
        ...names,
        signup_limit: limit,
        ...(timeSlot === undefined ? {} : { meeting_time_id: timeSlot }),
      },
    });
    plan.sheets.sessions.update += 1;
  });
  for (const s of state.sessions)
    pool.push({ ref: { id: s.id }, date: s.date, names: matchedSessions.get(s.id) ?? nameSet(s) });
  const poolByName = keyIndex<(typeof pool)[number]>();
  const poolByDatedName = keyIndex<(typeof pool)[number]>();
  for (const entry of pool) {
    poolByName.add(entry.names, entry);
    poolByDatedName.add(datedKeys(entry.date, entry.names), entry);
  }

  /** The session a cell's item names: "YYYY-MM-DD name", or a name only one session has. */
  function resolveSession(text: string): SessionRef | 'ambiguous' | undefined {
    const dated = DATED_NAME.exec(text);
    const date = dated ? parseDate(dated[1]!) : undefined;
    let found = date === undefined ? [] : poolByDatedName.find(datedKeys(date, [normalizeName(dated![2]!)]));
    // A name that merely starts like a date ("2026 Gala") is looked up whole.
    if (found.length === 0) found = poolByName.find([normalizeName(text)]);
    if (found.length > 1) return 'ambiguous';
    return found[0]?.ref;
  }
  return resolveSession;
}

/** The registration types sheet: matched by name, their allowed sessions replaced by the cell's. */
function planUserTypes(
  judge: SheetJudge,
  state: MeetingState,
  resolveSession: (text: string) => SessionRef | 'ambiguous' | undefined,
) {
  const { plan, message, eachRow, readNames, duplicates } = judge;
  const refKey = (ref: SessionRef) => ('id' in ref ? `id:${ref.id}` : `row:${ref.row}`);
  const typeDuplicates = duplicates();
  const existingTypes = keyIndex<ExistingUserType>();
  for (const t of state.userTypes) existingTypes.add(nameSet(t), t);
  eachRow('user_types', (r) => {
    const names = readNames(r, 'userTypeNameRequired');
    const items = r
      .cell('sessions')
      .split(SESSION_SEPARATORS)
      .map((s) => s.trim())
      .filter(Boolean);
    const refs = new Map<string, SessionRef>();
    if (items.length === 0) r.problem('sessions', message('importSessionsRequired'));
    for (const item of items) {
      const ref = resolveSession(item);
      if (ref === undefined) r.problem('sessions', message('sessionNotFound', undefined, item));
      else if (ref === 'ambiguous') r.problem('sessions', message('sessionAmbiguous', undefined, item));
      else refs.set(refKey(ref), ref);
    }
    const keys = nameSet(names);
    if (keys.size === 0) return;
    const match = bestMatch(names, existingTypes.find(keys));
    if (match === 'ambiguous') {
      r.problem('name', message('importAmbiguous', undefined, names.name || names.name_en || names.name_cn));
      return;
    }
    typeDuplicates.check(r, [...keys], match?.id);
    if (r.problems > 0) return;
    const sessions = [...refs.values()];
    if (!match) {
      plan.userTypes.push({ kind: 'create', names, sessions });
      plan.sheets.user_types.create += 1;
      return;
    }
    const current = new Set(match.scheduleIds.map((id) => `id:${id}`));
    const sameSessions = sessions.length === current.size && sessions.every((s) => current.has(refKey(s)));
    if (sameNames(names, match) && sameSessions) return;
    plan.userTypes.push({ kind: 'update', id: match.id, names, sessions });
    plan.sheets.user_types.update += 1;
  });
}

/** The college categories sheet: only the meeting's organisation's own are ever changed. */
function planCategories(judge: SheetJudge, state: MeetingState) {
  const { plan, message, eachRow, readNames, duplicates } = judge;
  const own = state.meeting.organization_id;
  const categoryDuplicates = duplicates();
  const existingCategories = keyIndex<ExistingCategory>();
  for (const c of state.categories) existingCategories.add(nameSet(c), c);
  eachRow('college_categories', (r) => {
    const names = readNames(r, 'categoryNameRequired');
    const keys = nameSet(names);
    if (keys.size === 0) return;
    const candidates = existingCategories.find(keys);
    const owned = candidates.filter((c) => c.organization_id === own);
    const match = bestMatch(names, owned.length > 0 ? owned : candidates);
    if (match === 'ambiguous') {
      r.problem('name', message('importAmbiguous', undefined, names.name || names.name_en || names.name_cn));
      return;
    }
    categoryDuplicates.check(r, [...keys], match?.id);
    if (r.problems > 0) return;
    if (!match) {
      plan.categories.push({ kind: 'create', names });
      plan.sheets.college_categories.create += 1;
      return;
    }
    // Global categories and those of an organisation above are read, never changed, by an import.
    if (match.organization_id !== own || sameNames(names, match)) return;
    plan.categories.push({ kind: 'update', id: match.id, names });
    plan.sheets.college_categories.update += 1;
  });
}
