import { PERMISSIONS, type Permission } from '@meetflow/shared/permissions';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@meetflow/shared/schemas/integrations';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { randomToken, sha256 } from '../../lib/secure-random.ts';
import { tokenAuditName, type Actor, type AuthUser } from '../../core/auth-user.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './api-tokens.repository.ts';

const DAY_MS = 86_400_000;
/** A busy program's last use is written at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;

interface ApiTokenDeps {
  db: Db;
  systemLog: SystemLog;
  limiters: LimiterFactory;
  /** Requests a token may make per minute, shared by every instance (Redis) like the other limits. */
  perMinute: number;
  clock: () => number;
}

function stateOf(row: Pick<repo.ApiTokenRow, 'revoked_at' | 'expires_at'>, now: number): ApiToken['state'] {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return 'active';
}

/** A token's grant, read as a role's list is (the users module's rule: unknown entries dropped). */
const storedPermissions = (json: string): Permission[] =>
  users.permissionsOf({ is_admin: 0, permissions: json });

function toApiToken(row: repo.ApiTokenRow, now: number): ApiToken {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    permissions: storedPermissions(row.permissions),
    owner: { id: row.owner_id, account: row.owner_account, name: row.owner_name },
    state: stateOf(row, now),
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at,
  };
}

/**
 * API tokens (issue 21): long-lived bearer secrets for programs. Only the SHA-256 of the secret is
 * stored (it has 256 bits of entropy, so a slow hash would add nothing); every request reads the row,
 * so a revocation holds on every instance at the next request. A token acts as its owner, with the
 * permissions it was given that the owner still holds, in the owner's organisation subtree.
 */
export function createApiTokens(deps: ApiTokenDeps) {
  const { db, systemLog, clock } = deps;
  const perToken = deps.limiters('api_token', deps.perMinute, 60);
  /** When this instance last wrote each token's use: a busy program costs no write per request. */
  const touched = new Map<number, number>();

  async function visibleToken(user: AuthUser, id: number): Promise<repo.ApiTokenRow> {
    const row = await repo.findToken(db, id);
    const visible = await visibleOrganizationIds(db, user);
    const mine = row?.owner_id === user.id;
    if (!row || (!mine && visible !== null && !visible.includes(row.owner_organization_id ?? -1)))
      throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async list(user: AuthUser): Promise<ApiToken[]> {
      const now = clock();
      const rows = await repo.listTokens(db, await visibleOrganizationIds(db, user));
      return rows.map((row) => toApiToken(row, now));
    },

    async create(actor: Actor, body: CreateApiTokenBody): Promise<CreatedApiToken> {
      const { user } = actor;
      const now = clock();
      const wanted = [...new Set(body.permissions)];
      if (wanted.some((p) => !user.permissions.includes(p)))
        throw fieldError('permissions', 'tokenPermissionNotHeld');
      if (
        body.expires_at !== null &&
        (body.expires_at <= now || body.expires_at > now + API_TOKEN_MAX_DAYS * DAY_MS)
      )
        throw fieldError('expires_at', 'tokenExpiryInvalid');
      const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
      const id = await repo.insertToken(db, {
        user_id: user.id,
        name: body.name,
        token_hash: sha256(secret),
        hint: `${API_TOKEN_PREFIX}…${secret.slice(-4)}`,
        permissions: JSON.stringify(PERMISSIONS.filter((p) => wanted.includes(p))),
        created_at: now,
        expires_at: body.expires_at,
        last_used_at: null,
        last_used_ip: null,
        revoked_at: null,
      });
      await systemLog.record({
        action: 'create',
        source: 'admin',
        message: {
          key: 'api_token.created',
          params: { id, name: body.name, permissions: wanted.join(', ') },
        },
        username: user.auditName,
        ip: actor.ip,
      });
      const row = await repo.findToken(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      return { ...toApiToken(row, now), secret };
    },

    async revoke(actor: Actor, id: number): Promise<ApiToken> {
      const row = await visibleToken(actor.user, id);
      const now = clock();
      if (await repo.revokeToken(db, id, now)) {
        await systemLog.record({
          action: 'delete',
          source: 'admin',
          message: { key: 'api_token.revoked', params: { id, name: row.name } },
          username: actor.user.auditName,
          ip: actor.ip,
        });
      }
      return toApiToken({ ...row, revoked_at: row.revoked_at ?? now }, now);
    },

    /** Whether a bearer secret is an API token (the rest are session access tokens). */
    isApiToken: (secret: string) => secret.startsWith(API_TOKEN_PREFIX),

    /** The user a token acts as, or 401: unknown, revoked, expired, or its owner disabled. */
    async authenticate(secret: string, ip: string): Promise<AuthUser> {
      const now = clock();
      const token = await repo.findByHash(db, sha256(secret));
      if (!token || token.revoked_at !== null) throw new AppError('SESSION_REVOKED');
      if (token.expires_at !== null && token.expires_at <= now) throw new AppError('TOKEN_EXPIRED');
      const owner = await users.findUserById(db, token.user_id);
      if (!owner?.enabled) throw new AppError('SESSION_REVOKED');
      // Counted after the lookup: a stranger's guesses cannot spend a real token's budget.
      await perToken.consume(String(token.id));
      if (now - (touched.get(token.id) ?? -Infinity) >= TOUCH_EVERY_MS) {
        if (touched.size >= 10_000) touched.clear();
        touched.set(token.id, now);
        await repo.touchToken(db, token.id, now, ip, TOUCH_EVERY_MS);
      }
      const granted = storedPermissions(token.permissions);
      return {
        id: owner.id,
        account: owner.account,
        name: owner.name,
        permissions: users.permissionsOf(owner).filter((p) => granted.includes(p)),
        organizationId: owner.organization_id,
        sessionId: `api-token:${token.id}`,
        tokenExpiresAt: token.expires_at ?? Number.MAX_SAFE_INTEGER,
        apiTokenId: token.id,
        auditName: tokenAuditName(owner.account, token.name),
      };
    },

    /** For answers that outlive a request (live statistics): the token still stands, and so does its owner. */
    async stillValid(tokenId: number): Promise<boolean> {
      const row = await repo.findToken(db, tokenId);
      return row !== undefined && row.owner_enabled === 1 && stateOf(row, clock()) === 'active';
    },
  };
}
export type ApiTokens = ReturnType<typeof createApiTokens>;
