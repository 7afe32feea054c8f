import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  signUp,
} from './registration-fixtures.ts';

/**
 * Door tests' shared pieces: users by role, signed-up guests, a scan call, a clock set to morning,
 * and the meetings the scan and figures tests share.
 */

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

export async function getJson(ctx: TestContext, token: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

/**
 * The attendance tests' meetings, on a clock moved to the next morning: an organiser and door staff
 * of one organisation and an organiser of another; a general meeting with six guests (Guest 0–5)
 * and a cancelled one, a second general meeting, and a date-schedule meeting with the sessions
 * Morning and Afternoon, open to one user type, whose one guest is enrolled in the morning only.
 */
export async function createAttendanceMeetings(ctx: TestContext) {
  toNextMorning(ctx);
  const admin = (await ctx.login()).access_token;
  const org = await createOrganization(ctx.db);
  const otherOrg = await createOrganization(ctx.db);
  const organiser = await addUser(ctx, admin, 'att_organiser', 'organiser', org);
  const door = await addUser(ctx, admin, 'att_door', 'door_staff', org);
  const stranger = await addUser(ctx, admin, 'att_stranger', 'organiser', otherOrg);

  const meeting = await createMeeting(ctx.db, org, { name: '點名會議' });
  const other = await createMeeting(ctx.db, org);
  const dated = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
  const sessionA = await createSchedule(ctx.db, dated.id, 0, 'Morning');
  const sessionB = await createSchedule(ctx.db, dated.id, 0, 'Afternoon');
  const datedUserType = await createUserType(ctx.db, dated.id, [sessionA, sessionB]);

  const guests: Guest[] = [];
  for (let n = 0; n < 6; n += 1) guests.push(await signUpGuest(ctx, meeting.publicId, generalBody(n), n));
  const cancelled = await signUpGuest(ctx, meeting.publicId, generalBody(101), 101);
  await ctx.db
    .updateTable('guests')
    .set({ cancelled_at: ctx.now() })
    .where('id', '=', cancelled.id)
    .execute();
  const datedGuest = await signUpGuest(
    ctx,
    dated.publicId,
    dateScheduleBody(200, datedUserType, [sessionA]),
    200,
  );
  return {
    organiser,
    door,
    stranger,
    meeting,
    other,
    dated,
    sessionA,
    sessionB,
    datedUserType,
    guests,
    cancelled,
    datedGuest,
  };
}
