import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificatePage,
  CertificateSettings,
  GuestCertificateStatus,
} from '@meetflow/shared/schemas/certificates';
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

const ZONE = 'Asia/Macau';
const DAY = '2027-04-01';
const at = (clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return localDayBounds(DAY, ZONE).from + (h * 60 + m) * 60_000;
};
const title = { 'zh-tw': '課後評核', 'zh-cn': '课后评核', en: 'Evaluation' };

/*
 * The certificate rule's evaluation switches (issue 43): presence earns the certificate, then it
 * waits for the meeting's evaluation (its quiz passed) and each required session's, where offered.
 * Evaluations and completions are written through their repositories (the answering is another
 * test's); what is checked is every face of the certificate: the list, the guest list's state,
 * issuing, the guest page and its download, revoking and re-issuing, the settings' audit.
 */
describe(`the certificate waits for the required evaluations (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let morning: number;
  let afternoon: number;
  const guests: { id: number; token: string }[] = [];
  let meetingEval: number;
  let morningEval: number;
  let afternoonEval: number;

  const json = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: object): Promise<T> => {
    const res = await admin(method, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const page = () => json<CertificatePage>('GET', `/api/meetings/${meeting.id}/certificates`);
  const rowOf = async (n: number) => (await page()).items.find((r) => r.guest_id === guests[n]!.id)!;
  const status = async (n: number) =>
    (await guestRequest(ctx, guests[n]!.token, 'GET', '/api/public/guest/certificate')).json()
      .data as GuestCertificateStatus;
  const complete = (evaluationId: number, n: number, passed: number | null) =>
    answers.insertCompletion(ctx.db, {
      evaluation_id: evaluationId,
      guest_id: guests[n]!.id,
      completed_at: ctx.now(),
      passed,
      answers: null,
    });
  const addEvaluation = async (scope: number, state: string, passMark: number | null) =>
    (await evaluations.insertEvaluation(ctx.db, {
      meeting_id: meeting.id,
      scope_id: scope,
      title: JSON.stringify(title),
      intro: '{}',
      anonymous: 1,
      pass_mark: passMark,
      state,
      remind_after_days: 0,
      closes_on: null,
      fields: '[]',
      created_at: ctx.now(),
      updated_at: ctx.now(),
    }))!;

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), {
      meeting_type: 'date_schedule',
    });
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: at('09:00'), end_at: at('17:00') })
      .where('id', '=', meeting.id)
      .execute();
    morning = await createSchedule(ctx.db, meeting.id, 0, 'Morning lecture');
    afternoon = await createSchedule(ctx.db, meeting.id, 0, 'Afternoon workshop');
    const type = await createUserType(ctx.db, meeting.id, [morning, afternoon]);
    for (let n = 0; n < 3; n++) {
      const res = await signUp(ctx, meeting.publicId, dateScheduleBody(n, type, [morning, afternoon]), n);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const row = await ctx.db
        .selectFrom('guests')
        .select('id')
        .where('guest_code', '=', data.guest.guest_code)
        .executeTakeFirstOrThrow();
      guests.push({ id: row.id, token: data.guest_token });
    }
    // Guests 0 and 1 attend the morning lecture (required); guest 2 only the afternoon.
    const scans = (scope: number, from: string, to: string) => [
      { scope, type: 'in' as const, clock: from },
      { scope, type: 'out' as const, clock: to },
    ];
    for (const [n, list] of [
      [0, scans(morning, '09:00', '11:00')],
      [1, scans(morning, '09:00', '11:00')],
      [2, scans(afternoon, '14:00', '16:00')],
    ] as const) {
      await ctx.db
        .insertInto('check_ins')
        .values(
          list.map((s) => ({
            meeting_id: meeting.id,
            guest_id: guests[n]!.id,
            scope_id: s.scope,
            type: s.type,
            station: 'Gate',
            operator_id: null,
            operator_name: null,
            nonce: randomUUID(),
            created_at: at(s.clock),
          })),
        )
        .execute();
    }
    ctx.advance(at('18:00') - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token); // after the clock moved on
    meetingEval = await addEvaluation(0, 'draft', 60);
    morningEval = await addEvaluation(morning, 'open', null);
    afternoonEval = await addEvaluation(afternoon, 'open', null);
  });
  afterAll(() => ctx.close());

  it('asks nothing more while the switches are off', async () => {
    await json('PUT', `/api/meetings/${meeting.id}/certificate-settings`, {
      rule: { required_session_ids: [morning] },
      template: { blocks: [] },
      guest_download: true,
    });
    expect(await rowOf(0)).toMatchObject({ earned: true, awaiting_evaluation: false, state: 'earned' });
    expect(await status(0)).toMatchObject({ earned: true, awaiting_evaluation_ids: [], available: true });
  });

  it('waits for the offered evaluations the switches name, and audits the switches', async () => {
    const current = await json<CertificateSettings>(
      'GET',
      `/api/meetings/${meeting.id}/certificate-settings`,
    );
    await json('PUT', `/api/meetings/${meeting.id}/certificate-settings`, {
      rule: { ...current.rule, meeting_evaluation_required: true, session_evaluations_required: true },
      template: current.template,
      guest_download: true,
    });
    const log = await ctx.db
      .selectFrom('system_logs')
      .select('changes')
      .where('message_key', '=', 'certificates.settings_updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes!)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'rule.meeting_evaluation_required' }),
        expect.objectContaining({ field: 'rule.session_evaluations_required' }),
      ]),
    );

    // The meeting's evaluation is a draft: only the required session's counts; the afternoon's never.
    expect(await status(0)).toMatchObject({
      earned: false,
      awaiting_evaluation_ids: [morningEval],
      available: false,
    });
    await evaluations.updateEvaluation(ctx.db, meetingEval, 1, { state: 'open' });
    expect((await status(0)).awaiting_evaluation_ids).toEqual([meetingEval, morningEval]);
    expect(await rowOf(0)).toMatchObject({ earned: false, awaiting_evaluation: true, state: 'not_earned' });
    // Presence not met: not "awaiting" an evaluation, whatever it completed.
    await complete(afternoonEval, 2, null);
    expect(await rowOf(2)).toMatchObject({ earned: false, awaiting_evaluation: false });
    expect(await status(2)).toMatchObject({ earned: false, awaiting_evaluation_ids: [] });
    expect((await page()).counts.earned).toBe(0);
  });

  it('refuses to issue or download before completion', async () => {
    expect(
      await json('POST', `/api/meetings/${meeting.id}/certificates/issue`, { guest_ids: [guests[0]!.id] }),
    ).toEqual({ done: 0, skipped: 1 });
    const pdf = await guestRequest(ctx, guests[0]!.token, 'GET', '/api/public/guest/certificate/pdf');
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().code).toBe(40961);
    expect(await ctx.app.evaluations.certificates.use.unlocked(guests[0]!.id)).toBe(false);
  });

  it('unlocks once every required evaluation is completed, and only with the quiz passed', async () => {
    // Guest 0 passes the meeting's quiz, then completes the morning's: unlocked.
    await complete(meetingEval, 0, 1);
    expect((await status(0)).awaiting_evaluation_ids).toEqual([morningEval]);
    await complete(morningEval, 0, null);
    expect(await status(0)).toMatchObject({ earned: true, awaiting_evaluation_ids: [], available: true });
    expect(await rowOf(0)).toMatchObject({ earned: true, awaiting_evaluation: false, state: 'earned' });
    expect(await ctx.app.evaluations.certificates.use.unlocked(guests[0]!.id)).toBe(true);

    // Guest 1 fails the quiz: the certificate stays locked on the meeting's evaluation.
    await complete(meetingEval, 1, 0);
    await complete(morningEval, 1, null);
    expect(await status(1)).toMatchObject({ earned: false, awaiting_evaluation_ids: [meetingEval] });
    expect(await rowOf(1)).toMatchObject({ earned: false, awaiting_evaluation: true });

    // Who may answer stays presence alone: the failed guest is still eligible.
    expect(
      (await ctx.app.evaluations.presence.use.eligibleGuests(meeting.id, 0)).sort((a, b) => a - b),
    ).toEqual([guests[0]!.id, guests[1]!.id]);

    const list = await json<{ items: { id: number; certificate: string | null }[] }>(
      'GET',
      `/api/meetings/${meeting.id}/guests?page=1&page_size=20`,
    );
    const states = Object.fromEntries(list.items.map((g) => [g.id, g.certificate]));
    expect(states).toMatchObject({ [guests[0]!.id]: 'earned', [guests[1]!.id]: 'not_earned' });
  });

  it('issues to those who earned it; a revoked certificate waits to be re-issued', async () => {
    expect(
      await json('POST', `/api/meetings/${meeting.id}/certificates/issue`, { all_earned: true }),
    ).toMatchObject({ done: 1 });
    expect((await rowOf(0)).state).toBe('issued');
    expect((await rowOf(1)).state).toBe('not_earned');

    await json('POST', `/api/meetings/${meeting.id}/certificates/revoke`, {
      guest_ids: [guests[0]!.id],
      reason: 'test',
    });
    expect(await status(0)).toMatchObject({ revoked: true, available: false });
    expect(await ctx.app.evaluations.certificates.use.unlocked(guests[0]!.id)).toBe(false);
    const pdf = await guestRequest(ctx, guests[0]!.token, 'GET', '/api/public/guest/certificate/pdf');
    expect(pdf.statusCode).toBe(409);

    expect(
      await json('POST', `/api/meetings/${meeting.id}/certificates/issue`, { guest_ids: [guests[0]!.id] }),
    ).toMatchObject({ done: 1 });
    expect(await status(0)).toMatchObject({ revoked: false, available: true });
    const again = await guestRequest(ctx, guests[0]!.token, 'GET', '/api/public/guest/certificate/pdf');
    expect(again.statusCode).toBe(200);
  });
});
