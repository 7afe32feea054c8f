import type { Db } from '../../db/database.ts';
import { insertLog } from './system-log.repository.ts';

export type LogSource = 'admin' | 'public' | 'client' | 'system';
export type LogAction =
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_change'
  | 'create'
  | 'update'
  | 'delete'
  | 'export'
  | 'sign_up'
  | 'code_lookup'
  | 'error';

export interface LogEntry {
  action: LogAction;
  source: LogSource;
  content: string;
  username: string | null;
  ip: string | null;
}

/** The audit trail (spec §3 Log): append-only, written for every admin mutation, login and logout. */
export function createSystemLog(db: Db, clock: () => number) {
  return {
    async record(entry: LogEntry): Promise<void> {
      await insertLog(db, {
        content: entry.content,
        action_type: entry.action,
        source_type: entry.source,
        username: entry.username,
        ip: entry.ip,
        ip_location: null,
        created_at: clock(),
      });
    },
  };
}
export type SystemLog = ReturnType<typeof createSystemLog>;
