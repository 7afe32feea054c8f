import { PERMISSIONS, type Permission } from '@meetflow/shared/permissions';
import { API_TOKEN_MAX_DAYS, type CreateApiTokenBody } from '@meetflow/shared/schemas/integrations';

export const DAY_MS = 86_400_000;

/** The expiry choices the form offers; `date` takes the day from the date picker. */
export const EXPIRY_CHOICES = ['d30', 'd90', 'y1', 'never', 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const CHOICE_DAYS: Record<Exclude<ExpiryChoice, 'never' | 'date'>, number> = { d30: 30, d90: 90, y1: 365 };

export interface TokenFormValues {
  name: string;
  permissions: Permission[];
  expiry: ExpiryChoice;
  /** The chosen day's end, in ms (local time), when `expiry` is `date`. */
  expiryDate?: number | null | undefined;
}

/** The form's fields, for the server's field errors (`expires_at` is shown on the expiry choice). */
export const TOKEN_FORM_FIELDS = ['name', 'permissions', 'expires_at'] as const;

/** The permissions a token may be given: those the user holds, in the shared list's order. */
export function grantablePermissions(held: readonly string[]): Permission[] {
  return PERMISSIONS.filter((permission) => held.includes(permission));
}

/** When a token made now with `values` stops working (ms), or null for never. */
export function expiresAtOf(
  values: Pick<TokenFormValues, 'expiry' | 'expiryDate'>,
  now: number,
): number | null {
  if (values.expiry === 'never') return null;
  if (values.expiry === 'date') return values.expiryDate ?? null;
  return now + CHOICE_DAYS[values.expiry] * DAY_MS;
}

/** The last moment the date picker offers: the server refuses an expiry over API_TOKEN_MAX_DAYS away. */
export function latestExpiry(now: number): number {
  return now + API_TOKEN_MAX_DAYS * DAY_MS;
}

export function toCreateTokenBody(values: TokenFormValues, now: number): CreateApiTokenBody {
  return {
    name: values.name.trim(),
    permissions: grantablePermissions(values.permissions),
    expires_at: expiresAtOf(values, now),
  };
}
