import { z } from 'zod';
import { whenMissing } from './when-missing.ts';
import { PERMISSIONS } from '../permissions.ts';

/** Codes of the built-in roles (roles.code); custom roles have none. */
export const ROLE_CODES = ['administrator', 'organiser', 'door_staff'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export const role = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  is_admin: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type Role = z.infer<typeof role>;

export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.-]{3,64}$/;
export const MIN_PASSWORD_LENGTH = 8;

const account = z
  .string({ error: whenMissing('accountRequired') })
  .trim()
  .regex(ACCOUNT_PATTERN, 'accountFormat');
const name = z
  .string({ error: whenMissing('nameRequired') })
  .trim()
  .min(1, 'nameRequired')
  .max(128);
const email = z.email('emailInvalid').max(254).nullable();
const roleId = z
  .number({ error: whenMissing('roleRequired') })
  .int()
  .positive();
const organizationId = z.number().int().positive().nullable();
/** Same rule as changePasswordBody; the server also refuses a password equal to the account. */
export const newPassword = z
  .string({ error: whenMissing('passwordRequired') })
  .min(MIN_PASSWORD_LENGTH, 'passwordTooWeak')
  .max(128);

export const createUserBody = z.strictObject({
  account,
  name,
  email: email.optional(),
  role_id: roleId,
  /** Required unless the role is an administrator role. */
  organization_id: organizationId.optional(),
  enabled: z.boolean().optional(),
  password: newPassword,
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** Every field optional: only what is sent changes (the enable switch sends `enabled` alone). */
export const updateUserBody = z.strictObject({
  name: name.optional(),
  email: email.optional(),
  role_id: roleId.optional(),
  organization_id: organizationId.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const resetPasswordBody = z.strictObject({ password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const userListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(64).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userIdParams = z.object({ id: z.coerce.number().int().positive() });

export const adminUser = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  enabled: z.boolean(),
  role_id: z.number().int(),
  role_code: z.string().nullable(),
  role_name: z.string(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const userPage = z.object({
  items: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type UserPage = z.infer<typeof userPage>;
