import { describe, expect, it } from 'vitest';
import type { AdminUser, Role } from '@meetflow/shared/schemas/users';
import { formValuesOf, organizationRequired, roleLabelKey, toCreateBody, toUpdateBody } from './user-form.ts';

const roles: Role[] = [
  { id: 1, code: 'administrator', name: 'Administrator', is_admin: true, permissions: [] },
  { id: 2, code: 'organiser', name: 'Organiser', is_admin: false, permissions: [] },
];

describe('user form', () => {
  it('needs an organisation for every role but an administrator one', () => {
    expect(organizationRequired(roles, 1)).toBe(false);
    expect(organizationRequired(roles, 2)).toBe(true);
    expect(organizationRequired(roles, undefined)).toBe(true);
  });

  it('trims text and sends a blank email or missing organisation as null', () => {
    expect(
      toCreateBody({
        account: ' bob ',
        name: ' Bob ',
        email: '  ',
        role_id: 1,
        organization_id: undefined,
        enabled: true,
        password: 'Secret-pass-1',
      }),
    ).toEqual({
      account: 'bob',
      name: 'Bob',
      email: null,
      role_id: 1,
      organization_id: null,
      enabled: true,
      password: 'Secret-pass-1',
    });
    expect(
      toUpdateBody({
        account: 'bob',
        name: 'Bob',
        email: 'b@x.org',
        role_id: 2,
        organization_id: 5,
        enabled: false,
      }),
    ).toEqual({ name: 'Bob', email: 'b@x.org', role_id: 2, organization_id: 5, enabled: false });
  });

  it('fills the form from a user, and starts a new one enabled', () => {
    expect(formValuesOf(null)).toMatchObject({ enabled: true, organization_id: null });
    const user: AdminUser = {
      id: 3,
      account: 'amy',
      name: 'Amy',
      email: null,
      enabled: false,
      role_id: 2,
      role_code: 'organiser',
      role_name: 'Organiser',
      organization_id: 4,
      organization_name: 'Org',
      created_at: 0,
      updated_at: 0,
    };
    expect(formValuesOf(user)).toEqual({
      account: 'amy',
      name: 'Amy',
      email: '',
      role_id: 2,
      organization_id: 4,
      enabled: false,
    });
  });

  it('translates built-in role names only', () => {
    expect(roleLabelKey('door_staff')).toBe('users.roles.door_staff');
    expect(roleLabelKey(null)).toBeNull();
    expect(roleLabelKey('custom')).toBeNull();
  });
});
