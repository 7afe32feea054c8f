import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, type TestContext } from './helpers.ts';
import { signUp } from './registration-fixtures.ts';

/** Door tests' shared pieces: users by role, signed-up guests, a scan call, a clock set to morning. */

export const PASSWORD = 'Attendance-pass-123';

export interface Guest {
  id: number;
  code: string;
  phone: string;
  email: string;
}

/** Moves a test clock to the next local 09:00, so that a test's scans never straddle midnight. */
export function toNextMorning(ctx: TestContext) {
  const next = new Date(ctx.now());
  next.setDate(next.getDate() + 1);
  next.setHours(9, 0, 0, 0);
  ctx.advance(next.getTime() - ctx.now());
}

export async function addUser(ctx: TestContext, admin: string, account: string, role: string, orgId: number) {
  const roles = (await ctx.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(admin) })).json()
    .data as { id: number; code: string }[];
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(admin),
    payload: {
      account,
      name: `${account} name`,
      role_id: roles.find((r) => r.code === role)!.id,
      organization_id: orgId,
      password: PASSWORD,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await ctx.login({ account, password: PASSWORD })).access_token;
}

export async function signUpGuest(
  ctx: TestContext,
  publicId: string,
  body: object,
  n: number,
): Promise<Guest> {
  const res = await signUp(ctx, publicId, body, n);
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json().data.guest.guest_code as string;
  const row = await ctx.db
    .selectFrom('guests')
    .select(['id', 'phone', 'email'])
    .where('guest_code', '=', code)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), code, phone: row.phone, email: row.email };
}

export function scanner(ctx: TestContext) {
  return async function scan(
    token: string,
    body: {
      meeting_id: number;
      guest_code: string;
      direction: 'in' | 'out' | 'auto';
      schedule_id?: number | null;
      station?: string;
      manual?: boolean;
      nonce?: string;
    },
    lang = 'en',
  ) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/attendance/scans',
      headers: { ...bearer(token), 'accept-language': lang },
      payload: { station: 'Door 1', nonce: randomUUID(), ...body },
    });
    return res;
  };
}
