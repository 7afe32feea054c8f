import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  signUp,
} from './registration-fixtures.ts';
import { attachment, startSmtp, type SmtpFixture } from './smtp-fixture.ts';

const MINUTE = 60_000;
const to = (m: SmtpFixture['received'][number]) => (m.to && 'text' in m.to ? m.to.text : '');

/*
 * A session reminder whose moment and session fall on different local days: the session starts at
 * 07:30 in Macau on 10 March 2027 (23:30 UTC on the 9th), and a 10-hour reminder is due at 21:30
 * local time on the 9th.
 */
describe(`session reminders in TIME_ZONE (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, TIME_ZONE: 'Asia/Macau' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('reminds the guests of a session, once, when its local start minus the hours has come', async () => {
    // 21:00 in Macau on 9 March 2027.
    ctx.advance(Date.parse('2027-03-09T13:00:00Z') - ctx.now());
    const admin = (await ctx.login()).access_token;
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), {
      meeting_type: 'date_schedule',
    });
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: Date.parse('2027-03-09T16:00:00Z'), end_at: Date.parse('2027-03-11T10:00:00Z') })
      .where('id', '=', meeting.id)
      .execute();
    const early = await createSchedule(ctx.db, meeting.id, 0, 'Breakfast symposium');
    const late = await createSchedule(ctx.db, meeting.id, 0, 'Evening lecture');
    const slot = await ctx.db
      .insertInto('meeting_times')
      .values({
        organization_id: null,
        start_time: '07:30',
        end_time: '08:30',
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('schedules')
      .set({ date: '2027-03-10', meeting_time_id: slot.id })
      .where('id', '=', early)
      .execute();
    const userType = await createUserType(ctx.db, meeting.id, [early, late]);
    expect(
      (await signUp(ctx, meeting.publicId, dateScheduleBody(1, userType, [early]), 1, 'en')).statusCode,
    ).toBe(200);
    expect(
      (await signUp(ctx, meeting.publicId, dateScheduleBody(2, userType, [late]), 2, 'en')).statusCode,
    ).toBe(200);
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: `/api/meetings/${meeting.id}/mail-settings`,
      headers: bearer(admin),
      payload: { confirmation_enabled: false, reminder_hours: 10, templates: {} },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(0); // 21:00: half an hour early
    ctx.advance(31 * MINUTE);
    await ctx.app.jobs.runDue();
    expect(smtp.received.map(to)).toEqual(['ds1@example.com']);
    const [event] = Object.values(
      ical.sync.parseICS(attachment(smtp.received[0]!, 'meeting.ics').content.toString()),
    ).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(event!.start.toISOString()).toBe('2027-03-09T23:30:00.000Z');
    expect(smtp.received[0]!.text).toContain('Breakfast symposium');
    expect(smtp.received[0]!.text).not.toContain('Evening lecture');

    // Past midnight, and again later: no second reminder.
    ctx.advance(3 * 60 * MINUTE);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
  });
});
