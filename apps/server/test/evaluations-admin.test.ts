import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type { Evaluation } from '@meetflow/shared/schemas/evaluations';
import { adminApi, userWithRole } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createSchedule } from './registration-fixtures.ts';
import {
  at,
  DAY1,
  DAY2,
  evaluationBody,
  evaluationWorld,
  guestCall,
  ZONE,
  type EvaluationWorld,
} from './evaluations-fixtures.ts';

/**
 * The back office's evaluations (issue 43): the scope checks, the version, what an answer fixes,
 * the audit trail and who may do it.
 */
describe(`evaluations in the back office (${TEST_DB})`, () => {
  let ctx: TestContext;
  let world: EvaluationWorld;
  let meetingUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    world = await evaluationWorld(ctx, 1);
    await world.scans(world.guests[0]!.id, [
      [world.morning, 'in', DAY1, '09:00'],
      [world.morning, 'out', DAY1, '11:00'],
    ]);
    ctx.advance(at(DAY2, '20:00') - ctx.now());
    world.admin = adminApi(ctx, (await ctx.login()).access_token);
    meetingUrl = `/api/meetings/${world.meeting.id}/evaluations`;
  });
  afterAll(() => ctx.close());

  const logs = (key: string) =>
    ctx.db.selectFrom('system_logs').selectAll().where('message_key', '=', key).execute();

  it('adds an evaluation per scope of this meeting only, and lists it with its figures', async () => {
    const elsewhere = await createSchedule(ctx.db, (await createMeeting(ctx.db, world.orgId)).id, 0, 'Other');
    const foreign = await world.admin('POST', meetingUrl, evaluationBody(elsewhere));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.fields).toMatchObject({ scope_id: expect.any(String) });

    const created = await world.admin('POST', meetingUrl, evaluationBody(world.morning));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      scope_id: world.morning,
      scope_name: 'Morning lecture',
      version: 1,
      anonymous: true,
      answered_keys: [],
      counts: { eligible: 1, invited: 0, completed: 0, response_rate: 0 },
    });
    const again = await world.admin('POST', meetingUrl, evaluationBody(world.morning));
    expect(again.statusCode).toBe(400);
    expect(again.json().data.fields.scope_id).toBe('This meeting or session already has an evaluation');
    const list = (await world.admin('GET', meetingUrl)).json().data.items as Evaluation[];
    expect(list.map((e) => e.scope_id)).toEqual([world.morning]);
    expect(list[0]).not.toHaveProperty('fields');
    const [entry] = await logs('evaluations.created');
    expect(JSON.parse(entry!.changes!)).toEqual(
      expect.arrayContaining([{ field: 'question overall', before: null, after: expect.any(String) }]),
    );
  });

  it('places a question error on its path and refuses a stale version', async () => {
    const [created] = (await world.admin('GET', meetingUrl)).json().data.items as Evaluation[];
    const badRating = evaluationBody(world.morning, { version: created!.version });
    badRating.fields[0] = { ...badRating.fields[0]!, options: [] };
    const bad = await world.admin('PUT', `/api/evaluations/${created!.id}`, badRating);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty(['fields.0.options']);

    const body = evaluationBody(world.morning, { version: created!.version, remind_after_days: 5 });
    const saved = await world.admin('PUT', `/api/evaluations/${created!.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.version).toBe(created!.version + 1);
    const stale = await world.admin('PUT', `/api/evaluations/${created!.id}`, body);
    expect(stale.statusCode).toBe(409);
    const [entry] = await logs('evaluations.updated');
    expect(JSON.parse(entry!.changes!)).toEqual([{ field: 'remind_after_days', before: '3', after: '5' }]);
  });

  it('fixes the anonymity and the answered questions once answered, and then refuses the delete', async () => {
    let [current] = (await world.admin('GET', meetingUrl)).json().data.items as Evaluation[];
    const url = `/api/evaluations/${current!.id}`;
    const answered = await guestCall(
      ctx,
      world.guests[0]!.token,
      'POST',
      `/api/public/evaluations/${current!.id}/answers`,
      {
        answers: { overall: 5, q1: 'a' },
      },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.quiz).toEqual({ right: 0, total: 1, percent: 0, passed: false });
    current = (await world.admin('GET', url)).json().data as Evaluation;
    expect(current.answered_keys).toEqual(['overall', 'q1']);
    expect(current.counts).toMatchObject({ completed: 1, response_rate: 1 });
    const body = () => evaluationBody(world.morning, { version: current!.version });

    const named = await world.admin('PUT', url, { ...body(), anonymous: false });
    expect(named.json().data.fields).toEqual({ anonymous: expect.any(String) });
    const retyped = body();
    retyped.fields[0] = { ...retyped.fields[0]!, type: 'choice' };
    expect((await world.admin('PUT', url, retyped)).json().data.fields).toHaveProperty(['fields.0.type']);
    const fewerPoints = body();
    fewerPoints.fields[0] = {
      ...fewerPoints.fields[0]!,
      options: fewerPoints.fields[0]!.options!.slice(0, 4),
    };
    expect((await world.admin('PUT', url, fewerPoints)).json().data.fields).toHaveProperty([
      'fields.0.options',
    ]);
    const removed = body();
    removed.fields = removed.fields.filter((f) => f.key !== 'q1');
    removed.pass_mark = null;
    expect((await world.admin('PUT', url, removed)).json().data.fields).toHaveProperty(['fields']);

    // Retiring the question and dropping the unanswered one pass.
    const retired = body();
    retired.fields = retired.fields
      .filter((f) => f.key !== 'comment')
      .map((f) => (f.key === 'q1' ? { ...f, retired: true } : f));
    const ok = await world.admin('PUT', url, retired);
    expect(ok.statusCode, ok.body).toBe(200);

    const refused = await world.admin('DELETE', url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERRORS.EVALUATION_ANSWERED.code);
  });

  it('deletes an evaluation nobody answered, audited', async () => {
    const created = await world.admin('POST', meetingUrl, evaluationBody(0, { state: 'draft' }));
    const id = created.json().data.id as number;
    // A draft is not offered to guests.
    const hidden = await guestCall(ctx, world.guests[0]!.token, 'GET', `/api/public/evaluations/${id}`);
    expect(hidden.statusCode).toBe(404);
    expect((await world.admin('DELETE', `/api/evaluations/${id}`)).statusCode).toBe(200);
    expect((await world.admin('GET', `/api/evaluations/${id}`)).statusCode).toBe(404);
    const [entry] = await logs('evaluations.deleted');
    expect(entry!.message_params).toContain(String(id));
  });

  it('is for the holders of certificate:manage, within their organisations', async () => {
    const door = adminApi(ctx, await userWithRole(ctx, world.admin, 'door_staff', world.orgId));
    expect((await door('GET', meetingUrl)).statusCode).toBe(403);
    expect((await door('POST', meetingUrl, evaluationBody(world.evening))).statusCode).toBe(403);
    const [one] = (await world.admin('GET', meetingUrl)).json().data.items as Evaluation[];
    expect((await door('GET', `/api/evaluations/${one!.id}`)).statusCode).toBe(403);
    const elsewhere = (await world.admin('POST', '/api/organizations', { name: 'Elsewhere' })).json().data.id;
    const stranger = adminApi(ctx, await userWithRole(ctx, world.admin, 'organiser', elsewhere));
    expect((await stranger('GET', `/api/evaluations/${one!.id}`)).statusCode).toBe(404);
    expect((await stranger('GET', meetingUrl)).statusCode).toBe(404);
  });
});
