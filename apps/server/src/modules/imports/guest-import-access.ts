import { ERRORS, errorMessage, type ErrorName } from '@meetflow/shared/errors';
import type { Language } from '@meetflow/shared/languages';
import {
  IMPORT_SAMPLE_CELL_CHARS,
  IMPORT_SAMPLE_ROWS,
  type GuestImport,
  type ImportMapping,
  type ImportTarget,
} from '@meetflow/shared/schemas/imports';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SheetRow, TextEncoding } from '../../lib/spreadsheet-reader.ts';
import { formFieldsOf } from '../guests/guest-rules.ts';
import { requiredInImport } from './guest-import-answers.ts';
import { importableFields, mappingProblem } from './guest-import-fields.ts';
import { IMPORT_PAGE_ROWS } from './guest-import-judge.ts';
import type { GuestImportsDeps, StoredOptions } from './guest-import.service.ts';
import { firstSheetRows, spreadsheetError } from './import-common.ts';
import * as repo from './imports.repository.ts';

/** A sample cell as the mapping shows it: long text cut, so that the answer stays small. */
export function sampleCell(cell: string): string {
  if (cell.length <= IMPORT_SAMPLE_CELL_CHARS) return cell;
  return `${Array.from(cell)
    .slice(0, IMPORT_SAMPLE_CELL_CHARS - 1)
    .join('')}…`; // whole characters
}

/**
 * What every step of a guest import needs: the import as the user may see it, its answer, the file
 * read once, the meeting's remembered mapping and the mapping's check.
 */
export function createGuestImportAccess(deps: Pick<GuestImportsDeps, 'db'>) {
  const { db } = deps;

  /** An import of a meeting the user may see; 404 otherwise. */
  async function visibleImport(user: AuthUser, id: number) {
    const info = await repo.findImport(db, id);
    if (!info || info.kind !== 'guests') throw new AppError('NOT_FOUND');
    const meeting = await visibleMeeting(db, user, info.meeting_id);
    return { info, meeting };
  }

  async function view(info: repo.ImportInfo, lang: Language): Promise<GuestImport> {
    const [previous, formFields] = await Promise.all([
      repo.findSameFile(db, info.meeting_id, info.file_sha256, info.id),
      formFieldsOf(db, info.meeting_id),
    ]);
    const options = info.options ? (JSON.parse(info.options) as StoredOptions) : null;
    return {
      id: info.id,
      meeting_id: info.meeting_id,
      status: info.status,
      file_name: info.file_name,
      file_size: info.file_size,
      format: info.format,
      encoding: (info.encoding as TextEncoding | null) ?? null,
      headers: JSON.parse(info.headers) as string[],
      sample: JSON.parse(info.sample) as string[][],
      mapping: JSON.parse(info.mapping) as ImportMapping,
      answer_fields: importableFields(formFields).map((field) => ({
        key: field.key,
        type: field.type,
        label: field.label,
        required: requiredInImport(field),
      })),
      options: options && {
        on_existing: options.on_existing,
        over_limit: options.over_limit,
        send_confirmation: options.send_confirmation,
      },
      progress: {
        total: info.total,
        processed: info.processed,
        created: info.created,
        updated: info.updated,
        skipped: info.skipped,
        failed: info.failed,
      },
      // Only a finished or running import of the same file is worth a warning.
      previous: previous ? { id: previous.id, finished_at: previous.finished_at } : null,
      created_by: info.created_by,
      created_at: Number(info.created_at),
      started_at: info.started_at === null ? null : Number(info.started_at),
      finished_at: info.finished_at === null ? null : Number(info.finished_at),
      // The column holds an error name of the catalogue, read in the reader's language.
      error:
        info.error &&
        (Object.hasOwn(ERRORS, info.error) ? errorMessage(info.error as ErrorName, lang) : info.error),
    };
  }

  /**
   * Reads a file in an encoding: its header row, a sample and the number of data rows. The data rows
   * go to `store` page by page as they are read (the import's rows, which the preview and the job
   * read, never the file again); none is kept here. Refuses what cannot be a guest list.
   */
  async function survey(
    bytes: Uint8Array,
    format: 'xlsx' | 'csv',
    encoding: TextEncoding | undefined,
    store: (rows: readonly SheetRow[]) => Promise<void>,
  ) {
    let headers: string[] | undefined;
    const sample: string[][] = [];
    let page: SheetRow[] = [];
    let total = 0;
    try {
      for await (const row of firstSheetRows(bytes, format, encoding)) {
        if (!headers) {
          headers = row.cells.map((cell) => cell.trim());
          continue;
        }
        if (sample.length < IMPORT_SAMPLE_ROWS) sample.push(row.cells.map(sampleCell));
        total += 1;
        page.push(row);
        if (page.length === IMPORT_PAGE_ROWS) {
          await store(page);
          page = [];
        }
      }
      if (page.length > 0) await store(page);
    } catch (error) {
      throw spreadsheetError(error);
    }
    if (!headers || total === 0) throw new AppError('IMPORT_EMPTY');
    return { headers: JSON.stringify(headers), sample: JSON.stringify(sample), total };
  }

  async function remembered(meetingId: number): Promise<Record<string, ImportTarget | null>> {
    const stored = await repo.rememberedMapping(db, meetingId);
    return stored ? (JSON.parse(stored) as Record<string, ImportTarget | null>) : {};
  }

  /** The mapping fits the file and the meeting: its type's fields and its own (not retired, not files). */
  async function checkMapping(
    meeting: VisibleMeeting,
    headers: readonly string[],
    mapping: ImportMapping,
    formFields?: readonly FormField[],
  ) {
    if (mapping.length !== headers.length) {
      throw new AppError('VALIDATION_FAILED', { data: { fields: { mapping: 'invalidOption' } } });
    }
    const fields = formFields ?? (await formFieldsOf(db, meeting.id));
    const problem = mappingProblem(meeting.meeting_type, mapping, fields);
    if (problem) throw new AppError('IMPORT_MAPPING_INCOMPLETE', { data: problem });
  }

  return { visibleImport, view, survey, remembered, checkMapping };
}
export type GuestImportAccess = ReturnType<typeof createGuestImportAccess>;
