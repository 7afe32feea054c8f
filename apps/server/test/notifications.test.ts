import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BADGE } from '@meetflow/shared/constants';
import { ERRORS } from '@meetflow/shared/errors';
import { type NotificationPage } from '@meetflow/shared/schemas/notifications';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  signUp,
} from './registration-fixtures.ts';

const PASSWORD = 'Notify-pass-42';

describe(`notifications (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let orgId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await ctx.login()).access_token;
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await ctx.app.inject({
        method,
        url,
        headers: bearer(admin),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const roles = (await call('GET', '/api/roles')) as { id: number; code: string }[];
    const role = (code: string) => roles.find((r) => r.code === code)!.id;
    orgId = (await call('POST', '/api/organizations', { name: 'Notified' })).id;
    const otherOrg = (await call('POST', '/api/organizations', { name: 'Elsewhere' })).id;
    for (const [account, code, org] of [
      ['olivia', 'organiser', orgId],
      ['dora', 'door_staff', orgId],
      ['oscar', 'organiser', otherOrg],
    ] as const) {
      await call('POST', '/api/users', {
        account,
        name: account,
        role_id: role(code),
        organization_id: org,
        password: PASSWORD,
      });
      tokens[account] = (await ctx.login({ account, password: PASSWORD })).access_token;
    }
  });
  afterAll(() => ctx.close());

  async function inbox(who: string, query = ''): Promise<NotificationPage> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/me/notifications${query}`,
      headers: { ...bearer(tokens[who] ?? admin), 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NotificationPage;
  }
  async function unread(who: string): Promise<number> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/notifications/unread-count',
      headers: bearer(tokens[who] ?? admin),
    });
    return res.json().data.unread as number;
  }

  it('a meeting filling up through the public sign-up notifies its organisers once, not others', async () => {
    const meeting = await createMeeting(ctx.db, orgId, { registration_limit: 2, name: '滿額會議' });
    await ctx.db
      .updateTable('meetings')
      .set({ name_en: 'Full house' })
      .where('id', '=', meeting.id)
      .execute();

    expect((await signUp(ctx, meeting.publicId, generalBody(1), 1)).statusCode).toBe(200);
    expect(await unread('olivia')).toBe(0);
    expect((await signUp(ctx, meeting.publicId, generalBody(2), 2)).statusCode).toBe(200);
    const full = await signUp(ctx, meeting.publicId, generalBody(3), 3);
    expect(full.json().code).toBe(ERRORS.MEETING_FULL.code);

    const olivia = await inbox('olivia');
    expect(olivia.unread).toBe(1);
    expect(olivia.items).toHaveLength(1);
    expect(olivia.items[0]).toMatchObject({
      type: 'meeting_full',
      meeting_id: meeting.id,
      read: false,
      message: 'The meeting "Full house" has reached its registration limit',
    });
    // Door staff cannot see guests; another organisation's organiser is not concerned.
    expect((await inbox('dora')).total).toBe(0);
    expect((await inbox('oscar')).total).toBe(0);

    const zh = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/notifications',
      headers: { ...bearer(tokens.olivia!), 'accept-language': 'zh-tw' },
    });
    expect(zh.json().data.items[0].message).toBe('會議「滿額會議」報名人數已達上限');
  });

  it('notifies the creator of a meeting even outside its organisation', async () => {
    const admins = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const meeting = await createMeeting(ctx.db, orgId, { registration_limit: 1 });
    await ctx.db
      .updateTable('meetings')
      .set({ created_by: admins.id })
      .where('id', '=', meeting.id)
      .execute();
    expect((await signUp(ctx, meeting.publicId, generalBody(10), 10)).statusCode).toBe(200);
    expect((await inbox('admin')).items.map((n) => n.type)).toEqual(['meeting_full']);
  });

  it('a session reaching its limit notifies, through a sign-up and through an enrolment', async () => {
    const meeting = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule' });
    const morning = await createSchedule(ctx.db, meeting.id, 1, 'Morning');
    const evening = await createSchedule(ctx.db, meeting.id, 2, 'Evening');
    const noon = await createSchedule(ctx.db, meeting.id, 5, 'Noon');
    const userType = await createUserType(ctx.db, meeting.id, [morning, noon, evening]);
    const before = (await inbox('olivia')).total;

    const first = await signUp(ctx, meeting.publicId, dateScheduleBody(20, userType, [morning, evening]), 20);
    expect(first.statusCode, first.body).toBe(200);
    let page = await inbox('olivia');
    expect(page.total).toBe(before + 1);
    expect(page.items[0]).toMatchObject({
      type: 'session_full',
      message: 'The session "Morning" of "Test meeting" has reached its sign-up limit',
    });

    const second = await signUp(ctx, meeting.publicId, dateScheduleBody(21, userType, [noon]), 21);
    expect(second.statusCode, second.body).toBe(200);
    const token = second.json().data.guest_token as string;
    const enrol = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/guest/enrolments',
      headers: { 'x-guest-token': token },
      payload: { schedule_id: evening },
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    page = await inbox('olivia');
    expect(page.total).toBe(before + 2);
    expect(page.items[0]?.message).toContain('"Evening"');
  });

  it('announces a passed registration deadline once, dated at the deadline', async () => {
    const deadline = ctx.now() + 3_600_000;
    const meeting = await createMeeting(ctx.db, orgId, { registration_deadline: deadline });
    await unread('olivia');
    const before = (await inbox('olivia')).total;
    ctx.advance(2 * 3_600_000);
    tokens.olivia = (await ctx.login({ account: 'olivia', password: PASSWORD })).access_token;
    await unread('olivia');
    const page = await inbox('olivia');
    expect(page.total).toBe(before + 1);
    expect(page.items.find((n) => n.type === 'registration_closed')).toMatchObject({
      meeting_id: meeting.id,
      created_at: deadline,
    });
    ctx.advance(60_000);
    await unread('olivia');
    expect((await inbox('olivia')).total).toBe(before + 1);
  });

  it('marks one read, then all read, and only the owner’s', async () => {
    tokens.olivia = (await ctx.login({ account: 'olivia', password: PASSWORD })).access_token;
    tokens.oscar = (await ctx.login({ account: 'oscar', password: PASSWORD })).access_token;
    const page = await inbox('olivia');
    expect(page.unread).toBeGreaterThan(1);
    const first = page.items[0]!;
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/notifications/${first.id}/read`,
      headers: bearer(tokens.oscar),
    });
    expect(foreign.statusCode).toBe(404);
    const mine = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/notifications/${first.id}/read`,
      headers: bearer(tokens.olivia),
    });
    expect(mine.statusCode).toBe(200);
    expect(await unread('olivia')).toBe(page.unread - 1);
    const onlyUnread = await inbox('olivia', '?unread_only=true');
    expect(onlyUnread.items.some((n) => n.id === first.id)).toBe(false);

    const all = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/notifications/read-all',
      headers: bearer(tokens.olivia),
    });
    expect(all.statusCode).toBe(200);
    expect(await unread('olivia')).toBe(0);
    expect((await inbox('olivia')).items.every((n) => n.read)).toBe(true);
  });

  /** A back-office call as `who`; answers the parsed body (status 200 checked). */
  async function as(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { ...bearer(tokens[who] ?? admin), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  /** Fresh access tokens: an earlier test moved the clock past their lifetime. */
  async function relogin() {
    admin = (await ctx.login()).access_token;
    for (const account of ['olivia', 'dora', 'oscar']) {
      tokens[account] = (await ctx.login({ account, password: PASSWORD })).access_token;
    }
  }

  it('a guest added or edited in the back office that takes a last seat notifies as a sign-up does', async () => {
    await relogin();
    const meeting = await createMeeting(ctx.db, orgId, { registration_limit: 1 });
    const before = (await inbox('olivia')).total;
    await as('olivia', 'POST', `/api/meetings/${meeting.id}/guests`, generalBody(30));
    let page = await inbox('olivia');
    expect(page.total).toBe(before + 1);
    expect(page.items[0]).toMatchObject({ type: 'meeting_full', meeting_id: meeting.id });

    const dated = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule' });
    const workshop = await createSchedule(ctx.db, dated.id, 1, 'Workshop');
    const lecture = await createSchedule(ctx.db, dated.id, 0, 'Lecture');
    const userType = await createUserType(ctx.db, dated.id, [workshop, lecture]);
    const added = await as(
      'olivia',
      'POST',
      `/api/meetings/${dated.id}/guests`,
      dateScheduleBody(31, userType, [lecture]),
    );
    expect((await inbox('olivia')).total).toBe(before + 1);
    const guestId = added.json().data.id as number;
    await as('olivia', 'PUT', `/api/guests/${guestId}`, dateScheduleBody(31, userType, [lecture, workshop]));
    page = await inbox('olivia');
    expect(page.total).toBe(before + 2);
    expect(page.items[0]).toMatchObject({ type: 'session_full', meeting_id: dated.id });
    expect(page.items[0]!.message).toContain('"Workshop"');
    // Door staff still hear nothing.
    expect((await inbox('dora')).total).toBe(0);
  });

  it('tells the user when a guest or schedule-detail export has finished', async () => {
    await relogin();
    const meeting = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule', name: '匯出會議' });
    await ctx.db
      .updateTable('meetings')
      .set({ name_en: 'Export meeting' })
      .where('id', '=', meeting.id)
      .execute();
    const before = (await inbox('olivia')).total;
    await as('olivia', 'GET', `/api/meetings/${meeting.id}/guests/export`);
    await as('olivia', 'GET', `/api/meetings/${meeting.id}/schedule-detail/export`);
    const page = await inbox('olivia');
    expect(page.total).toBe(before + 2);
    const [detail, guests] = page.items;
    expect(guests).toMatchObject({ type: 'export_ready', read: false });
    expect(guests!.message).toMatch(/Export meeting-Guests-\d{8}-\d{4}\.xlsx/);
    expect(detail).toMatchObject({ type: 'export_ready' });
    expect(detail!.message).toMatch(/Export meeting-Schedule detail-\d{8}-\d{4}\.xlsx/);
    // Only the user who exported is told.
    expect((await inbox('oscar')).items.some((n) => n.type === 'export_ready')).toBe(false);
  });

  it("notifies the organisers of every organisation above the meeting's, not of its siblings", async () => {
    await relogin();
    const roles = (await as('admin', 'GET', '/api/roles')).json().data as { id: number; code: string }[];
    const role = (code: string) => roles.find((r) => r.code === code)!.id;
    const org = async (name: string, parentId: number | null) =>
      (await as('admin', 'POST', '/api/organizations', { name, parent_id: parentId })).json().data
        .id as number;
    const top = await org('Federation', null);
    const middle = await org('Association', top);
    const leaf = await org('Committee', middle);
    const sibling = await org('Other committee', middle);
    for (const [account, code, organization] of [
      ['tess', 'organiser', top],
      ['milo', 'organiser', middle],
      ['lena', 'organiser', leaf],
      ['sid', 'organiser', sibling],
      ['dirk', 'door_staff', top],
    ] as const) {
      await as('admin', 'POST', '/api/users', {
        account,
        name: account,
        role_id: role(code),
        organization_id: organization,
        password: PASSWORD,
      });
      tokens[account] = (await ctx.login({ account, password: PASSWORD })).access_token;
    }
    const meeting = await createMeeting(ctx.db, leaf, { registration_limit: 1 });
    expect((await signUp(ctx, meeting.publicId, generalBody(40), 40)).statusCode).toBe(200);

    for (const who of ['tess', 'milo', 'lena']) {
      const page = await inbox(who);
      expect(
        page.items.map((n) => [n.type, n.meeting_id]),
        who,
      ).toEqual([['meeting_full', meeting.id]]);
    }
    for (const who of ['sid', 'dirk', 'oscar']) {
      expect(
        (await inbox(who)).items.some((n) => n.meeting_id === meeting.id),
        who,
      ).toBe(false);
    }
  });

  it('counts beyond the badge cap (the top bar shows 99+)', async () => {
    const admins = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('notifications')
      .values(
        Array.from({ length: MAX_BADGE + 5 }, (_, i) => ({
          user_id: admins.id,
          type: 'export_ready',
          meeting_id: null,
          params: JSON.stringify({ file: `f${i}.xlsx` }),
          read_at: null,
          created_at: ctx.now(),
        })),
      )
      .execute();
    admin = (await ctx.login()).access_token;
    expect(await unread('admin')).toBeGreaterThan(MAX_BADGE);
  });
});
