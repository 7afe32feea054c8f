import type { Language } from '@meetflow/shared/languages';
import type { GuestImport } from '@meetflow/shared/schemas/imports';
import type { AuthUser } from '../../core/auth-user.ts';
import type { GuestImportAccess } from './guest-import-access.ts';
import { GUEST_IMPORT_JOB } from './guest-import-job.ts';
import type { GuestImportsDeps, StartOptions, StoredOptions } from './guest-import.service.ts';
import * as repo from './imports.repository.ts';

/** Starting a guest import: the job queued, the file dropped, the start audited. */
export function createGuestImportStart(
  deps: Pick<GuestImportsDeps, 'db' | 'clock' | 'jobs' | 'systemLog'> & { access: GuestImportAccess },
) {
  const { db, clock, jobs, systemLog } = deps;
  const { visibleImport, view, checkMapping } = deps.access;

  return {
    /** Queues the import job; starting an import that has already started answers it as it is. */
    async start(
      user: AuthUser,
      id: number,
      body: StartOptions,
      ip: string,
      lang: Language,
    ): Promise<GuestImport> {
      const { info, meeting } = await visibleImport(user, id);
      if (info.status !== 'uploaded') return view(info, lang);
      await checkMapping(meeting, JSON.parse(info.headers) as string[], body.mapping);
      const options: StoredOptions = {
        on_existing: body.on_existing,
        over_limit: body.over_limit,
        send_confirmation: body.send_confirmation,
        language: lang,
      };
      const started = await db.transaction().execute(async (trx) => {
        const moved = await repo.updateImportIf(trx, id, 'uploaded', {
          status: 'queued',
          // The rows are all the job needs: the file itself goes.
          file_data: null,
          mapping: JSON.stringify(body.mapping),
          options: JSON.stringify(options),
          started_at: clock(),
        });
        if (moved)
          await jobs.enqueue(trx, {
            kind: GUEST_IMPORT_JOB,
            key: `${GUEST_IMPORT_JOB}:${id}`,
            payload: { importId: id },
            meetingId: meeting.id,
          });
        return moved;
      });
      if (started) {
        jobs.kick();
        await systemLog.record({
          action: 'create',
          source: 'admin',
          username: user.auditName,
          ip,
          message: {
            key: 'import.guests_started',
            params: {
              meeting_id: meeting.id,
              meeting_name: meeting.name,
              file_name: info.file_name,
              file_size: info.file_size,
              file_sha256: info.file_sha256,
              total: info.total,
              over_limit: body.over_limit ? [{ key: 'import.over_limit' }] : [],
            },
          },
        });
      }
      return view((await repo.findImport(db, id))!, lang);
    },
  };
}
