import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { settings } from './payments-setup-fixtures.ts';
import { createMeeting, createOrganization, type MeetingFixture } from './registration-fixtures.ts';

/**
 * A meeting is paid or under approval, never both (issue 45): the payment settings refuse a currency
 * while approval is on, the admission settings refuse approval while a currency is set, and the two
 * saves racing cannot both pass (each checks under the meeting row's lock).
 */
describe(`paid or under approval (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let organiser: Api;
  let orgId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgId = await createOrganization(ctx.db);
    organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgId));
  });
  afterAll(() => ctx.close());

  const settingsUrl = (m: MeetingFixture) => `/api/meetings/${m.id}/payment-settings`;

  it('never lets a meeting be paid and under approval at once, even when both are saved together', async () => {
    const admission = (m: MeetingFixture, approval: 'none' | 'all') =>
      admin('PUT', `/api/meetings/${m.id}/admission`, {
        approval,
        approval_holds_seat: true,
        reject_erase_days: 7,
        group_max: 0,
      });
    const meeting = await createMeeting(ctx.db, orgId);
    expect((await admission(meeting, 'all')).statusCode).toBe(200);
    const paid = await organiser('PUT', settingsUrl(meeting), settings({ currency: 'MOP' }));
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe(ERRORS.APPROVAL_PAID_MEETING.code);
    const row = () =>
      ctx.db
        .selectFrom('meetings')
        .select(['currency', 'approval'])
        .where('id', '=', meeting.id)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({ currency: null, approval: 'all' });
    // Approval off: the currency may be set, and then approval is refused.
    expect((await admission(meeting, 'none')).statusCode).toBe(200);
    expect((await organiser('PUT', settingsUrl(meeting), settings({ currency: 'MOP' }))).statusCode).toBe(
      200,
    );
    expect((await admission(meeting, 'all')).json().code).toBe(ERRORS.APPROVAL_PAID_MEETING.code);

    // Saved at the same moment: one of them wins, never both.
    const racing = await Promise.all(Array.from({ length: 4 }, () => createMeeting(ctx.db, orgId)));
    const answers = await Promise.all(
      racing.flatMap((m) => [
        admission(m, 'all'),
        organiser('PUT', settingsUrl(m), settings({ currency: 'MOP' })),
      ]),
    );
    const states = await ctx.db
      .selectFrom('meetings')
      .select(['currency', 'approval'])
      .where(
        'id',
        'in',
        racing.map((m) => m.id),
      )
      .execute();
    for (const state of states) expect(state.currency !== null && state.approval !== 'none').toBe(false);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
  });
});
