import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
import type { TestContext } from './helpers.ts';

/** Direct inserts for the public-registration tests: the admin API is not what they exercise. */
export async function createOrganization(db: Db): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('organizations')
    .values({
      name: `Org ${randomBytes(4).toString('hex')}`,
      parent_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface MeetingFixture {
  id: number;
  publicId: string;
}

export async function createMeeting(
  db: Db,
  organizationId: number,
  values: Partial<{
    registration_limit: number;
    registration_deadline: number | null;
    signup_enabled: number;
    meeting_type: 'general' | 'date_schedule';
    deleted_at: number | null;
    name: string;
  }> = {},
): Promise<MeetingFixture> {
  const now = Date.now();
  const publicId = randomBytes(12).toString('base64url');
  const row = await db
    .insertInto('meetings')
    .values({
      public_id: publicId,
      organization_id: organizationId,
      name: values.name ?? '測試會議',
      name_cn: '测试会议',
      name_en: 'Test meeting',
      start_at: now + 86_400_000,
      end_at: now + 2 * 86_400_000,
      registration_limit: values.registration_limit ?? 0,
      registration_deadline: values.registration_deadline ?? null,
      signup_enabled: values.signup_enabled ?? 1,
      meeting_type: values.meeting_type ?? 'general',
      banner_file_id: null,
      schedule_file_id: null,
      guide_file_id: null,
      created_by: null,
      created_at: now,
      updated_at: now,
      deleted_at: values.deleted_at ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, publicId };
}

export async function createSchedule(
  db: Db,
  meetingId: number,
  signupLimit: number,
  name = 'Session',
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('schedules')
    .values({
      meeting_id: meetingId,
      name,
      name_cn: name,
      name_en: name,
      signup_limit: signupLimit,
      date: '2027-01-10',
      meeting_time_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createUserType(
  db: Db,
  meetingId: number,
  scheduleIds: number[],
  name = 'Doctor',
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('user_types')
    .values({ meeting_id: meetingId, name, name_cn: name, name_en: name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (scheduleIds.length) {
    await db
      .insertInto('user_type_schedules')
      .values(scheduleIds.map((schedule_id) => ({ user_type_id: row.id, schedule_id })))
      .execute();
  }
  return row.id;
}

/** A valid Macao mobile number, distinct per n (0 ≤ n < 1,000,000). */
export const macaoPhone = (n: number) => `66${String(n).padStart(6, '0')}`;

export function generalBody(n: number, overrides: Record<string, unknown> = {}) {
  return {
    meeting_type: 'general',
    name: `Guest ${n}`,
    gender: n % 2 ? 'male' : 'female',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(n),
    email: `guest${n}@example.com`,
    institution: 'Hospital',
    job_title: 'Doctor',
    contact_name: 'Contact',
    contact_number: '28000000',
    contact_phone: '66999999',
    ...overrides,
  };
}

export function dateScheduleBody(n: number, userTypeId: number, scheduleIds: number[]) {
  return {
    meeting_type: 'date_schedule',
    name_zh: `嘉賓${n}`,
    name_en: `Guest ${n}`,
    area_code: '853',
    phone: macaoPhone(n),
    email: `ds${n}@example.com`,
    organization: 'Clinic',
    user_type_id: userTypeId,
    license_number: 'NA',
    other: '',
    academy_member: false,
    college_category_id: null,
    schedule_ids: scheduleIds,
  };
}

/** A distinct client address per n, so per-IP limits do not interfere with concurrency tests. */
export const clientIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export function signUp(ctx: TestContext, publicId: string, body: object, n = 0, lang = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/meetings/${publicId}/sign-ups`,
    payload: body,
    remoteAddress: clientIp(n),
    headers: { 'accept-language': lang },
  });
}

/** A group booking (issue 45) as a contact's browser sends it. */
export function bookGroup(ctx: TestContext, publicId: string, body: object, n = 0, lang = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/meetings/${publicId}/groups`,
    payload: body,
    remoteAddress: clientIp(n),
    headers: { 'accept-language': lang },
  });
}

/** The contact's group page, or one of its actions (`url`), with the group's token. */
export function groupPage(
  ctx: TestContext,
  token: string,
  method: 'GET' | 'POST' = 'GET',
  url = '/api/public/group',
) {
  return ctx.app.inject({ method, url, headers: { 'x-group-token': token, 'accept-language': 'en' } });
}

export function guestRequest(
  ctx: TestContext,
  token: string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { 'accept-language': 'en', ...(token ? { 'x-guest-token': token } : {}) },
  });
}
