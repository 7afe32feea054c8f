/**
 * Permission strings. Server routes declare the one they need; the web app hides what the
 * server would refuse. Roles (sets of these) arrive with user management.
 */
export const PERMISSIONS = [
  'dashboard:view',
  'meeting:view',
  'meeting:edit',
  'guest:view',
  'guest:edit',
  'guest:export',
  'records:view',
  'records:scan',
  'schedule:view',
  'schedule:export',
  'certificate:manage',
  'organization:view',
  'organization:edit',
  'dictionary:view',
  'dictionary:edit',
  'log:view',
  'log:export',
  'user:manage',
  /** API tokens and webhooks (issue 21). */
  'integration:manage',
  /** Paid registration (issue 44): orders and payments seen; prices, codes, marking paid, refunds; the desk. */
  'payment:view',
  'payment:manage',
  'payment:desk',
  /** Who registers (issue 45): deciding applications; invitations; the organisation's member list; walk-ins at the door. */
  'guest:approve',
  'invitation:manage',
  'member:manage',
  'guest:walk_in',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Passes when any of the wanted permissions is held (an empty list passes). */
export function hasAnyPermission(held: readonly string[], wanted: string | readonly string[]): boolean {
  const list = typeof wanted === 'string' ? [wanted] : wanted;
  return list.length === 0 || list.some((p) => held.includes(p));
}

/** Passes when every wanted permission is held. */
export function hasAllPermissions(held: readonly string[], wanted: string | readonly string[]): boolean {
  const list = typeof wanted === 'string' ? [wanted] : wanted;
  return list.every((p) => held.includes(p));
}
