import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import ical, { type VEvent } from 'node-ical';
import { PNG } from 'pngjs';
import { createTestContext, TEST_DB, bearer, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';
import { attachment, startSmtp, type SmtpFixture } from './smtp-fixture.ts';

const HOUR = 3_600_000;

function qrContent(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

function events(ics: Buffer): VEvent[] {
  return Object.values(ical.sync.parseICS(ics.toString('utf8'))).filter(
    (c): c is VEvent => c?.type === 'VEVENT',
  );
}

const jobsOf = (ctx: TestContext, guestId: number) =>
  ctx.db.selectFrom('jobs').selectAll().where('guest_id', '=', guestId).orderBy('id').execute();

async function guestIdOf(ctx: TestContext, code: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('guests')
    .select('id')
    .where('guest_code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`guest mail over SMTP (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let general: MeetingFixture;
  let dated: MeetingFixture;
  let morning: number;
  let afternoon: number;
  let userType: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MeetFlow <no-reply@meetflow.test>',
      PUBLIC_URL: 'https://meet.example.org/',
      TIME_ZONE: 'Asia/Macau',
    });
    const org = await createOrganization(ctx.db);
    general = await createMeeting(ctx.db, org, { name: '年會' });
    dated = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule', name: '分場會議' });
    morning = await createSchedule(ctx.db, dated.id, 0, 'Morning');
    afternoon = await createSchedule(ctx.db, dated.id, 1, 'Afternoon');
    // 07:30 in Macau on 10 January is 23:30 UTC on the 9th: the calendar must not shift the day.
    const now = ctx.now();
    const slot = await ctx.db
      .insertInto('meeting_times')
      .values({
        organization_id: null,
        start_time: '07:30',
        end_time: '09:00',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('schedules')
      .set({ meeting_time_id: slot.id })
      .where('id', '=', morning)
      .execute();
    userType = await createUserType(ctx.db, dated.id, [morning, afternoon]);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.reject = () => false;
  });

  it('confirms a sign-up in the page language: QR code that decodes to the guest code, calendar at the meeting time, guest-page link', async () => {
    const res = await signUp(ctx, general.publicId, generalBody(1), 1, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().data.guest.guest_code as string;
    expect(smtp.received).toHaveLength(0); // nothing before the runner passes
    expect(await ctx.app.jobs.runDue()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('guest1@example.com');
    expect(mail.subject).toContain('Test meeting');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(`https://meet.example.org/#/enroll-info/${general.publicId}`);
    expect(mail.html || '').toContain('cid:qr-code');
    expect(qrContent(attachment(mail, 'qr-code.png').content)).toBe(code);

    const meeting = await ctx.db
      .selectFrom('meetings')
      .select(['start_at', 'end_at'])
      .where('id', '=', general.id)
      .executeTakeFirstOrThrow();
    const [event] = events(attachment(mail, 'meeting.ics').content);
    // Calendar times have whole seconds.
    expect(event!.start.getTime()).toBe(Math.floor(meeting.start_at / 1000) * 1000);
    expect(event!.end!.getTime()).toBe(Math.floor(meeting.end_at / 1000) * 1000);

    // Sent once: another pass sends nothing more, and the history says sent.
    expect(await ctx.app.jobs.runDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const admin = (await ctx.login()).access_token;
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/guests/${await guestIdOf(ctx, code)}/messages`,
      headers: bearer(admin),
    });
    expect(history.json().data).toMatchObject({
      mail_server_configured: true,
      items: [{ type: 'confirmation', status: 'sent', attempts: 1, reason: null }],
    });
  });

  it('writes in Chinese for a guest who signed up on a Chinese page', async () => {
    const tw = await signUp(ctx, general.publicId, generalBody(2), 2, 'zh-tw');
    const cn = await signUp(ctx, general.publicId, generalBody(3), 3, 'zh-cn');
    expect([tw.statusCode, cn.statusCode]).toEqual([200, 200]);
    await ctx.app.jobs.runDue();
    const byAddress = new Map(smtp.received.map((m) => [m.to && 'text' in m.to ? m.to.text : '', m]));
    expect(byAddress.get('guest2@example.com')!.subject).toContain('年會');
    expect(byAddress.get('guest3@example.com')!.subject).toContain('测试会议');
    expect(byAddress.get('guest2@example.com')!.text).not.toContain('Test meeting');
  });

  it('lists each session as its own event at its local time, and updates or cancels it by UID on enrolment changes', async () => {
    const res = await signUp(ctx, dated.publicId, dateScheduleBody(10, userType, [morning]), 10, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.guest_token as string;
    await ctx.app.jobs.runDue();
    const [first] = events(attachment(smtp.received[0]!, 'meeting.ics').content);
    expect(first!.start.toISOString()).toBe('2027-01-09T23:30:00.000Z');
    expect(first!.end!.toISOString()).toBe('2027-01-10T01:00:00.000Z');

    const enrol = await guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', {
      schedule_id: afternoon,
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    await ctx.app.jobs.runDue();
    const update = smtp.received[1]!;
    // One file per session, each with one UID (RFC 5546: one UID per REQUEST).
    const updated = ['meeting-1.ics', 'meeting-2.ics'].flatMap((name) => {
      const list = events(attachment(update, name).content);
      expect(list).toHaveLength(1);
      return list;
    });
    expect(updated.map((e) => e.uid).sort()).toContain(first!.uid);
    expect(updated).toHaveLength(2);
    expect(Number(updated[0]!.sequence)).toBe(1);

    const cancel = await guestRequest(ctx, token, 'DELETE', `/api/public/guest/enrolments/${morning}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await ctx.app.jobs.runDue();
    const cancelled = attachment(smtp.received[2]!, 'cancelled.ics').content.toString('utf8');
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain(`UID:${first!.uid}`);
    expect(cancelled).toMatch(/SEQUENCE:2/);
    expect(smtp.received).toHaveLength(3);
  });

  it('sends nothing for a sign-up that was rolled back (the last session seat went to someone else)', async () => {
    // The afternoon's single seat was taken above and freed by nobody: this sign-up fails inside its transaction.
    const before = await ctx.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await signUp(ctx, dated.publicId, dateScheduleBody(11, userType, [afternoon]), 11, 'en');
    expect(res.statusCode).toBe(409);
    const after = await ctx.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(0);
  });

  it('stops on a permanent refusal (550) and keeps the server’s reason without the address', async () => {
    smtp.reject = (address) => address === 'guest20@example.com';
    const res = await signUp(ctx, general.publicId, generalBody(20), 20, 'en');
    const id = await guestIdOf(ctx, res.json().data.guest.guest_code);
    await ctx.app.jobs.runDue();
    const [job] = await jobsOf(ctx, id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.last_error).toMatch(/550/);
    expect(job!.last_error).not.toContain('guest20@example.com');
    ctx.advance(24 * HOUR);
    expect(await ctx.app.jobs.runDue()).toBe(0);
  });

  it('sends the code to a known address, answers an unknown one the same way, and limits the asking', async () => {
    const ask = (email: string, ip = '10.9.9.9') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/meetings/${general.publicId}/code-by-email`,
        payload: { email },
        remoteAddress: ip,
      });
    const known = await ask('GUEST1@example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    const code = (
      await ctx.db
        .selectFrom('guests')
        .select('guest_code')
        .where('email', '=', 'guest1@example.com')
        .executeTakeFirstOrThrow()
    ).guest_code;
    expect(qrContent(attachment(smtp.received[0]!, 'qr-code.png').content)).toBe(code);
    // Asked again at once: the same message, not a second one.
    await ask('guest1@example.com', '10.9.9.8');
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    // A fourth request for one address within ten minutes is refused, from any client address.
    expect((await ask('guest1@example.com', '10.9.9.6')).statusCode).toBe(200);
    const limited = await ask('guest1@example.com', '10.9.9.7');
    expect(limited.statusCode).toBe(429);
    const invalid = await ask('not-an-address');
    expect(invalid.statusCode).toBe(400);
  });

  it('sends a reminder once, hours before the start in TIME_ZONE, to every live guest', async () => {
    const admin = (await ctx.login()).access_token;
    const org = await createOrganization(ctx.db);
    const soon = await createMeeting(ctx.db, org, { name: '提醒會議' });
    // Starts in 24 h by the server's clock; a 6-hour reminder is due 18 h from now.
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: ctx.now() + 24 * HOUR, end_at: ctx.now() + 30 * HOUR })
      .where('id', '=', soon.id)
      .execute();
    const guestA = await signUp(ctx, soon.publicId, generalBody(30), 30, 'en');
    const guestB = await signUp(ctx, soon.publicId, generalBody(31), 31, 'zh-tw');
    expect([guestA.statusCode, guestB.statusCode]).toEqual([200, 200]);
    await ctx.app.jobs.runDue();
    smtp.received.length = 0;
    const save = await ctx.app.inject({
      method: 'PUT',
      url: `/api/meetings/${soon.id}/mail-settings`,
      headers: bearer(admin),
      payload: { confirmation_enabled: true, reminder_hours: 6, templates: {} },
    });
    expect(save.statusCode, save.body).toBe(200);

    ctx.advance(17 * HOUR);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(0);
    ctx.advance(HOUR + 60_000);
    await ctx.app.jobs.runDue();
    expect(smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort()).toEqual([
      'guest30@example.com',
      'guest31@example.com',
    ]);
    ctx.advance(HOUR);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(2);
  });
});

describe(`a mail server configured after the meeting (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('drops confirmations of a meeting that has ended instead of sending them', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    expect((await signUp(ctx, meeting.publicId, generalBody(1), 1)).statusCode).toBe(200);
    // The meeting (createMeeting: tomorrow, one day long) is over before the runner first passes.
    ctx.advance(3 * 24 * HOUR);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(0);
    const [job] = await ctx.db.selectFrom('jobs').selectAll().where('meeting_id', '=', meeting.id).execute();
    expect(job).toMatchObject({ status: 'done', last_error: 'the meeting has ended' });
  });
});

describe(`guest mail without a mail server (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('keeps the message queued and says no mail server is configured', async () => {
    const org = await createOrganization(ctx.db);
    const meeting = await createMeeting(ctx.db, org);
    const res = await signUp(ctx, meeting.publicId, generalBody(1), 1, 'en');
    expect(res.statusCode).toBe(200);
    expect(await ctx.app.jobs.runDue()).toBe(0);
    const admin = (await ctx.login()).access_token;
    const id = await guestIdOf(ctx, res.json().data.guest.guest_code);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/guests/${id}/messages`,
      headers: bearer(admin),
    });
    expect(history.json().data).toMatchObject({
      mail_server_configured: false,
      items: [{ type: 'confirmation', status: 'queued', attempts: 0 }],
    });
    const preview = await ctx.app.inject({
      method: 'POST',
      url: `/api/meetings/${meeting.id}/mail-preview`,
      headers: bearer(admin),
      payload: {
        type: 'confirmation',
        language: 'en',
        text: { subject: 'Hello {name}', body: 'See you at {meeting}' },
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.subject).toBe('Hello Guest 1');
    expect(preview.json().data.text).toContain('See you at Test meeting');
    expect(preview.json().data.html).toContain('src="data:image/png;base64,');
    const broadcast = await ctx.app.inject({
      method: 'POST',
      url: `/api/meetings/${meeting.id}/mail-preview`,
      headers: bearer(admin),
      payload: { type: 'broadcast', language: 'zh-tw', text: { subject: '通知', body: '{name} 您好' } },
    });
    expect(broadcast.json().data).toMatchObject({ subject: '通知' });
    expect(broadcast.json().data.html).not.toContain('data:image/png');
  });
});
