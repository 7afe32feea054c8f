import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import type { Language } from '@meetflow/shared/languages';
import { normalizePhone } from '@meetflow/shared/phone';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import { isAnswerTarget, type GuestImportField, type ImportMapping } from '@meetflow/shared/schemas/imports';
import type { MeetingType } from '@meetflow/shared/schemas/meetings';
import { signUpBody, type SignUpInput } from '@meetflow/shared/schemas/public';
import { localizeIssues } from '@meetflow/shared/validation';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';
import type { SeatRefusal } from '../guests/guest-rules.ts';
import { answerJudge } from './guest-import-answers.ts';
import {
  normalizeHeader,
  parseAreaCode,
  parseGender,
  parsePhone,
  parseYesNo,
  splitList,
} from './guest-import-fields.ts';

/*
 * One row of a guest file judged by the sign-up's own rules: the shared `signUpBody` schema, the
 * phone per area code (libphonenumber), and the meeting's registration types, college categories and
 * sessions, named in any language. Pure: the service gives it the meeting's dictionary.
 */

/** A dictionary entry as a row may name it. */
export interface NamedEntry {
  id: number;
  name: string;
  name_cn: string;
  name_en: string;
}
export interface SessionEntry extends NamedEntry {
  /** YYYY-MM-DD */
  date: string;
}

/** What a row is checked against. */
export interface ImportDictionary {
  meetingType: MeetingType;
  userTypes: readonly NamedEntry[];
  /** The college categories the meeting's organisation may use. */
  collegeCategories: readonly NamedEntry[];
  sessions: readonly SessionEntry[];
  /** The sessions each registration type may enrol in. */
  allowedSessions: ReadonlyMap<number, ReadonlySet<number>>;
  /** The meeting's own fields (issue 42), retired ones included; none when absent. */
  formFields?: readonly FormField[];
}

export interface RowProblem {
  /** The header of the column at fault, or null for the row as a whole. */
  column: string | null;
  message: string;
}

export type PlannedRow =
  | { kind: 'invalid'; row: SheetRow; problems: RowProblem[] }
  | {
      kind: 'valid';
      row: SheetRow;
      body: SignUpInput;
      /** E.164 */
      phone: string;
      /** area code + phone: one guest per meeting. */
      key: string;
      scheduleIds: number[];
      /** The answers to the meeting's own fields (JSON), as the guest row stores them. */
      answers: string;
    };

type Lookup = (text: string) => number | 'ambiguous' | undefined;

/** Finds an entry by any of its names (or, for sessions, "date name"); a name two entries share is ambiguous. */
function lookupBy<T extends NamedEntry>(entries: readonly T[], names: (entry: T) => string[]): Lookup {
  const index = new Map<string, number | 'ambiguous'>();
  for (const entry of entries) {
    for (const name of new Set(names(entry).map(normalizeHeader).filter(Boolean))) {
      const seen = index.get(name);
      index.set(name, seen === undefined || seen === entry.id ? entry.id : 'ambiguous');
    }
  }
  return (text) => index.get(normalizeHeader(text));
}

const localNames = (e: NamedEntry) => [e.name, e.name_cn, e.name_en];

/** Where a form field's problem shows: the import field it comes from. */
const FIELD_OF_PATH: Record<string, GuestImportField> = {
  user_type_id: 'user_type',
  college_category_id: 'college_category',
  schedule_ids: 'session',
};

/**
 * Prepares the judging of a file's rows: the mapping's columns per field and the dictionary's
 * look-ups, built once. `plan` then judges one row; it never looks at other rows (duplicates are
 * the caller's, who sees the whole file).
 */
export function rowPlanner(
  dictionary: ImportDictionary,
  headers: readonly string[],
  mapping: ImportMapping,
  lang: Language,
) {
  const columns = new Map<GuestImportField, number[]>();
  mapping.forEach((field, index) => {
    if (field && !isAnswerTarget(field)) columns.set(field, [...(columns.get(field) ?? []), index]);
  });
  const answers = answerJudge(dictionary.formFields ?? [], headers, mapping, lang);
  const header = (field: GuestImportField): string | null => {
    const index = columns.get(field)?.[0];
    return index === undefined ? null : (headers[index] ?? null);
  };
  const userType = lookupBy(dictionary.userTypes, localNames);
  const category = lookupBy(dictionary.collegeCategories, localNames);
  const session = lookupBy(dictionary.sessions, (s) => [
    ...localNames(s),
    ...localNames(s).map((n) => `${s.date} ${n}`),
  ]);

  return function plan(row: SheetRow): PlannedRow {
    const text = (field: GuestImportField) => {
      const index = columns.get(field)?.[0];
      return index === undefined ? '' : (row.cells[index] ?? '').trim();
    };
    const problems: RowProblem[] = [];
    const problem = (field: GuestImportField, key: FieldMessageKey, value?: string) =>
      problems.push({ column: header(field), message: fieldMessage(key, lang, undefined, value) });

    const areaCode = parseAreaCode(text('area_code'));
    const common = {
      area_code: areaCode,
      phone: parsePhone(text('phone'), areaCode),
      email: text('email'),
    };
    let input: Record<string, unknown>;
    if (dictionary.meetingType === 'general') {
      input = {
        meeting_type: 'general',
        ...common,
        name: text('name'),
        gender: text('gender') && parseGender(text('gender')),
        local_guest: parseYesNo(text('local_guest')),
        institution: text('institution'),
        job_title: text('job_title'),
        contact_name: text('contact_name'),
        contact_number: text('contact_number'),
        contact_phone: text('contact_phone'),
      };
      if (text('local_guest') && input.local_guest === undefined) problem('local_guest', 'invalidOption');
    } else {
      const pick = (field: GuestImportField, lookup: Lookup): number | null | undefined => {
        const value = text(field);
        if (!value) return undefined;
        const found = lookup(value);
        if (typeof found === 'number') return found;
        problem(field, field === 'user_type' ? 'userTypeNotInMeeting' : 'collegeCategoryNotInMeeting');
        return null;
      };
      const scheduleIds: number[] = [];
      for (const index of columns.get('session') ?? []) {
        for (const name of splitList(row.cells[index] ?? '')) {
          const found = session(name);
          if (typeof found === 'number') scheduleIds.push(found);
          else
            problems.push({
              column: headers[index] ?? null,
              message: fieldMessage(
                found === 'ambiguous' ? 'sessionAmbiguous' : 'sessionNotFound',
                lang,
                undefined,
                name,
              ),
            });
        }
      }
      const academy = parseYesNo(text('academy_member'));
      if (text('academy_member') && academy === undefined) problem('academy_member', 'invalidOption');
      input = {
        meeting_type: 'date_schedule',
        ...common,
        name_zh: text('name_zh'),
        name_en: text('name_en'),
        organization: text('organization'),
        user_type_id: pick('user_type', userType),
        license_number: text('license_number'),
        other: text('other'),
        academy_member: academy ?? false,
        college_category_id: pick('college_category', category) ?? null,
        schedule_ids: [...new Set(scheduleIds)],
      };
    }
    const parsed = signUpBody.safeParse(input);
    if (!parsed.success) {
      const reported = new Set(problems.map((p) => p.column));
      for (const [path, message] of Object.entries(localizeIssues(parsed.error.issues, lang))) {
        const field = (FIELD_OF_PATH[path.split('.')[0]!] ?? path.split('.')[0]) as GuestImportField;
        // A name the dictionary did not know is already reported; its null is not a second problem.
        if (reported.has(header(field)) && header(field) !== null) continue;
        problems.push({ column: header(field), message });
      }
    }
    const phone = parsed.success ? normalizePhone(parsed.data.area_code, parsed.data.phone) : undefined;
    if (parsed.success && !phone) problem('phone', 'phoneInvalid');
    if (parsed.success && parsed.data.meeting_type === 'date_schedule') {
      const allowed = dictionary.allowedSessions.get(parsed.data.user_type_id) ?? new Set();
      if (parsed.data.schedule_ids.some((id) => !allowed.has(id)))
        problem('session', 'scheduleNotForUserType');
    }
    const userTypeId =
      parsed.success && parsed.data.meeting_type === 'date_schedule' ? parsed.data.user_type_id : null;
    const answered = answers.judge(row.cells, areaCode, userTypeId);
    problems.push(...answered.problems);
    if (problems.length > 0 || !parsed.success || !phone || answered.json === null)
      return { kind: 'invalid', row, problems };
    return {
      kind: 'valid',
      row,
      body: parsed.data,
      phone,
      key: `${parsed.data.area_code}|${phone}`,
      scheduleIds:
        parsed.data.meeting_type === 'date_schedule'
          ? [...parsed.data.schedule_ids].sort((a, b) => a - b)
          : [],
      answers: answered.json,
    };
  };
}

/** A row's problems as one text, for the failed-rows file. */
export function problemsText(problems: readonly RowProblem[]): string {
  return problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join('; ');
}

/** Why a row got no seat: the meeting, or the named session, is full (the preview's and the job's text). */
export function seatRefusalText(
  refusal: SeatRefusal,
  lang: Language,
  sessionName: ReadonlyMap<number, string>,
): string {
  return refusal.full === 'meeting'
    ? fieldMessage('meetingFullRow', lang)
    : fieldMessage('sessionFullRow', lang, undefined, sessionName.get(refusal.scheduleId) ?? '');
}
