import {
  ROLE_CODES,
  type AdminUser,
  type CreateUserBody,
  type Role,
  type UpdateUserBody,
} from '@meetflow/shared/schemas/users';

/** What the user form holds; blank optional fields are '' or undefined until sent. */
export interface UserFormValues {
  account: string;
  name: string;
  email?: string | undefined;
  role_id?: number | undefined;
  organization_id?: number | null | undefined;
  enabled: boolean;
  password?: string | undefined;
}

export const USER_FORM_FIELDS = [
  'account',
  'name',
  'email',
  'role_id',
  'organization_id',
  'enabled',
  'password',
] as const;

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** Administrator roles may go without an organisation; every other role needs one. */
export function organizationRequired(roles: readonly Role[], roleId: number | undefined): boolean {
  const role = roles.find((r) => r.id === roleId);
  return !role?.is_admin;
}

export function toCreateBody(values: UserFormValues): CreateUserBody {
  return {
    account: values.account.trim(),
    name: values.name.trim(),
    email: blankToNull(values.email),
    role_id: values.role_id ?? 0,
    organization_id: values.organization_id ?? null,
    enabled: values.enabled,
    password: values.password ?? '',
  };
}

export function toUpdateBody(values: UserFormValues): UpdateUserBody {
  return {
    name: values.name.trim(),
    email: blankToNull(values.email),
    role_id: values.role_id ?? 0,
    organization_id: values.organization_id ?? null,
    enabled: values.enabled,
  };
}

export function formValuesOf(user: AdminUser | null): UserFormValues {
  if (!user) return { account: '', name: '', email: '', enabled: true, organization_id: null };
  return {
    account: user.account,
    name: user.name,
    email: user.email ?? '',
    role_id: user.role_id,
    organization_id: user.organization_id,
    enabled: user.enabled,
  };
}

/** The i18n key of a built-in role's name, or null for a custom role (shown by its stored name). */
export function roleLabelKey(code: string | null): string | null {
  return ROLE_CODES.find((c) => c === code) ? `users.roles.${code}` : null;
}
