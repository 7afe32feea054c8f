import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalkInAnswer, WalkInSyncAnswer } from '@meetflow/shared/schemas/walk-ins';
import { adminApi, signUpGuest, userWithRole, type Api } from './guest-fixtures.ts';
import { saveForm, tri } from './form-fixtures.ts';
import { answerTermsOutOfStep } from './answer-terms-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, macaoPhone } from './registration-fixtures.ts';

/**
 * Walk-ins at the door (issue 45): registered and checked in at once by door staff, online or from
 * an offline station's queue; a full meeting refused online unless admitted anyway, and seated past
 * the limit, flagged and notified when an offline queue arrives; never lost, never twice.
 */
describe(`walk-ins at the door (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let door: Api;
  let scanOnly: Api;
  let org: number;

  const person = (n: number, more: object = {}) => ({
    name: `Walker ${n}`,
    area_code: '853',
    phone: macaoPhone(500 + n),
    ...more,
  });
  const walkIn = (api: Api, body: object) => api('POST', '/api/attendance/walk-ins', body);
  const sync = (api: Api, body: object) => api('POST', '/api/attendance/offline-walk-ins', body);
  const guestsOf = (meetingId: number) =>
    ctx.db
      .selectFrom('guests')
      .select(['id', 'name', 'phone', 'email', 'walk_in', 'over_capacity', 'answers', 'mail_pending'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();
  const entriesOf = (meetingId: number) =>
    ctx.db
      .selectFrom('check_ins')
      .select(['guest_id', 'type', 'station', 'nonce', 'created_at'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();
  const seatsOf = async (meetingId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('meetings')
          .select('registered_count')
          .where('id', '=', meetingId)
          .executeTakeFirstOrThrow()
      ).registered_count,
    );
  const overCapacityNotices = async (meetingId: number) =>
    (
      await ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('meeting_id', '=', meetingId)
        .where('type', '=', 'walk_in_over_capacity')
        .execute()
    ).length;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = adminApi(ctx, (await ctx.login()).access_token);
    org = await createOrganization(ctx.db);
    door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', org));
    // The organiser the notifications go to.
    await userWithRole(ctx, admin, 'organiser', org);
    // A door role from before walk-ins: it scans but may not register anyone.
    const role = await ctx.db
      .insertInto('roles')
      .values({
        name: 'Scanner only',
        is_admin: 0,
        permissions: JSON.stringify(['records:scan', 'records:view']),
        code: null,
        created_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const made = await admin('POST', '/api/users', {
      account: 'scanner_only',
      name: 'Scanner',
      role_id: role.id,
      organization_id: org,
      password: 'Walk-ins-pass-123',
    });
    expect(made.statusCode, made.body).toBe(200);
    scanOnly = adminApi(
      ctx,
      (await ctx.login({ account: 'scanner_only', password: 'Walk-ins-pass-123' })).access_token,
    );
  });
  afterAll(() => ctx.close());

  it('registers a walk-in and checks them in in one request, once for a re-sent nonce', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 10 });
    const body = { meeting_id: meeting.id, station: 'Gate A', nonce: randomUUID(), person: person(1) };
    const res = await walkIn(door, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as WalkInAnswer;
    expect(answer).toMatchObject({ outcome: 'admitted', name: 'Walker 1', check_in: 'in', reason: null });
    const [guest] = await guestsOf(meeting.id);
    expect(guest).toMatchObject({
      id: answer.guest_id,
      name: 'Walker 1',
      phone: `+853${macaoPhone(501)}`,
      email: '',
      walk_in: 1,
      over_capacity: 0,
      mail_pending: 0,
    });
    expect(await entriesOf(meeting.id)).toMatchObject([
      { guest_id: answer.guest_id, type: 'in', station: 'Gate A', nonce: body.nonce },
    ]);
    expect(await seatsOf(meeting.id)).toBe(1);
    // The same request again (the answer was lost on the way): the same guest, nothing twice.
    const again = await walkIn(door, body);
    expect(again.json().data).toEqual(answer);
    expect(await guestsOf(meeting.id)).toHaveLength(1);
    expect(await entriesOf(meeting.id)).toHaveLength(1);
    expect(await seatsOf(meeting.id)).toBe(1);
    // Audited without the phone.
    const log = await ctx.db
      .selectFrom('system_logs')
      .select(['content', 'message_params'])
      .where('message_key', '=', 'walk_ins.registered')
      .execute();
    expect(log.map((row) => JSON.parse(row.message_params!))).toContainEqual({
      guest_id: answer.guest_id,
      meeting_id: meeting.id,
      station: 'Gate A',
    });
    expect(JSON.stringify(log)).not.toContain(macaoPhone(501));
  });

  it('refuses a user without guest:walk_in, and validates the person and door answers', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const body = { meeting_id: meeting.id, station: 'Gate A', nonce: randomUUID(), person: person(2) };
    const refused = await walkIn(scanOnly, body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(
      (
        await sync(scanOnly, {
          meeting_id: meeting.id,
          walk_ins: [{ ...body, at: ctx.now() }].map(({ nonce, person: p, at }) => ({
            nonce,
            person: p,
            at,
          })),
        })
      ).statusCode,
    ).toBe(403);
    expect(await guestsOf(meeting.id)).toHaveLength(0);

    const form = await saveForm(
      ctx,
      (await ctx.login()).access_token,
      meeting.id,
      [
        {
          key: 'diet',
          type: 'choice',
          label: tri('膳食', '膳食', 'Diet'),
          ask_at_door: true,
          required: true,
          options: [
            { value: 'none', label: tri('無', '无', 'None') },
            { value: 'veg', label: tri('素食', '素食', 'Vegetarian') },
          ],
        },
        { key: 'hospital', type: 'short_text', label: tri('醫院', '医院', 'Hospital'), required: true },
      ],
      0,
    );
    expect(form.statusCode, form.body).toBe(200);
    const noAnswer = await walkIn(door, body);
    expect(noAnswer.statusCode, noAnswer.body).toBe(400);
    expect(Object.keys(noAnswer.json().data.fields)).toEqual(['answers.diet']);
    const wrong = await walkIn(door, { ...body, person: person(2, { answers: { diet: 'meat' } }) });
    expect(wrong.statusCode, wrong.body).toBe(400);
    const badPhone = await walkIn(door, {
      ...body,
      person: person(2, { phone: '12', answers: { diet: 'veg' } }),
    });
    expect(badPhone.statusCode, badPhone.body).toBe(400);
    expect(Object.keys(badPhone.json().data.fields)).toContain('person.phone');
    const badMail = await walkIn(door, {
      ...body,
      person: person(2, { email: 'not-an-address', answers: { diet: 'veg' } }),
    });
    expect(badMail.statusCode, badMail.body).toBe(400);
    expect(await guestsOf(meeting.id)).toHaveLength(0);
    // The sign-up's own required field (not asked at the door) does not hold the door up.
    const good = await walkIn(door, {
      ...body,
      person: person(2, { email: 'walker2@example.com', answers: { diet: 'veg' } }),
    });
    expect(good.statusCode, good.body).toBe(200);
    const [guest] = await guestsOf(meeting.id);
    expect(guest).toMatchObject({ email: 'walker2@example.com', walk_in: 1 });
    expect(JSON.parse(guest!.answers)).toEqual({ diet: 'veg' });
  });

  it('refuses a full meeting online until staff admit anyway, then flags and notifies', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1 });
    await signUpGuest(ctx, meeting.publicId, generalBody(3), 3);
    const body = { meeting_id: meeting.id, station: 'Gate B', nonce: randomUUID(), person: person(3) };
    const full = await walkIn(door, body);
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json()).toMatchObject({ code: 40977, data: { admit_anyway: true } });
    expect(await guestsOf(meeting.id)).toHaveLength(1);
    expect(await entriesOf(meeting.id)).toHaveLength(0);
    const anyway = await walkIn(door, { ...body, admit_over_capacity: true });
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect(anyway.json().data).toMatchObject({ outcome: 'over_capacity', check_in: 'in' });
    const guests = await guestsOf(meeting.id);
    expect(guests.map((g) => [g.walk_in, g.over_capacity])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(await seatsOf(meeting.id)).toBe(2);
    expect(await overCapacityNotices(meeting.id)).toBeGreaterThan(0);
  });

  it("merges a phone already signed up into that guest's check-in, keeping their data", async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 5 });
    await signUpGuest(ctx, meeting.publicId, generalBody(4), 4);
    const body = {
      meeting_id: meeting.id,
      station: 'Gate A',
      nonce: randomUUID(),
      person: { name: 'Typed differently', area_code: '853', phone: macaoPhone(4) },
    };
    const res = await walkIn(door, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ outcome: 'merged', name: 'Guest 4', check_in: 'in' });
    const [guest] = await guestsOf(meeting.id);
    expect(guest).toMatchObject({ name: 'Guest 4', walk_in: 0, email: 'guest4@example.com' });
    expect(await seatsOf(meeting.id)).toBe(1);
    // A second walk-in of the same person: they are inside already.
    const again = await walkIn(door, { ...body, nonce: randomUUID() });
    expect(again.json().data).toMatchObject({ outcome: 'merged', check_in: 'already_inside' });
    expect(await entriesOf(meeting.id)).toHaveLength(1);
    // A cancelled guest's phone is not admitted.
    await ctx.db.updateTable('guests').set({ cancelled_at: ctx.now() }).where('id', '=', guest!.id).execute();
    const cancelled = await walkIn(door, { ...body, nonce: randomUUID() });
    expect(cancelled.statusCode, cancelled.body).toBe(409);
    expect(cancelled.json().code).toBe(40978);
  });

  it('syncs a queued offline walk-in at its own time, idempotently on re-send', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 10 });
    const at = ctx.now() - 5 * 60_000;
    const batch = {
      meeting_id: meeting.id,
      station: 'Gate C',
      walk_ins: [
        { nonce: randomUUID(), at, person: person(6) },
        { nonce: randomUUID(), at: at + 1000, person: person(7) },
      ],
    };
    const first = await sync(door, batch);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json().data as WalkInSyncAnswer;
    expect(answer).toMatchObject({ admitted: 2, over_capacity: 0, merged: 0, conflicts: 0 });
    const entries = await entriesOf(meeting.id);
    expect(entries.map((e) => [Number(e.created_at), e.station])).toEqual([
      [at, 'Gate C'],
      [at + 1000, 'Gate C'],
    ]);
    // The station re-sends the batch (its answer was lost), twice at once.
    const [again, parallel] = await Promise.all([sync(door, batch), sync(door, batch)]);
    expect(again.json().data).toEqual(answer);
    expect(parallel.json().data).toEqual(answer);
    expect(await guestsOf(meeting.id)).toHaveLength(2);
    expect(await entriesOf(meeting.id)).toHaveLength(2);
    expect(await seatsOf(meeting.id)).toBe(2);
  });

  it('keeps a queued walk-in the form refuses now as a conflict, not lost', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const form = await saveForm(
      ctx,
      (await ctx.login()).access_token,
      meeting.id,
      [{ key: 'seats', type: 'number', label: tri('人數', '人数', 'Party'), ask_at_door: true, max: 3 }],
      0,
    );
    expect(form.statusCode, form.body).toBe(200);
    const batch = {
      meeting_id: meeting.id,
      station: 'Gate C',
      walk_ins: [{ nonce: randomUUID(), at: ctx.now(), person: person(8, { answers: { seats: 9 } }) }],
    };
    const res = await sync(door, batch);
    expect(res.json().data).toMatchObject({ conflicts: 1, results: [{ reason: 'invalid_answers' }] });
    const conflicts = await ctx.db
      .selectFrom('scan_conflicts')
      .select(['guest_name', 'reason'])
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(conflicts).toEqual([{ guest_name: 'Walker 8', reason: 'invalid_answers' }]);
    expect((await sync(door, batch)).json().data).toMatchObject({ conflicts: 1 });
    expect(
      await ctx.db.selectFrom('scan_conflicts').select('id').where('meeting_id', '=', meeting.id).execute(),
    ).toHaveLength(1);
  });

  it('seats 20 walk-ins synced at once for 5 free seats: 5 public, 15 flagged, none lost', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 8 });
    for (let n = 0; n < 3; n += 1) await signUpGuest(ctx, meeting.publicId, generalBody(60 + n), 60 + n);
    // Four stations come back online at once, five queued walk-ins each, each sent twice.
    const batches = [0, 1, 2, 3].map((s) => ({
      meeting_id: meeting.id,
      station: `Gate ${s}`,
      walk_ins: [0, 1, 2, 3, 4].map((k) => ({
        nonce: randomUUID(),
        at: ctx.now() - 60_000 + k,
        person: person(100 + s * 5 + k),
      })),
    }));
    const started = performance.now();
    const answers = await Promise.all([...batches, ...batches].map((b) => sync(door, b)));
    const ms = Math.round(performance.now() - started);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const guests = (await guestsOf(meeting.id)).filter((g) => g.walk_in === 1);
    expect(guests).toHaveLength(20);
    expect(guests.filter((g) => g.over_capacity === 0)).toHaveLength(5);
    expect(guests.filter((g) => g.over_capacity === 1)).toHaveLength(15);
    expect(await entriesOf(meeting.id)).toHaveLength(20);
    expect(await seatsOf(meeting.id)).toBe(23);
    // Each batch's two answers agree, and together they tell 5 admitted and 15 over capacity.
    const firsts = answers.slice(0, 4).map((r) => r.json().data as WalkInSyncAnswer);
    expect(answers.slice(4).map((r) => r.json().data)).toEqual(firsts);
    expect(firsts.reduce((sum, a) => sum + a.admitted, 0)).toBe(5);
    expect(firsts.reduce((sum, a) => sum + a.over_capacity, 0)).toBe(15);
    expect(await overCapacityNotices(meeting.id)).toBeGreaterThan(0);
    console.warn(`walk-ins: 8 concurrent uploads of 20 walk-ins (${TEST_DB}) took ${ms} ms`);
  });

  it('keeps the answer terms the list filters on in step with every answer written', async () => {
    expect(await answerTermsOutOfStep(ctx.db)).toEqual([]);
  });
});
