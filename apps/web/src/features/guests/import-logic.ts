import { localText } from '@meetflow/shared/forms/form-definition';
import type { Language } from '@meetflow/shared/languages';
import {
  DATE_SCHEDULE_IMPORT_FIELDS,
  GENERAL_IMPORT_FIELDS,
  IMPORT_SAMPLE_ROWS,
  answerKeyOf,
  answerTargetOf,
  isAnswerTarget,
  type AnswerTarget,
  type GuestImportField,
  type GuestImportPreview,
  type ImportAnswerField,
  type ImportMapping,
  type ImportProgress,
  type ImportStatus,
  type ImportTarget,
  type OnExisting,
} from '@meetflow/shared/schemas/imports';
import type { MeetingType } from '@meetflow/shared/schemas/meetings';

/* The import drawer's rules without UI (issue 16): steps, the column mapping's checks, the counts. */

export const IMPORT_STEPS = ['upload', 'columns', 'preview', 'progress', 'done'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** Where the drawer stands: no import yet, an uploaded file (mapping, then its preview), the job, its end. */
export function importStep(status: ImportStatus | null, previewing: boolean): ImportStep {
  switch (status) {
    case null:
      return 'upload';
    case 'reading':
      // Its file read again in another encoding: the columns stay until the new ones come.
      return 'columns';
    case 'uploaded':
      return previewing ? 'preview' : 'columns';
    case 'queued':
    case 'running':
      return 'progress';
    case 'done':
    case 'failed':
      return 'done';
  }
}

/** The fields a column can fill, as the meeting type's sign-up form has them. */
export function importFields(type: MeetingType): readonly GuestImportField[] {
  return type === 'date_schedule' ? DATE_SCHEDULE_IMPORT_FIELDS : GENERAL_IMPORT_FIELDS;
}

/**
 * Everything a column of this meeting's file can fill: the meeting type's fields, then the meeting's
 * own (issue 42), as the server lists them on the import.
 */
export function importTargets(
  type: MeetingType,
  answerFields: readonly ImportAnswerField[],
): readonly ImportTarget[] {
  return [...importFields(type), ...answerFields.map((field) => answerTargetOf(field.key))];
}

/** One of the meeting's own fields by its target, in the language given. */
export function answerFieldLabel(
  target: AnswerTarget,
  answerFields: readonly ImportAnswerField[],
  lang: Language,
): string {
  const key = answerKeyOf(target);
  const field = answerFields.find((f) => f.key === key);
  return field ? localText(field.label, lang) : key;
}

/**
 * The meeting's own required fields no column fills: every row would be refused for want of them
 * (the import still may run: the preview shows it row by row).
 */
export function unmappedRequired(
  mapping: ImportMapping,
  answerFields: readonly ImportAnswerField[],
): ImportAnswerField[] {
  const mapped = new Set(mapping.filter(isAnswerTarget).map(answerKeyOf));
  return answerFields.filter((field) => field.required && !mapped.has(field.key));
}

/** Without these a row cannot be matched to a guest (the phone is the guest's key in a meeting). */
export const REQUIRED_IMPORT_FIELDS: readonly GuestImportField[] = ['area_code', 'phone'];
/** A guest may enrol in several sessions: one column each. */
export const MULTI_COLUMN_FIELDS: readonly GuestImportField[] = ['session'];

/** Each field's label key under guests.fields (the guest list's column titles). */
export const IMPORT_FIELD_LABELS: Record<GuestImportField, string> = {
  name: 'name',
  gender: 'gender',
  local_guest: 'localGuest',
  area_code: 'areaCode',
  phone: 'phone',
  email: 'email',
  institution: 'institution',
  job_title: 'jobTitle',
  contact_name: 'contactName',
  contact_number: 'contactNumber',
  contact_phone: 'contactPhone',
  name_zh: 'nameZh',
  name_en: 'nameEn',
  organization: 'organization',
  user_type: 'userType',
  license_number: 'licenseNumber',
  other: 'other',
  academy_member: 'academyMember',
  college_category: 'collegeCategory',
  session: 'sessions',
};

/**
 * The server's suggested mapping made to fit the file: one entry per column (missing ones left out,
 * extra ones dropped), and only fields the meeting has.
 */
export function fitMapping(
  mapping: ImportMapping,
  columns: number,
  fields: readonly ImportTarget[],
): ImportMapping {
  return Array.from({ length: columns }, (_, index) => {
    const field = mapping[index] ?? null;
    return field !== null && fields.includes(field) ? field : null;
  });
}

export interface MappingCheck {
  /** Columns whose field another column fills too (fields other than sessions go to one column). */
  duplicates: Map<number, ImportTarget>;
  /** Required fields no column fills. */
  missing: GuestImportField[];
  ok: boolean;
}

export function checkMapping(mapping: ImportMapping): MappingCheck {
  const columnsOf = new Map<ImportTarget, number[]>();
  mapping.forEach((field, index) => {
    if (field !== null) columnsOf.set(field, [...(columnsOf.get(field) ?? []), index]);
  });
  const duplicates = new Map<number, ImportTarget>();
  for (const [field, columns] of columnsOf) {
    if (columns.length > 1 && !(MULTI_COLUMN_FIELDS as readonly ImportTarget[]).includes(field)) {
      for (const column of columns) duplicates.set(column, field);
    }
  }
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !columnsOf.has(field));
  return { duplicates, missing, ok: duplicates.size === 0 && missing.length === 0 };
}

/** A column's name as spreadsheets show it: A…Z, AA, AB… */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The first non-blank sample values of a column, for the mapping step. */
export function columnSamples(sample: readonly (readonly string[])[], index: number): string[] {
  return sample
    .map((row) => (row[index] ?? '').trim())
    .filter(Boolean)
    .slice(0, IMPORT_SAMPLE_ROWS);
}

export interface ImportOptions {
  onExisting: OnExisting;
  overLimit: boolean;
}

/**
 * What starting the import would write, by the preview's counts: the valid new rows within the seats
 * (plus those beyond them when over the limit) and, when chosen, the existing guests updated.
 */
export function rowsToWrite(preview: GuestImportPreview, options: ImportOptions) {
  const created = preview.valid + (options.overLimit ? preview.over_capacity : 0);
  const updated = options.onExisting === 'update' ? preview.existing : 0;
  return { created, updated, total: created + updated };
}

/** Rows handled so far, as a whole percentage (an empty file is done at once). */
export function progressPercent(progress: ImportProgress): number {
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.floor((progress.processed * 100) / progress.total));
}
