import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AdminGuest } from '@meetflow/shared/schemas/guests';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

/** Back-office users and calls for the guest-list and schedule-detail tests. */
export function adminApi(ctx: TestContext, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, lang = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
}

export type Api = ReturnType<typeof adminApi>;

/** A user of a built-in role bound to an organisation, logged in: answers the access token. */
export async function userWithRole(
  ctx: TestContext,
  api: Api,
  role: 'organiser' | 'door_staff',
  organizationId: number,
): Promise<string> {
  const roles = (await api('GET', '/api/roles')).json().data as { id: number; code: string }[];
  const account = `${role}_${randomUUID().slice(0, 8)}`;
  const password = 'Guests-pass-123';
  const res = await api('POST', '/api/users', {
    account,
    name: role,
    role_id: roles.find((r) => r.code === role)!.id,
    organization_id: organizationId,
    password,
  });
  if (res.statusCode !== 200) throw new Error(`user not created: ${res.body}`);
  return (await ctx.login({ account, password })).access_token;
}

/** Signs up through the public API; answers the guest code. */
export async function signUpGuest(ctx: TestContext, publicId: string, body: object, n: number) {
  const res = await signUp(ctx, publicId, body, n);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return res.json().data.guest.guest_code as string;
}

/** One scan through the door API. */
export async function scan(
  api: Api,
  meetingId: number,
  guestCode: string,
  direction: 'in' | 'out',
  scheduleId: number | null = null,
) {
  const res = await api('POST', '/api/attendance/scans', {
    meeting_id: meetingId,
    schedule_id: scheduleId,
    guest_code: guestCode,
    direction,
    station: 'Gate A',
    nonce: randomUUID(),
  });
  if (res.statusCode !== 200 || res.json().data.result !== 'success') {
    throw new Error(`scan not recorded: ${res.body}`);
  }
}

export async function readWorkbook(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer (an ArrayBuffer); Node's Buffer is what it reads.
  await workbook.xlsx.load(payload as unknown as ExcelJS.Buffer);
  return workbook;
}

/** A sheet's rows as plain values (row 1 = headers). */
export function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/**
 * The guest-list files' world (call inside a describe): two organisations and a general meeting with
 * five sign-ups a minute apart, one guest inside and one who came and left.
 */
export function guestListFixture() {
  let ctx: TestContext;
  let admin: Api;
  let orgA: number;
  let orgB: number;
  let general: MeetingFixture;
  /** Guest codes of the general meeting by name. */
  const codes: Record<string, string> = {};

  const list = async (meetingId: number, query = '', api = admin) => {
    const res = await api('GET', `/api/meetings/${meetingId}/guests${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: AdminGuest[]; total: number; page: number; page_size: number };
  };
  const names = (items: AdminGuest[]) => items.map((g) => g.display_name);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgA = await createOrganization(ctx.db);
    orgB = await createOrganization(ctx.db);
    general = await createMeeting(ctx.db, orgA, { name: '年會' });
    // Five sign-ups a minute apart: Carol, Alice, Eve, Bob, '=HYPERLINK("x")' (a formula attempt).
    const people = ['Carol', 'Alice', 'Eve', 'Bob', '=HYPERLINK("x")'];
    for (const [n, name] of people.entries()) {
      codes[name] = await signUpGuest(
        ctx,
        general.publicId,
        generalBody(n + 1, { name, institution: n === 2 ? 'Kiang Wu Hospital' : 'Hospital' }),
        n + 1,
      );
      ctx.advance(60_000);
    }
    // Alice is inside, Eve came and left, the others never arrived.
    await scan(admin, general.id, codes.Alice!, 'in');
    ctx.advance(1_000);
    await scan(admin, general.id, codes.Eve!, 'in');
    ctx.advance(ctx.config.scanRepeatWindowMs); // a new scan, not a repeat of the entry
    await scan(admin, general.id, codes.Eve!, 'out');
  });
  afterAll(() => ctx.close());

  return {
    get ctx() {
      return ctx;
    },
    get admin() {
      return admin;
    },
    get orgA() {
      return orgA;
    },
    get orgB() {
      return orgB;
    },
    get general() {
      return general;
    },
    codes,
    list,
    names,
  };
}
