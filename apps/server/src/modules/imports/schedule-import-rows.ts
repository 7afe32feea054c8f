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
export type ColumnKey = 'date' | 'time_slot' | 'name' | 'name_cn' | 'name_en' | 'signup_limit' | 'sessions';

export const NAME_MAX = 200;
export const LIMIT_MAX = 1_000_000;

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
export const normalizeHeader = (text: string) => normalizeName(text.replace(/\*\s*$/, ''));

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

export const namesOf = (e: Names) => [e.name, e.name_cn, e.name_en];
export const nameSet = (e: Names) => new Set(namesOf(e).map(normalizeName).filter(Boolean));

/** Entries by each of their keys, so that a row finds what shares a key with it without a scan. */
export function keyIndex<T>() {
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
export const datedKeys = (date: string, names: Iterable<string>) =>
  [...names].map((name) => `${date}|${name}`);
export const sameNames = (a: Names, b: Names) =>
  a.name === b.name && a.name_cn === b.name_cn && a.name_en === b.name_en;

/** Among entries sharing a name with `row`, the one with the most names equal language by language. */
export function bestMatch<T extends Names>(
  row: Names,
  candidates: readonly T[],
): T | 'ambiguous' | undefined {
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
export function findTimeSlot(text: string, slots: readonly TimeSlot[]): TimeSlot | 'ambiguous' | undefined {
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
export const SESSION_SEPARATORS = /[;；,，、\r\n]+/;
export const DATED_NAME = /^(\d{4}[-/.]\d{1,2}[-/.]\d{1,2})\s+(.+)$/;

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
