import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { TestContext } from './helpers.ts';
import { signUp } from './registration-fixtures.ts';

/** Back-office users and calls for the guest-list and schedule-detail tests. */
export function adminApi(ctx: TestContext, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
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
