import type { Permission } from '@meetflow/shared/permissions';

/**
 * The user a protected request runs as. Plugins and every module read it from here, so nothing
 * below the modules depends on the auth module.
 */
export interface AuthUser {
  id: number;
  account: string;
  name: string;
  permissions: Permission[];
  /** null: sees every organisation; otherwise only this organisation's subtree. */
  organizationId: number | null;
  sessionId: string;
  /** When the access token of this request expires (ms): long-lived answers end there. */
  tokenExpiresAt: number;
  /** The API token the request came with (issue 21), or null for a signed-in session. */
  apiTokenId: number | null;
  /**
   * Who the system log and "created by" name: the account, and the token's name when a program acted
   * with one (`alice [token: CRM sync]`), so a search by account still finds both.
   */
  auditName: string;
}

/** The audit name of a request made with an API token (at most 200 characters, as the columns hold). */
export function tokenAuditName(account: string, tokenName: string): string {
  return `${account} [token: ${tokenName}]`.slice(0, 200);
}

/** Who asks and from where: every mutation names both in the system log. */
export interface Actor {
  user: AuthUser;
  ip: string;
}

/** An administrator is bound to no organisation: they see every one and change global entries. */
export function isAdministrator(user: Pick<AuthUser, 'organizationId'>): boolean {
  return user.organizationId === null;
}

/** Turns a bearer secret (a session's access token or an API token) into its user, or throws the catalogue's 401 errors. */
export type Authenticate = (bearer: string, ip: string) => Promise<AuthUser>;
