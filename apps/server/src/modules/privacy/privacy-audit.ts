import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import type { AuditActor } from './privacy-purge.ts';
import type { PrivacyDeps } from './privacy.service.ts';

/** The privacy module's audit entry: who (an organiser, a visitor, the system), what, and the changes. */
export type PrivacyRecord = (
  actor: AuditActor,
  action: 'update' | 'delete' | 'export',
  message: LogMessage,
  trx?: Db,
  changes?: FieldChange[],
) => Promise<void>;

export function createPrivacyRecord(deps: Pick<PrivacyDeps, 'db' | 'systemLog'>): PrivacyRecord {
  return async (actor, action, message, trx = deps.db, changes) => {
    await deps.systemLog.record(
      {
        action,
        source: actor.kind,
        message,
        username: actor.kind === 'admin' ? actor.username : null,
        ip: actor.kind === 'system' ? null : actor.ip,
        changes,
      },
      trx,
    );
  };
}
