import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationNonResponders, EvaluationReport } from '@meetflow/shared/schemas/evaluations';
import { insertInvitations, markReminded } from '../src/modules/evaluations/evaluation-answers.repository.ts';
import {
  at,
  MEETING_QUESTIONS,
  openEvaluation,
  scans,
  SESSION_QUESTIONS,
  sheetsThroughLibreOffice,
  ZONE,
} from './evaluation-report-fixtures.ts';
import { guestCall } from './evaluations-fixtures.ts';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  signUp,
} from './registration-fixtures.ts';

/**
 * Evaluation reports (issue 43): the figures per question of an anonymous and a named evaluation
 * from known answers, the workbook read back by LibreOffice, who has not answered (and nothing of
 * what anyone answered), and who may ask.
 */
describe(`evaluation reports (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meetingId: number;
  let sessionEval: number;
  let meetingEval: number;
  /** g[0..4]: ids, names (the Chinese one: they signed up to sessions) and e-mail addresses. */
  const g: { id: number; name: string; email: string; name_en: string }[] = [];
  const tokens: string[] = [];

  const get = async <T>(url: string, lang = 'en', as: Api = admin): Promise<T> => {
    const res = await as('GET', url, undefined, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    const org = await createOrganization(ctx.db);
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule', name: '急救年會' });
    meetingId = meeting.id;
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: at('09:00'), end_at: at('17:00'), name_en: 'Emergency Congress' })
      .where('id', '=', meetingId)
      .execute();
    const lecture = await createSchedule(ctx.db, meetingId, 0, 'Resuscitation lecture');
    const type = await createUserType(ctx.db, meetingId, [lecture]);
    for (let n = 0; n < 5; n += 1) {
      const res = await signUp(ctx, meeting.publicId, dateScheduleBody(n, type, [lecture]), n);
      expect(res.statusCode, res.body).toBe(200);
      tokens.push(res.json().data.guest_token);
      g.push(
        await ctx.db
          .selectFrom('guests')
          .select(['id', 'name_zh as name', 'name_en', 'email'])
          .where('guest_code', '=', res.json().data.guest.guest_code)
          .executeTakeFirstOrThrow(),
      );
    }
    const rule = { min_minutes: 60, session_min_minutes: 60 };
    const template = { blocks: [{ text: '{name}', x: 50, y: 50, size: 20 }] };
    const put = await admin('PUT', `/api/meetings/${meetingId}/certificate-settings`, {
      rule,
      template,
      guest_download: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    // In the lecture: g0 90 min, g1 90, g2 30 (too short), g4 120; g3 never came.
    await scans(ctx.db, meetingId, g[0]!.id, lecture, [['09:00', '10:30']]);
    await scans(ctx.db, meetingId, g[1]!.id, lecture, [['09:00', '10:30']]);
    await scans(ctx.db, meetingId, g[2]!.id, lecture, [['09:00', '09:30']]);
    await scans(ctx.db, meetingId, g[4]!.id, lecture, [['09:00', '11:00']]);
    // Reports are read that evening (a new login: the first token has expired by then).
    ctx.advance(at('20:00') - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);

    const create = async (body: object) => {
      const res = await admin('POST', `/api/meetings/${meetingId}/evaluations`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const answer = async (n: number, id: number, answers: object) => {
      const res = await guestCall(ctx, tokens[n]!, 'POST', `/api/public/evaluations/${id}/answers`, {
        answers,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const session = { anonymous: true, pass_mark: null, fields: SESSION_QUESTIONS };
    sessionEval = await create(openEvaluation(lecture, 'Lecture evaluation', session));
    const congress = { anonymous: false, pass_mark: 100, fields: MEETING_QUESTIONS };
    meetingEval = await create(openEvaluation(0, 'Congress evaluation', congress));
    // The lecture's: g0 and g4 answered (kept as an anonymous answer is: opinions and quiz apart);
    // g0, g1, g4 were invited and g3 too (asked, though never present), g1 reminded.
    const invited = [g[0]!.id, g[1]!.id, g[3]!.id, g[4]!.id];
    await insertInvitations(ctx.db, sessionEval, invited, at('12:00'));
    await markReminded(ctx.db, sessionEval, [g[1]!.id], at('18:00'));
    await answer(0, sessionEval, { overall: 5, again: true, comment: 'Great speaker', dose: 'high' });
    await answer(4, sessionEval, { overall: 3, again: false, comment: 'Slides too small', dose: 'low' });
    // The congress's (named): g1 passed, g4 failed the quiz; g0 eligible and silent.
    await answer(1, meetingEval, { venue: 3, safe: true, improve: 'More coffee' });
    await answer(4, meetingEval, { venue: 2, safe: false, improve: 'A bigger room' });
  });
  afterAll(() => ctx.close());

  it('reports an anonymous session evaluation from its parts: counts, points, averages, texts, quiz', async () => {
    const report = await get<EvaluationReport>(`/api/evaluations/${sessionEval}/report`);
    expect(report.counts).toEqual({ eligible: 3, invited: 4, completed: 2, response_rate: 2 / 3 });
    expect(report.passed).toBeNull();
    expect(report.evaluation).toMatchObject({
      id: sessionEval,
      anonymous: true,
      scope_name: 'Resuscitation lecture',
    });
    const [overall, dose, again, comment] = report.questions;
    expect(overall).toMatchObject({ key: 'overall', label: 'Overall', answered: 2, average: 4, right: null });
    expect(overall!.distribution.map((b) => [b.label, b.count])).toEqual([
      ['1 · Very poor', 0],
      ['2 · Poor', 0],
      ['3 · Fair', 1],
      ['4 · Good', 0],
      ['5 · Excellent', 1],
    ]);
    // The quiz rows are separate rows, merged by the question's key.
    expect(dose).toMatchObject({ answered: 2, right: 1, average: null });
    expect(dose!.distribution.map((b) => [b.value, b.count])).toEqual([
      ['low', 1],
      ['high', 1],
    ]);
    expect(again!.distribution).toEqual([
      { value: 'yes', label: 'Yes', count: 1 },
      { value: 'no', label: 'No', count: 1 },
    ]);
    expect([...comment!.texts].sort()).toEqual(['Great speaker', 'Slides too small']);

    const zh = await get<EvaluationReport>(`/api/evaluations/${sessionEval}/report?lang=zh-cn`);
    expect(zh.questions[0]!.label).toBe('整體評分');
    expect(zh.questions[0]!.distribution[4]!.label).toBe('5 · 極好');
    expect(zh.questions[2]!.distribution[0]!.label).toBe('是');
  });

  it('reports a named meeting evaluation from the completions, with the passes', async () => {
    const report = await get<EvaluationReport>(`/api/evaluations/${meetingEval}/report`);
    expect(report.counts).toMatchObject({ eligible: 3, invited: 0, completed: 2 });
    expect(report.passed).toBe(1);
    const [venue, safe, improve] = report.questions;
    expect(venue).toMatchObject({ answered: 2, average: 2.5 });
    expect(venue!.distribution.map((b) => b.count)).toEqual([0, 1, 1]);
    expect(safe).toMatchObject({ answered: 2, right: 1 });
    expect([...improve!.texts].sort()).toEqual(['A bigger room', 'More coffee']);
    // Aggregates only: no guest is named in the report.
    for (const guest of g)
      for (const personal of [guest.email, guest.name, guest.name_en])
        expect(JSON.stringify(report)).not.toContain(personal);
  });

  it('writes the report as a workbook that LibreOffice reads back, without anyone’s data', async () => {
    const res = await admin('GET', `/api/evaluations/${meetingEval}/report.xlsx`, undefined, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Emergency%20Congress-evaluation');
    const sheets = await sheetsThroughLibreOffice(res.rawPayload);
    expect([...sheets.keys()].sort()).toEqual(['Distribution', 'Free texts', 'Questions', 'Summary']);
    const summary = new Map(
      sheets
        .get('Summary')!
        .slice(1)
        .map(([k, v]) => [k, v]),
    );
    expect(summary.get('Meeting')).toBe('Emergency Congress');
    expect(summary.get('Session')).toBe('Whole meeting');
    expect(summary.get('Evaluation')).toBe('Congress evaluation');
    expect(summary.get('Answers')).toBe('Named');
    expect([summary.get('Eligible'), summary.get('Invited'), summary.get('Completed')]).toEqual([
      '3',
      '0',
      '2',
    ]);
    expect(summary.get('Response rate (%)')).toBe('66.7');
    expect(summary.get('Passed the quiz')).toBe('1');
    const questions = sheets.get('Questions')!;
    expect(questions[0]).toEqual(['No.', 'Question', 'Type', 'Answered', 'Average', 'Right', 'Distribution']);
    expect(questions[1]).toEqual([
      '1',
      'Venue',
      'Rating',
      '2',
      '2.5',
      '',
      '1 · Poor: 0; 2 · Fair: 1; 3 · Good: 1',
    ]);
    expect(questions[2]).toEqual(['2', 'Is it safe?', 'Yes / no', '2', '', '1', 'Yes: 1; No: 1']);
    expect(sheets.get('Distribution')!).toContainEqual(['1', 'Venue', '3 · Good', '1', '50']);
    const texts = sheets
      .get('Free texts')!
      .slice(1)
      .map((r) => r.join('|'));
    expect(texts.sort()).toEqual(['3|What to improve|A bigger room', '3|What to improve|More coffee']);
    const all = [...sheets.values()].flat(2).join('\n');
    for (const guest of g)
      for (const personal of [guest.email, guest.name, guest.name_en]) expect(all).not.toContain(personal);
    // Written in the asked language, the sheet names and headers included.
    const zh = await admin('GET', `/api/evaluations/${sessionEval}/report.xlsx?lang=zh-tw`);
    const zhSheets = await sheetsThroughLibreOffice(zh.rawPayload);
    const zhSummary = new Map(zhSheets.get('摘要')!.map(([k, v]) => [k, v]));
    expect(zhSummary.get('場次')).toBe('Resuscitation lecture');
    expect(zhSummary.get('作答方式')).toBe('匿名');
    expect(zhSheets.get('題目')![1]!.slice(0, 4)).toEqual(['1', '整體評分', '評分', '2']);
  });

  it('lists who may answer and has not, with when they were asked, and none of the answers', async () => {
    const contact = (n: number) => ({ guest_id: g[n]!.id, name: g[n]!.name, email: g[n]!.email });
    const list = await get<EvaluationNonResponders>(`/api/evaluations/${sessionEval}/non-responders`);
    // g0, g4 completed; g2 was too short in the lecture and not invited; g1 eligible, g3 invited.
    expect(list.total).toBe(2);
    expect(list.items).toEqual([
      { ...contact(1), invited_at: at('12:00'), reminded_at: at('18:00') },
      { ...contact(3), invited_at: at('12:00'), reminded_at: null },
    ]);
    const named = await get<EvaluationNonResponders>(`/api/evaluations/${meetingEval}/non-responders`);
    expect(named.items).toEqual([{ ...contact(0), invited_at: null, reminded_at: null }]);
    const body = (await admin('GET', `/api/evaluations/${meetingEval}/non-responders`)).body;
    for (const answer of ['More coffee', 'A bigger room', 'venue', 'passed'])
      expect(body).not.toContain(answer);
    const second = await get<EvaluationNonResponders>(
      `/api/evaluations/${sessionEval}/non-responders?page=2&page_size=1`,
    );
    expect(second).toEqual({ total: 2, items: [expect.objectContaining({ guest_id: g[3]!.id })] });
    // A withdrawn guest is nobody to remind.
    await ctx.db.updateTable('guests').set({ cancelled_at: ctx.now() }).where('id', '=', g[3]!.id).execute();
    const after = await get<EvaluationNonResponders>(`/api/evaluations/${sessionEval}/non-responders`);
    expect(after.items.map((r) => r.guest_id)).toEqual([g[1]!.id]);
  });

  it('keeps the reports to certificate managers of the meeting’s organisation', async () => {
    const urls = (id: number) => [
      `/api/evaluations/${id}/report`,
      `/api/evaluations/${id}/report.xlsx`,
      `/api/evaluations/${id}/non-responders`,
    ];
    const door = adminApi(
      ctx,
      await userWithRole(ctx, admin, 'door_staff', await createOrganization(ctx.db)),
    );
    const elsewhere = adminApi(
      ctx,
      await userWithRole(ctx, admin, 'organiser', await createOrganization(ctx.db)),
    );
    for (const url of urls(sessionEval)) {
      expect((await door('GET', url)).statusCode, url).toBe(403);
      expect((await elsewhere('GET', url)).statusCode, url).toBe(404);
    }
    for (const url of urls(999_999)) expect((await admin('GET', url)).statusCode, url).toBe(404);
    expect((await admin('GET', `/api/evaluations/${sessionEval}/report?lang=fr`)).statusCode).toBe(400);
    expect(
      (await admin('GET', `/api/evaluations/${sessionEval}/non-responders?page_size=101`)).statusCode,
    ).toBe(400);
  });
});
