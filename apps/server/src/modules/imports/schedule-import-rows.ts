import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import { nameIn, type Language, type Localized } from '@meetflow/shared/languages';
import { isScheduleDate } from '@meetflow/shared/schemas/dictionary';
import {
  SCHEDULE_IMPORT_SHEETS,
  type ScheduleImportIssue,
  type ScheduleImportSheet,
} from '@meetflow/shared/schemas/imports';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';

/*
 * The schedule workbook of a date-schedule meeting, judged row by row against the meeting as it is.
 * Pure: the service reads the workbook and the meeting's entries, this decides what each row does.
 *
 * Rules (issue 16):
 * - Sheets and columns are recognised by their names in any of the three languages (the template's
 *   own, a few aliases); other sheets and columns are ignored. An absent sheet is left alone; a
 *   required column missing makes every row of its sheet invalid. An absent optional column (the
 *   time slot) leaves that value of a matched session as it is.
 * - Names are compared trimmed, case- and width-insensitively ("name in any language": a row
 *   matches an entry when one of its three names equals one of the entry's). When several entries
 *   match, the one with the most names equal language by language wins; a tie is an error.
 * - Sessions: matched by (date, name) among the meeting's sessions → names, limit and time slot
 *   updated; else created (its date within the meeting's days). A limit below the seats already
 *   taken is an error. The time slot is one the meeting's organisation may use ("HH:mm-HH:mm",
 *   with its remark when two slots share their times); an empty cell means none.
 * - Registration types: matched by name among the meeting's → names updated and the allowed
 *   sessions replaced by the cell's (split at ; , 、 or new lines; each a session's name when only
 *   one session has it, or "YYYY-MM-DD name"), sessions of this workbook included.
 * - College categories: matched by name among those the meeting's organisation may use. Only the
 *   organisation's own are ever changed; a row naming a global category or one of an organisation
 *   above is fine and changes nothing. New ones belong to the meeting's organisation.
 * - Two rows of a sheet naming the same entry are an error; nothing is ever deleted; a row that
 *   changes nothing counts neither as created nor updated.
 */

export type SheetKind = ScheduleImportSheet;
type ColumnKey = 'date' | 'time_slot' | 'name' | 'name_cn' | 'name_en' | 'signup_limit' | 'sessions';

const NAME_MAX = 200;
const LIMIT_MAX = 1_000_000;

export const SHEET_NAMES: Record<SheetKind, Localized> = {
  sessions: { 'zh-tw': '日程', 'zh-cn': '日程', en: 'Sessions' },
  user_types: { 'zh-tw': '報名類型', 'zh-cn': '报名类型', en: 'Registration types' },
  college_categories: { 'zh-tw': '專科學院類別', 'zh-cn': '专科学院类别', en: 'College categories' },
};
/** Other names a sheet is known by (the dictionary page's tab titles). */
const SHEET_ALIASES: Record<SheetKind, readonly string[]> = {
  sessions: ['schedules', 'sessions'],
  user_types: ['使用者類型', '用户类型', 'user types', 'user_types'],
  college_categories: ['學院類別', '学院类别', 'college_categories'],
};

const nameColumns = (what: Localized): { key: ColumnKey; label: Localized; required: true }[] => [
  {
    key: 'name',
    label: {
      'zh-tw': `${what['zh-tw']}（繁體中文）`,
      'zh-cn': `${what['zh-cn']}（繁体中文）`,
      en: `${what.en} (Traditional Chinese)`,
    },
    required: true,
  },
  {
    key: 'name_cn',
    label: {
      'zh-tw': `${what['zh-tw']}（簡體中文）`,
      'zh-cn': `${what['zh-cn']}（简体中文）`,
      en: `${what.en} (Simplified Chinese)`,
    },
    required: true,
  },
  {
    key: 'name_en',
    label: {
      'zh-tw': `${what['zh-tw']}（英文）`,
      'zh-cn': `${what['zh-cn']}（英文）`,
      en: `${what.en} (English)`,
    },
    required: true,
  },
];
const NAME: Localized = { 'zh-tw': '名稱', 'zh-cn': '名称', en: 'Name' };

export interface ColumnSpec {
  key: ColumnKey;
  label: Localized;
  required: boolean;
}

/** Each sheet's columns in the template's order. */
export const COLUMNS: Record<SheetKind, readonly ColumnSpec[]> = {
  sessions: [
    { key: 'date', label: { 'zh-tw': '日期', 'zh-cn': '日期', en: 'Date' }, required: true },
    { key: 'time_slot', label: { 'zh-tw': '時段', 'zh-cn': '时段', en: 'Time slot' }, required: false },
    ...nameColumns(NAME),
    {
      key: 'signup_limit',
      label: {
        'zh-tw': '報名人數上限（0 為不限）',
        'zh-cn': '报名人数上限（0 为不限）',
        en: 'Sign-up limit (0 = none)',
      },
      required: true,
    },
  ],
  user_types: [
    ...nameColumns(NAME),
    {
      key: 'sessions',
      label: { 'zh-tw': '可報名日程', 'zh-cn': '可报名日程', en: 'Sessions allowed' },
      required: true,
    },
  ],
  college_categories: nameColumns(NAME),
};

/** Trimmed, one space between words, full-width folded, lower case: how names and headers compare. */
export function normalizeName(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A header as written in the template ("Date *") or by hand. */
const normalizeHeader = (text: string) => normalizeName(text.replace(/\*\s*$/, ''));

/** Which kind of sheet a sheet's name says, if any. */
export function sheetKindOf(name: string): SheetKind | undefined {
  const wanted = normalizeName(name);
  return SCHEDULE_IMPORT_SHEETS.find(
    (kind) =>
      Object.values(SHEET_NAMES[kind]).some((n) => normalizeName(n) === wanted) ||
      SHEET_ALIASES[kind].some((n) => normalizeName(n) === wanted),
  );
}

/* ── What the rows are judged against ─────────────────────────────────────────────────────────── */

export interface Names {
  name: string;
  name_cn: string;
  name_en: string;
}
export interface TimeSlot {
  id: number;
  start_time: string;
  end_time: string;
  remark: string;
  remark_cn: string;
  remark_en: string;
}
export interface ExistingSession extends Names {
  id: number;
  date: string;
  signup_limit: number;
  signup_count: number;
  meeting_time_id: number | null;
}
export interface ExistingUserType extends Names {
  id: number;
  scheduleIds: readonly number[];
}
export interface ExistingCategory extends Names {
  id: number;
  organization_id: number | null;
}
export interface MeetingState {
  meeting: { organization_id: number; start_at: number; end_at: number };
  /** Whether a YYYY-MM-DD day lies within the meeting's days. */
  dateWithinMeeting: (date: string) => boolean;
  sessions: readonly ExistingSession[];
  userTypes: readonly ExistingUserType[];
  /** The categories the meeting's organisation may use: global, its own and those above it. */
  categories: readonly ExistingCategory[];
  /** The time slots the meeting's organisation may use. */
  timeSlots: readonly TimeSlot[];
}

/** One sheet of the workbook: its name, header row and data rows. */
export interface SheetTable {
  name: string;
  header: SheetRow;
  rows: SheetRow[];
}
export interface ScheduleWorkbook {
  sheets: Partial<Record<SheetKind, SheetTable>>;
  /** Further sheets of a kind already seen: reported, never read. */
  repeated: { kind: SheetKind; name: string }[];
}

/* ── What the rows do ─────────────────────────────────────────────────────────────────────────── */

/** A session a registration type names: an existing one, or the one a row of this workbook creates. */
export type SessionRef = { id: number } | { row: number };

export type SessionAction =
  | {
      kind: 'create';
      row: number;
      values: Names & { date: string; signup_limit: number; meeting_time_id: number | null };
    }
  | { kind: 'update'; id: number; values: Names & { signup_limit: number; meeting_time_id?: number | null } };
export type UserTypeAction =
  | { kind: 'create'; names: Names; sessions: SessionRef[] }
  | { kind: 'update'; id: number; names: Names; sessions: SessionRef[] };
export type CategoryAction = { kind: 'create'; names: Names } | { kind: 'update'; id: number; names: Names };

export interface SheetCounts {
  total: number;
  create: number;
  update: number;
  invalid: number;
}
export interface SchedulePlan {
  sheets: Record<SheetKind, SheetCounts>;
  /** Every problem, in sheet then row order. */
  issues: ScheduleImportIssue[];
  sessions: SessionAction[];
  userTypes: UserTypeAction[];
  categories: CategoryAction[];
}

/* ── Helpers ──────────────────────────────────────────────────────────────────────────────────── */

const namesOf = (e: Names) => [e.name, e.name_cn, e.name_en];
const nameSet = (e: Names) => new Set(namesOf(e).map(normalizeName).filter(Boolean));

/** Entries by each of their keys, so that a row finds what shares a key with it without a scan. */
function keyIndex<T>() {
  const map = new Map<string, T[]>();
  return {
    add(keys: Iterable<string>, entry: T) {
      for (const key of new Set(keys)) {
        const list = map.get(key);
        if (list) list.push(entry);
        else map.set(key, [entry]);
      }
    },
    find(keys: Iterable<string>): T[] {
      const found = new Set<T>();
      for (const key of keys) for (const entry of map.get(key) ?? []) found.add(entry);
      return [...found];
    },
  };
}
const datedKeys = (date: string, names: Iterable<string>) => [...names].map((name) => `${date}|${name}`);
const sameNames = (a: Names, b: Names) =>
  a.name === b.name && a.name_cn === b.name_cn && a.name_en === b.name_en;

/** Among entries sharing a name with `row`, the one with the most names equal language by language. */
function bestMatch<T extends Names>(row: Names, candidates: readonly T[]): T | 'ambiguous' | undefined {
  if (candidates.length <= 1) return candidates[0];
  const score = (e: T) =>
    (['name', 'name_cn', 'name_en'] as const).filter((k) => normalizeName(e[k]) === normalizeName(row[k]))
      .length;
  const best = Math.max(...candidates.map(score));
  const top = candidates.filter((e) => score(e) === best);
  return top.length === 1 ? top[0] : 'ambiguous';
}

/** A date as typed or as a date cell reads (YYYY-MM-DD, also YYYY/M/D); undefined when not a real day. */
export function parseDate(text: string): string | undefined {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]00:00(?::00)?)?$/.exec(text.trim());
  if (!match) return undefined;
  const date = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isScheduleDate(date) ? date : undefined;
}

/** How the template writes a time slot: "HH:mm-HH:mm", then its remark in the reader's language. */
export function timeSlotLabel(slot: TimeSlot, lang: Language): string {
  const remark = nameIn(lang, slot.remark, slot.remark_cn, slot.remark_en).trim();
  return remark ? `${slot.start_time}-${slot.end_time} ${remark}` : `${slot.start_time}-${slot.end_time}`;
}

const TIME_RANGE = /^(\d{1,2}):(\d{2})\s*[-–—~～至到]\s*(\d{1,2}):(\d{2})\s*(.*)$/;

/** The usable slot a cell names: by its times, and by its remark (any language) when times repeat. */
function findTimeSlot(text: string, slots: readonly TimeSlot[]): TimeSlot | 'ambiguous' | undefined {
  const match = TIME_RANGE.exec(text.normalize('NFKC').trim());
  if (!match) return undefined;
  const start = `${match[1]!.padStart(2, '0')}:${match[2]}`;
  const end = `${match[3]!.padStart(2, '0')}:${match[4]}`;
  const byTime = slots.filter((s) => s.start_time === start && s.end_time === end);
  const remark = normalizeName(match[5] ?? '');
  if (byTime.length <= 1)
    return remark && byTime[0] && !remarkMatches(byTime[0], remark) ? undefined : byTime[0];
  if (!remark) return 'ambiguous';
  const byRemark = byTime.filter((s) => remarkMatches(s, remark));
  return byRemark.length === 1 ? byRemark[0] : byRemark.length === 0 ? undefined : 'ambiguous';
}
const remarkMatches = (slot: TimeSlot, remark: string) =>
  [slot.remark, slot.remark_cn, slot.remark_en].some((r) => normalizeName(r) === remark);

/** The separators between sessions in a cell. */
const SESSION_SEPARATORS = /[;；,，、\r\n]+/;
const DATED_NAME = /^(\d{4}[-/.]\d{1,2}[-/.]\d{1,2})\s+(.+)$/;

/** How the template names a session in a registration type's cell: its name when unique, else "date name". */
export function sessionReference(
  session: Names & { id: number; date: string },
  all: readonly (Names & { id: number; date: string })[],
  lang: Language,
): string {
  const name = nameIn(lang, session.name, session.name_cn, session.name_en);
  const key = normalizeName(name);
  const sharing = all.filter((s) => s.id !== session.id && nameSet(s).has(key));
  if (sharing.length === 0 && !DATED_NAME.test(name)) return name;
  return `${session.date} ${name}`;
}

/* ── The plan ─────────────────────────────────────────────────────────────────────────────────── */

interface RowReader {
  row: SheetRow;
  /** A cell by column, trimmed; '' when empty or the column is absent. */
  cell(key: ColumnKey): string;
  has(key: ColumnKey): boolean;
  problem(key: ColumnKey | null, message: string): void;
  readonly problems: number;
}

/**
 * Judges the workbook against the meeting: counts per sheet, every problem (its column named in
 * `lang`), and what applying it would write. Nothing may be applied while `issues` is not empty.
 */
export function planScheduleImport(
  workbook: ScheduleWorkbook,
  state: MeetingState,
  lang: Language,
): SchedulePlan {
  const issues: ScheduleImportIssue[] = [];
  const counts = (): SheetCounts => ({ total: 0, create: 0, update: 0, invalid: 0 });
  const plan: SchedulePlan = {
    sheets: { sessions: counts(), user_types: counts(), college_categories: counts() },
    issues,
    sessions: [],
    userTypes: [],
    categories: [],
  };
  const message = (key: FieldMessageKey, bound?: number, text?: string) =>
    fieldMessage(key, lang, bound, text);

  /** Reads a sheet's header, then hands each row to `judge`; a missing required column fails every row. */
  function eachRow(kind: SheetKind, judge: (reader: RowReader) => void) {
    const table = workbook.sheets[kind];
    if (!table) return;
    const summary = plan.sheets[kind];
    summary.total = table.rows.length;
    const specs = COLUMNS[kind];
    const label = (key: ColumnKey | null) =>
      key === null ? null : (specs.find((c) => c.key === key)?.label[lang] ?? null);
    const index = new Map<ColumnKey, number>();
    table.header.cells.forEach((text, i) => {
      const wanted = normalizeHeader(text);
      const spec = specs.find((c) => Object.values(c.label).some((l) => normalizeHeader(l) === wanted));
      if (spec && !index.has(spec.key)) index.set(spec.key, i);
    });
    const missing = specs.filter((c) => c.required && !index.has(c.key));
    if (missing.length > 0) {
      for (const spec of missing)
        issues.push({
          sheet: kind,
          row: table.header.number,
          column: spec.label[lang],
          message: message('importColumnMissing', undefined, spec.label[lang]),
        });
      summary.invalid = table.rows.length;
      return;
    }
    for (const row of table.rows) {
      let problems = 0;
      const reader: RowReader = {
        row,
        cell: (key) => {
          const i = index.get(key);
          return i === undefined ? '' : (row.cells[i] ?? '').trim();
        },
        has: (key) => index.has(key),
        problem: (key, text) => {
          problems += 1;
          issues.push({ sheet: kind, row: row.number, column: label(key), message: text });
        },
        get problems() {
          return problems;
        },
      };
      judge(reader);
      if (problems > 0) summary.invalid += 1;
    }
  }

  /** The three names of a row, each required and at most NAME_MAX characters. */
  function readNames(r: RowReader, required: FieldMessageKey): Names {
    const names = { name: r.cell('name'), name_cn: r.cell('name_cn'), name_en: r.cell('name_en') };
    for (const key of ['name', 'name_cn', 'name_en'] as const) {
      if (names[key] === '') r.problem(key, message(required));
      else if (names[key].length > NAME_MAX) r.problem(key, message('tooLong', NAME_MAX));
    }
    return names;
  }

  /** Rows of a sheet naming the same entry: by a shared key (name, or date and name), or by the entry matched. */
  function duplicates() {
    const byKey = new Map<string, number>();
    const byId = new Map<number, number>();
    return {
      check(r: RowReader, keys: readonly string[], id: number | undefined) {
        const earlier = [
          ...keys.map((k) => byKey.get(k)),
          id === undefined ? undefined : byId.get(id),
        ].filter((row) => row !== undefined);
        if (earlier.length > 0) r.problem(null, message('importDuplicateRow', Math.min(...earlier)));
        for (const key of keys) if (!byKey.has(key)) byKey.set(key, r.row.number);
        if (id !== undefined && !byId.has(id)) byId.set(id, r.row.number);
      },
    };
  }

  /* Sessions. */

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
  const refKey = (ref: SessionRef) => ('id' in ref ? `id:${ref.id}` : `row:${ref.row}`);

  /* Registration types. */

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

  /* College categories. */

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

  for (const { kind, name } of workbook.repeated)
    issues.unshift({
      sheet: kind,
      row: 1,
      column: null,
      message: message('importSheetRepeated', undefined, name),
    });
  return plan;
}
