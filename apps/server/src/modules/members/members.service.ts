import { IMPORT_PREVIEW_ISSUES_MAX } from '@meetflow/shared/schemas/imports';
import type { Language } from '@meetflow/shared/languages';
import {
  MEMBER_IMPORT_COLUMNS,
  type MemberImportPreview,
  type MemberImportProgress,
  type MemberList,
  type MemberListQuery,
} from '@meetflow/shared/schemas/members';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { assertOrganizationVisible } from '../../core/organization-scope.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDate } from '../../lib/local-time.ts';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';
import { xlsxBuffer } from '../../lib/xlsx-template.ts';
import { firstSheetRows, spreadsheetError, uploadFormat } from '../imports/import-common.ts';
import { findOrganization } from '../organizations/organizations.reads.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { abandonStaleImports } from './abandoned-imports.ts';
import { COLUMN_LABELS, judgeRows, type MemberRow } from './member-import-rows.ts';
import { foldLicence, nameKeys } from './member-names.ts';
import * as repo from './member-records.repository.ts';

/*
 * An organisation's member list (issue 45): upload (read once, judged row by row, the valid rows
 * kept for the apply), preview, apply (batches, each one transaction, the progress written after
 * each), list and search, delete one, clear all. Every route is the organisation's: 404 outside
 * the user's subtree, as payment accounts.
 */

export interface MembersDeps {
  db: Db;
  clock: () => number;
  systemLog: SystemLog;
}

/** Rows written per transaction while applying; the progress moves after each batch. */
export const MEMBER_BATCH_ROWS = 500;

/** The list's first sheet as the imports read it: its header row and its data rows. */
async function readRows(bytes: Uint8Array): Promise<{ header: string[]; rows: SheetRow[] }> {
  const format = await uploadFormat(bytes);
  let header: string[] | null = null;
  const rows: SheetRow[] = [];
  try {
    for await (const row of firstSheetRows(bytes, format))
      if (header === null) header = row.cells;
      else rows.push(row);
  } catch (error) {
    throw spreadsheetError(error);
  }
  if (header === null || rows.length === 0) throw new AppError('IMPORT_EMPTY');
  return { header, rows };
}

/** The rows in batches of MEMBER_BATCH_ROWS, each one transaction, the progress after each. */
async function writeRows(
  { db, clock }: MembersDeps,
  organizationId: number,
  importId: number,
  rows: readonly MemberRow[],
): Promise<{ processed: number; created: number }> {
  let created = 0;
  let processed = 0;
  for (let i = 0; i < rows.length; i += MEMBER_BATCH_ROWS) {
    const batch = rows.slice(i, i + MEMBER_BATCH_ROWS);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      created += await repo.upsertMembers(
        trx,
        batch.map(({ row: _row, ...member }) => ({
          ...member,
          organization_id: organizationId,
          created_at: now,
          updated_at: now,
        })),
      );
      processed += batch.length;
      const counts = { processed, created, updated: processed - created };
      // Taken for abandoned meanwhile (abandoned-imports.ts): this batch is not kept.
      if (!(await repo.recordProgress(trx, importId, counts, now)))
        throw new AppError('MEMBER_IMPORT_ABANDONED');
    });
  }
  return { processed, created };
}

/** The organisation, 404 when it does not exist or lies outside the user's subtree. */
async function visibleOrganization(db: Db, user: AuthUser, id: number) {
  const organization = await findOrganization(db, id);
  if (!organization) throw new AppError('NOT_FOUND');
  await assertOrganizationVisible(db, user, id);
  return organization;
}

export function createMembers(deps: MembersDeps) {
  const { db, clock, systemLog } = deps;

  const organizationOf = (user: AuthUser, id: number) => visibleOrganization(db, user, id);

  return {
    async list(user: AuthUser, organizationId: number, query: MemberListQuery): Promise<MemberList> {
      await organizationOf(user, organizationId);
      const page = query.page;
      const size = query.page_size;
      const q = query.q?.trim() ?? '';
      const search = q === '' ? null : { licence: foldLicence(q), names: await nameKeys([q]) };
      const [{ items, total }, all] = await Promise.all([
        repo.listMembers(db, organizationId, search, { offset: (page - 1) * size, limit: size }),
        repo.countMembers(db, organizationId),
      ]);
      const today = localDate(clock());
      return {
        items: items.map((row) => ({
          ...row,
          updated_at: Number(row.updated_at),
          expired: row.valid_until !== null && row.valid_until < today,
        })),
        total,
        all,
      };
    },

    async remove(actor: Actor, organizationId: number, memberId: number): Promise<void> {
      await organizationOf(actor.user, organizationId);
      if (!(await repo.deleteMember(db, organizationId, memberId))) throw new AppError('NOT_FOUND');
      await systemLog.record({
        action: 'delete',
        source: 'admin',
        message: { key: 'members.deleted', params: { organization_id: organizationId, member_id: memberId } },
        username: actor.user.auditName,
        ip: actor.ip,
      });
    },

    async clear(actor: Actor, organizationId: number): Promise<{ deleted: number }> {
      await organizationOf(actor.user, organizationId);
      const deleted = await repo.clearMembers(db, organizationId);
      await systemLog.record({
        action: 'delete',
        source: 'admin',
        message: { key: 'members.cleared', params: { organization_id: organizationId, deleted } },
        username: actor.user.auditName,
        ip: actor.ip,
      });
      return { deleted };
    },

    /** The template: the five columns, licence numbers kept as text. */
    async template(user: AuthUser, organizationId: number, lang: Language) {
      const organization = await organizationOf(user, organizationId);
      const file = await xlsxBuffer([
        {
          name: { 'zh-tw': '會員', 'zh-cn': '会员', en: 'Members' }[lang],
          widths: [18, 16, 24, 16, 14],
          header: MEMBER_IMPORT_COLUMNS.map((c) => COLUMN_LABELS[c][lang]),
          rows: [],
          textColumns: [0],
        },
      ]);
      return { organization, file };
    },

    /** Reads and judges the file; the valid rows wait for the apply. Nothing is written to the list. */
    async upload(
      user: AuthUser,
      organizationId: number,
      file: { name: string; bytes: Uint8Array },
      lang: Language,
    ): Promise<MemberImportPreview> {
      await organizationOf(user, organizationId);
      const { header, rows } = await readRows(file.bytes);
      const judged = await judgeRows(header, rows, lang);
      const existing = await repo.existingKeys(
        db,
        organizationId,
        judged.valid.map((r) => r.licence_key),
      );
      const now = clock();
      await abandonStaleImports(deps);
      const fileName = file.name.slice(0, 255) || 'members.xlsx';
      const id = await repo.insertImport(db, {
        organization_id: organizationId,
        file_name: fileName,
        rows_data: JSON.stringify(judged.valid),
        total: judged.valid.length,
        skipped: judged.invalid,
        created_by: user.auditName,
        created_at: now,
      });
      const update = judged.valid.filter((r) => existing.has(r.licence_key)).length;
      return {
        id,
        file_name: fileName,
        total: rows.length,
        create: judged.valid.length - update,
        update,
        invalid: judged.invalid,
        issues: judged.issues.slice(0, IMPORT_PREVIEW_ISSUES_MAX),
        issues_total: judged.issues.length,
      };
    },

    /** The upload's valid rows written (`writeRows`), once only: MEMBER_IMPORT_ALREADY_APPLIED after. */
    async apply(actor: Actor, organizationId: number, importId: number): Promise<MemberImportProgress> {
      await organizationOf(actor.user, organizationId);
      const info = await repo.findImport(db, organizationId, importId);
      if (!info) throw new AppError('NOT_FOUND');
      const data = await repo.claimImport(db, organizationId, importId, clock());
      if (data === null) throw new AppError('MEMBER_IMPORT_ALREADY_APPLIED');
      const rows = JSON.parse(data) as MemberRow[];
      if (rows.length === 0) {
        await repo.finishImport(db, importId, 'failed', clock());
        throw new AppError('MEMBER_IMPORT_NOTHING_VALID');
      }
      let written: { processed: number; created: number };
      try {
        written = await writeRows(deps, organizationId, importId, rows);
      } catch (error) {
        await repo.finishImport(db, importId, 'failed', clock());
        throw error;
      }
      const { processed, created } = written;
      await repo.finishImport(db, importId, 'done', clock());
      const updated = processed - created;
      await systemLog.record({
        action: 'create',
        source: 'admin',
        message: {
          key: 'members.imported',
          params: {
            organization_id: organizationId,
            import_id: importId,
            created,
            updated,
            skipped: info.skipped,
          },
        },
        username: actor.user.auditName,
        ip: actor.ip,
      });
      return { ...info, status: 'done', processed, created, updated };
    },

    async progress(user: AuthUser, organizationId: number, importId: number): Promise<MemberImportProgress> {
      await organizationOf(user, organizationId);
      // A crashed apply is told as failed to whoever watches it, even between the runner's passes.
      await abandonStaleImports(deps);
      const info = await repo.findImport(db, organizationId, importId);
      if (!info) throw new AppError('NOT_FOUND');
      return info;
    },
  };
}
export type Members = ReturnType<typeof createMembers>;
