import { RETENTION_NOTICE_DAYS } from '@meetflow/shared/schemas/privacy';
import { localDate } from '../../lib/local-time.ts';
import { purgeExpiredAccessCodes } from '../cme/cme.writes.ts';
import { sweepOrphanUploads } from './orphan-uploads.ts';
import type { PrivacyRecord } from './privacy-audit.ts';
import type { createPurger } from './privacy-purge.ts';
import * as repo from './privacy.repository.ts';
import type { PrivacyDeps } from './privacy.service.ts';

/** How often (at most) an instance looks for purges and notices that have come due. */
const RETENTION_SCAN_MS = 60_000;

type ScanDeps = Pick<
  PrivacyDeps,
  'db' | 'clock' | 'systemLog' | 'jobs' | 'notifications' | 'logRetentionDays'
>;

/**
 * Each runner pass (at most once a minute per instance): what requests in flight wrote into a
 * meeting just after its purge is erased (privacy-purge.ts); organisers of meetings whose purge is a
 * week away are told, once (a conditional update marks it); purges that have come due become
 * `privacy.purge` jobs, keyed by meeting and date so that any number of instances add one; and
 * audit entries past their own retention are removed, and so are the CME page's expired codes; once a day, visitors' uploads no sign-up named
 * within a day are deleted (orphan-uploads.ts). `scanNow` looks now, whenever the last was.
 */
export function createRetentionScan(
  deps: ScanDeps,
  record: PrivacyRecord,
  purger: Pick<ReturnType<typeof createPurger>, 'onPass'>,
) {
  let lastScan = Number.NEGATIVE_INFINITY;
  let lastSweep = Number.NEGATIVE_INFINITY;
  async function scan(): Promise<void> {
    const now = deps.clock();
    if (now - lastScan < RETENTION_SCAN_MS) return;
    lastScan = now;
    await purger.onPass(now);
    await tellDueNotices(deps, record, now);
    await queueDuePurges(deps, now);
    await pruneOldLogs(deps, record, now);
    // The CME page's one-time codes and tokens, once expired, with the addresses they hold.
    await purgeExpiredAccessCodes(deps.db, now);
    if (now - lastSweep >= repo.DAY_MS) {
      lastSweep = now;
      await sweepUploads(deps, record, now);
    }
  }
  return {
    scan,
    scanNow: () => {
      lastScan = Number.NEGATIVE_INFINITY;
      return scan();
    },
  };
}

/** Organisers of meetings whose purge is a week away are told, once. */
async function tellDueNotices(deps: ScanDeps, record: PrivacyRecord, now: number) {
  const { db } = deps;
  for (const meeting of await repo.dueNotices(db, now, RETENTION_NOTICE_DAYS * repo.DAY_MS)) {
    const date = localDate(repo.purgeAt(meeting));
    await db.transaction().execute(async (trx) => {
      if (!(await repo.claimNotice(trx, meeting.id, now))) return;
      await deps.notifications.retentionDue(meeting, date, trx);
      await record(
        { kind: 'system' },
        'update',
        {
          key: 'privacy.retention_notice',
          params: { meeting_id: meeting.id, meeting_name: meeting.name, date },
        },
        trx,
      );
    });
  }
}

/** Purges that have come due become keyed `privacy.purge` jobs. */
async function queueDuePurges(deps: ScanDeps, now: number) {
  const due = await repo.duePurges(deps.db, now);
  if (due.length === 0) return;
  await deps.db.transaction().execute(async (trx) => {
    for (const { id, purge_at: at } of due) {
      await deps.jobs.enqueue(trx, {
        kind: 'privacy.purge',
        // One a day per meeting and date: a purge whose job failed for good is tried again the next day.
        key: `privacy.purge:${id}:${at}:${localDate(now)}`,
        payload: { meeting_id: id },
        meetingId: id,
      });
    }
  });
}

/** Audit entries past LOG_RETENTION_DAYS are removed, and that is itself audited. */
async function pruneOldLogs(deps: ScanDeps, record: PrivacyRecord, now: number) {
  if (deps.logRetentionDays > 0) {
    const count = await deps.systemLog.pruneBefore(now - deps.logRetentionDays * repo.DAY_MS);
    if (count > 0) {
      await record({ kind: 'system' }, 'delete', {
        key: 'privacy.logs_pruned',
        params: { count, days: deps.logRetentionDays },
      });
    }
  }
}

/** Visitors' uploads that no sign-up named within a day are deleted, and that is audited (a count). */
async function sweepUploads(deps: ScanDeps, record: PrivacyRecord, now: number) {
  const count = await sweepOrphanUploads(deps.db, now);
  if (count > 0)
    await record({ kind: 'system' }, 'delete', { key: 'privacy.uploads_swept', params: { count } });
}
