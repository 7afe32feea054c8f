import { errorMessage } from '@meetflow/shared/errors';
import { fieldMessage, isFieldMessageKey } from '@meetflow/shared/field-messages';
import { PERMISSIONS } from '@meetflow/shared/permissions';
import type { Actor } from '../core/auth-user.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseKind, type Db } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { revokeUserSessions } from '../modules/auth/account-access.ts';
import { createJobs, type Jobs } from '../modules/jobs/jobs.service.ts';
import {
  createSystemLog,
  type LogAction,
  type LogMessage,
  type SystemLog,
} from '../modules/system-log/system-log.service.ts';
import { createUsersService, type UsersService } from '../modules/users/users.service.ts';

/** Who the system log names for what the command line did: no account can be called so (spaces). */
export const COMMAND_LINE_ACTOR = 'command line';

/** Wrong use of a command: its help is shown and the exit code is 2. */
export class UsageError extends Error {}
/** The command could not do what was asked: the message is shown and the exit code is 1. */
export class CommandFailure extends Error {}

export interface AdminContext {
  config: Config;
  db: Db;
  kind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  users: UsersService;
  jobs: Jobs;
  /** An action of the command line, in the system log. */
  record(action: LogAction, message: LogMessage): Promise<void>;
}

/**
 * The module services over the database the server uses (DATABASE_URL, or DATA_DIR's SQLite file),
 * as the command line's actor: an administrator's reach (no organisation), no session, no address.
 * Its user id 0 is never stored: the services read it only to tell "the asker themself" apart.
 */
export function commandLineActor(): Actor {
  return {
    user: {
      id: 0,
      account: COMMAND_LINE_ACTOR,
      name: COMMAND_LINE_ACTOR,
      permissions: [...PERMISSIONS],
      organizationId: null,
      sessionId: '',
      tokenExpiresAt: 0,
      apiTokenId: null,
      auditName: COMMAND_LINE_ACTOR,
    },
    ip: '',
  };
}

export function openAdminContext(): AdminContext {
  const config = loadConfig();
  const { db, kind } = openDatabase(config);
  const clock = Date.now;
  const systemLog = createSystemLog(db, clock);
  const log = { warn: () => undefined, error: () => undefined };
  return {
    config,
    db,
    kind,
    clock,
    systemLog,
    users: createUsersService({ db, systemLog, clock, revokeUserSessions }),
    jobs: createJobs({ db, dbKind: kind, clock, log }),
    record: (action, message) =>
      systemLog.record({ action, source: 'admin', message, username: COMMAND_LINE_ACTOR, ip: null }),
  };
}

/** A service's refusal in plain English (the catalogue's message and its fields'). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof AppError)) return error instanceof Error ? error.message : String(error);
  const fields = (error.data as { fields?: Record<string, string> } | null)?.fields ?? {};
  const details = Object.entries(fields).map(
    ([field, key]) => `${field}: ${isFieldMessageKey(key) ? fieldMessage(key, 'en') : key}`,
  );
  return [errorMessage(error.errorName, 'en'), ...details].join('\n  ');
}
