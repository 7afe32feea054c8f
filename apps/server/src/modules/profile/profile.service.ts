import type { UserInfo } from '@meetflow/shared/schemas/auth';
import type { UpdateProfileBody } from '@meetflow/shared/schemas/profile';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pickFields } from '../../lib/audit-fields.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import { findUserById, toUserInfo } from '../users/users.service.ts';
import { updateProfile } from './profile.repository.ts';

/** The personal settings page: a user's own display name, email and preferred language. */
/** What the profile form changes: never the password (its own route), the e-mail address masked. */
const PROFILE_FIELDS = ['name', 'email', 'language'] as const;

export function createProfileService({
  db,
  systemLog,
  clock,
}: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
}) {
  return {
    async update(user: AuthUser, body: UpdateProfileBody, ip: string): Promise<UserInfo> {
      const before = await findUserById(db, user.id);
      if (!before) throw new AppError('SESSION_REVOKED');
      await updateProfile(db, user.id, body, clock());
      const after = await findUserById(db, user.id);
      if (!after) throw new AppError('SESSION_REVOKED');
      const changes: LogMessage[] = [];
      if (before.name !== after.name)
        changes.push({ key: 'change.name', params: { from: before.name, to: after.name } });
      // An address is personal data: the log says that it changed, not what it was or became.
      if (before.email !== after.email) changes.push({ key: 'change.email' });
      if (before.language !== after.language)
        changes.push({
          key: 'change.language',
          params: { from: before.language ?? '-', to: after.language ?? '-' },
        });
      await systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'profile.updated',
          params: { changes: changes.length ? changes : [{ key: 'change.none' }] },
        },
        username: user.auditName,
        ip,
        changes: fieldChanges(pickFields(before, PROFILE_FIELDS), pickFields(after, PROFILE_FIELDS), {
          personal: ['email'],
          ignore: ['password', 'password_hash'],
        }),
      });
      return toUserInfo(after);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
