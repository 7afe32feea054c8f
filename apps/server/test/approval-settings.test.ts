import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, createUserType } from './registration-fixtures.ts';

/*
 * Who may register (issue 45): a meeting's admission settings as the organiser reads and writes them,
 * audited, checked (another meeting's registration type, a paid meeting), and the empty queue.
 */
describe(`admission settings (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let org: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
  });
  beforeEach(async () => {
    admin = (await ctx.login()).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(admin), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  it('reads the defaults, saves the settings with the waiting types, and audits the change', async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const doctor = await createUserType(ctx.db, meeting.id, [], 'Doctor');
    const nurse = await createUserType(ctx.db, meeting.id, [], 'Nurse');
    const before = await api('GET', `/api/meetings/${meeting.id}/admission`);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({
      approval: 'none',
      approval_holds_seat: true,
      approval_user_type_ids: [],
      reject_erase_days: expect.any(Number),
      group_max: 0,
      pending_count: 0,
    });
    const saved = await api('PUT', `/api/meetings/${meeting.id}/admission`, {
      approval: 'types',
      approval_holds_seat: false,
      approval_user_type_ids: [nurse],
      reject_erase_days: 7,
      group_max: 5,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      approval: 'types',
      approval_holds_seat: false,
      approval_user_type_ids: [nurse],
      reject_erase_days: 7,
      group_max: 5,
    });
    const types = await ctx.db
      .selectFrom('user_types')
      .select(['id', 'needs_approval'])
      .where('meeting_id', '=', meeting.id)
      .orderBy('id')
      .execute();
    expect(types).toEqual([
      { id: doctor, needs_approval: 0 },
      { id: nurse, needs_approval: 1 },
    ]);
    const log = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', '=', 'approval.settings_updated')
      .execute();
    expect(log).toHaveLength(1);
  });

  it("refuses another meeting's registration type and approval on a paid meeting", async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const other = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const foreign = await createUserType(ctx.db, other.id, []);
    const body = { approval: 'types', approval_holds_seat: true, reject_erase_days: 7, group_max: 0 };
    const wrongType = await api('PUT', `/api/meetings/${meeting.id}/admission`, {
      ...body,
      approval_user_type_ids: [foreign],
    });
    expect(wrongType.json().code).toBe(40041);
    await ctx.db.updateTable('meetings').set({ currency: 'MOP' }).where('id', '=', meeting.id).execute();
    const paid = await api('PUT', `/api/meetings/${meeting.id}/admission`, { ...body, approval: 'all' });
    expect(paid.json().code).toBe(40923);
  });

  it('answers an empty queue with its counts and the seats', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 10 });
    const res = await api('GET', `/api/meetings/${meeting.id}/applications?status=pending`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      counts: { pending: 0, approved: 0, rejected: 0, withdrawn: 0 },
      seats_taken: 0,
      seat_limit: 10,
      items: [],
      total: 0,
    });
    const refused = await api('POST', `/api/meetings/${meeting.id}/applications/decide`, {
      ids: [1],
      decision: 'reject',
    });
    expect(refused.json().code).toBe(40040);
  });
});
