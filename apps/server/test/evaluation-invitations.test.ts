import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayBounds } from '../src/lib/local-time.ts';
import * as answers from '../src/modules/evaluations/evaluation-answers.repository.ts';
import * as evaluations from '../src/modules/evaluations/evaluations.repository.ts';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  guestRequest,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

const ZONE = 'Asia/Macau';
const DAY = '2027-05-03';
const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;
const at = (clock: string, day = DAY) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return localDayBounds(day, ZONE).from + (h * 60 + m) * MINUTE;
};
const to = (m: SmtpFixture['received'][number]) => (m.to && 'text' in m.to ? m.to.text : '');
const title = { 'zh-tw': '晨講評核', 'zh-cn': '晨讲评核', en: 'Morning lecture evaluation' };

/*
 * Invitations and reminders by mail (issue 43), with the test clock and a real SMTP server: the
 * session ends at 11:00 in Macau; those who met its presence rule are invited (a guest whose scans
 * came later, on a later pass), one reminder goes after the evaluation's days to whoever has not
 * completed it, nothing goes after its last day; the organiser's "remind now".
 */
describe(`evaluation invitations and reminders (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let morning: number;
  let evaluationId: number;
  const guests: number[] = [];
  const tokens: string[] = [];

  const present = (n: number, from: string, until: string) =>
    ctx.db
      .insertInto('check_ins')
      .values(
        (
          [
            ['in', from],
            ['out', until],
          ] as const
        ).map(([type, clock]) => ({
          meeting_id: meeting.id,
          guest_id: guests[n]!,
          scope_id: morning,
          type,
          station: 'Hall A',
          operator_id: null,
          operator_name: null,
          nonce: randomUUID(),
          created_at: at(clock),
        })),
      )
      .execute();
  /** Runs a runner pass a little later (passes look for ended sessions at most once a minute). */
  const pass = async (ms = 2 * MINUTE) => {
    ctx.advance(ms);
    await ctx.app.jobs.runDue();
  };
  const received = () => smtp.received.map(to);

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, TIME_ZONE: ZONE });
    ctx.advance(at('08:00', '2027-05-01') - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), {
      meeting_type: 'date_schedule',
      name: '澳門醫學年會',
    });
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: at('09:00'), end_at: at('17:00'), name_en: 'Macao Medical Congress' })
      .where('id', '=', meeting.id)
      .execute();
    morning = await createSchedule(ctx.db, meeting.id, 0, 'Morning lecture');
    const slot = await ctx.db
      .insertInto('meeting_times')
      .values({
        organization_id: null,
        start_time: '09:00',
        end_time: '11:00',
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('schedules')
      .set({ date: DAY, meeting_time_id: slot.id })
      .where('id', '=', morning)
      .execute();
    const type = await createUserType(ctx.db, meeting.id, [morning]);
    for (const [n, lang] of ['en', 'zh-cn', 'en', 'en', 'en'].entries()) {
      const res = await signUp(ctx, meeting.publicId, dateScheduleBody(n, type, [morning]), n, lang);
      expect(res.statusCode, res.body).toBe(200);
      const row = await ctx.db
        .selectFrom('guests')
        .select('id')
        .where('guest_code', '=', res.json().data.guest.guest_code)
        .executeTakeFirstOrThrow();
      guests.push(row.id);
      tokens.push(res.json().data.guest_token as string);
    }
    for (const [url, payload] of [
      [
        `/api/meetings/${meeting.id}/mail-settings`,
        { confirmation_enabled: false, reminder_hours: 0, templates: {} },
      ],
      [
        `/api/meetings/${meeting.id}/certificate-settings`,
        {
          rule: { required_session_ids: [morning], session_evaluations_required: true },
          template: { blocks: [] },
          guest_download: true,
        },
      ],
    ] as const) {
      const res = await admin('PUT', url, payload);
      expect(res.statusCode, res.body).toBe(200);
    }
    evaluationId = (await evaluations.insertEvaluation(ctx.db, {
      meeting_id: meeting.id,
      scope_id: morning,
      title: JSON.stringify(title),
      intro: '{}',
      anonymous: 1,
      pass_mark: null,
      state: 'open',
      remind_after_days: 2,
      closes_on: '2027-05-07',
      fields: '[]',
      created_at: ctx.now(),
      updated_at: ctx.now(),
    }))!;
    // Guests 0 and 1 attend the morning lecture; guest 2 stays one minute short of nothing (absent).
    await present(0, '09:00', '10:30');
    await present(1, '09:30', '11:00');
    ctx.advance(at('10:00') - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('invites those who attended once the session has ended, with the link to the evaluation', async () => {
    await pass();
    expect(received()).toEqual([]); // 10:02: the session is still on
    ctx.advance(at('11:00') - ctx.now());
    await pass();
    expect(received().sort()).toEqual(['ds0@example.com', 'ds1@example.com']);
    const invited = await answers.findInvitations(ctx.db, evaluationId);
    expect(invited.map((i) => i.guest_id).sort((a, b) => a - b)).toEqual([guests[0], guests[1]]);

    const en = smtp.received.find((m) => to(m) === 'ds0@example.com')!;
    expect(en.subject).toBe('Your evaluation: Morning lecture evaluation');
    expect(en.text).toContain('Macao Medical Congress – Morning lecture');
    expect(en.text).toContain('Complete it to unlock your certificate of attendance.');
    // The link names the meeting and the evaluation and nothing personal, as the guest page's does:
    // the device's guest token (or the look-up) says who is answering.
    const link = `http://localhost:3000/#/enroll-info/${meeting.publicId}/evaluations/${evaluationId}?lang=en`;
    expect(en.text).toContain(link);
    expect(en.html).toContain(link);
    expect(en.text).not.toMatch(/guest_token|x-guest-token/);
    // Followed on the guest's device (its guest token): the link's evaluation opens, to be answered.
    const [, linked] = /\/evaluations\/(\d+)\?/.exec(en.text!)!;
    const opened = await guestRequest(ctx, tokens[0], 'GET', `/api/public/evaluations/${linked}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ id: evaluationId, title, status: 'to_answer' });
    const cn = smtp.received.find((m) => to(m) === 'ds1@example.com')!;
    expect(cn.subject).toBe('请填写问卷：晨讲评核');
    expect(cn.text).toContain('完成此问卷后即可解锁您的出席证书。');

    await pass();
    expect(smtp.received).toHaveLength(2); // nobody twice
  });

  it('invites a guest whose scans were uploaded later, on a later pass', async () => {
    await present(3, '09:00', '10:00');
    await pass();
    expect(received().slice(2)).toEqual(['ds3@example.com']);
  });

  it('reminds after the days set, once, only those who have not completed it', async () => {
    await answers.insertCompletion(ctx.db, {
      evaluation_id: evaluationId,
      guest_id: guests[0]!,
      completed_at: ctx.now(),
      passed: null,
      answers: null,
    });
    await pass(DAY_MS);
    expect(smtp.received).toHaveLength(3); // a day after: not yet
    await pass(DAY_MS);
    const reminders = smtp.received.slice(3);
    expect(reminders.map(to).sort()).toEqual(['ds1@example.com', 'ds3@example.com']);
    expect(reminders.every((m) => m.subject?.startsWith('提醒') || m.subject?.startsWith('Reminder'))).toBe(
      true,
    );
    const records = new Map(
      (await answers.findInvitations(ctx.db, evaluationId)).map((i) => [i.guest_id, i]),
    );
    expect(records.get(guests[0]!)!.reminded_at).toBeNull(); // completed: not reminded, not even queued
    expect(records.get(guests[1]!)!.reminded_at).toBe(ctx.now());
    await pass(DAY_MS);
    expect(smtp.received).toHaveLength(5);
  });

  it('lets the organiser remind now, audited; refuses a draft', async () => {
    admin = adminApi(ctx, (await ctx.login()).access_token); // days have passed
    const res = await admin('POST', `/api/evaluations/${evaluationId}/remind`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ queued: 2 });
    await ctx.app.jobs.runDue();
    expect(received().slice(5).sort()).toEqual(['ds1@example.com', 'ds3@example.com']);
    const log = await ctx.db
      .selectFrom('system_logs')
      .select('message_params')
      .where('message_key', '=', 'evaluations.reminded')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.message_params!)).toMatchObject({ evaluation_id: evaluationId, count: 2 });

    const draft = (await evaluations.insertEvaluation(ctx.db, {
      meeting_id: meeting.id,
      scope_id: 0,
      title: JSON.stringify(title),
      intro: '{}',
      anonymous: 1,
      pass_mark: null,
      state: 'draft',
      remind_after_days: 0,
      closes_on: null,
      fields: '[]',
      created_at: ctx.now(),
      updated_at: ctx.now(),
    }))!;
    expect((await admin('POST', `/api/evaluations/${draft}/remind`)).statusCode).toBe(409);
    expect((await admin('POST', `/api/evaluations/999999/remind`)).statusCode).toBe(404);
  });

  it('sends nothing after the last day', async () => {
    ctx.advance(at('00:30', '2027-05-08') - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    await present(4, '09:00', '10:00');
    const before = smtp.received.length;
    await pass();
    expect(smtp.received).toHaveLength(before);
    const invited = (await answers.findInvitations(ctx.db, evaluationId)).map((i) => i.guest_id);
    expect(invited).not.toContain(guests[4]); // not even recorded: the pass stops at the last day
    expect((await admin('POST', `/api/evaluations/${evaluationId}/remind`)).statusCode).toBe(409);
  });
});
