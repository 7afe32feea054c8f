import type { ReactNode } from 'react';
import { hasAllPermissions, hasAnyPermission } from '@meetflow/shared/permissions';
import { appConfig } from '../lib/app-config.ts';
import { useSessionStore } from '../lib/session/session-store.ts';

export type PermissionMode = 'any' | 'all';

/** A check passes when the permission feature is off or the user's list satisfies it (spec §6). */
export function checkPermission(
  mode: PermissionMode,
  enabled: boolean,
  held: readonly string[],
  wanted: string | readonly string[],
): boolean {
  if (!enabled) return true;
  return mode === 'any' ? hasAnyPermission(held, wanted) : hasAllPermissions(held, wanted);
}

export function usePermission() {
  const held = useSessionStore((s) => s.permissions);
  const enabled = appConfig.enablePermission;
  return {
    hasAny: (wanted: string | readonly string[]) => checkPermission('any', enabled, held, wanted),
    hasAll: (wanted: string | readonly string[]) => checkPermission('all', enabled, held, wanted),
  };
}

interface AuthProps {
  value: string | readonly string[];
  children: ReactNode;
}

/** Renders its children only when the user holds any of `value` (the spec's `auth` directive). */
export function Auth({ value, children }: AuthProps) {
  const { hasAny } = usePermission();
  return hasAny(value) ? children : null;
}

/** Renders its children only when the user holds every one of `value` (`auth-all`). */
export function AuthAll({ value, children }: AuthProps) {
  const { hasAll } = usePermission();
  return hasAll(value) ? children : null;
}
