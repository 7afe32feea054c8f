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

/** Turns a bearer access token into its user, or throws the catalogue's 401 errors. */
export type Authenticate = (accessToken: string) => Promise<AuthUser>;
