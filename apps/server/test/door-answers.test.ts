import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormFieldInput } from '@meetflow/shared/forms/form-definition';
import type { DoorAnswersAnswer, ScanAnswer } from '@meetflow/shared/schemas/attendance';
import type { ConflictPage, OfflineData, OfflineSyncAnswer } from '@meetflow/shared/schemas/offline-door';
import { toNextMorning } from './attendance-fixtures.ts';
import { saveForm, tri } from './form-fixtures.ts';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { answerTermsOutOfStep } from './answer-terms-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

const option = (value: string, en: string) => ({ value, label: tri(en, en, en) });

/**
 * A congress asking at the door: the diet of everyone, the ward of doctors only, a theatre visit
 * of surgeons (a sign-up answer decides), parking and, when parked, the plate (a follow-up asked in
 * the same go), and the number of guests accompanying.
 */
function doorForm(doctorType: number): FormFieldInput[] {
  return [
    {
      key: 'specialty',
      type: 'choice',
      label: tri('專科', '专科', 'Specialty'),
      required: true,
      options: [option('med', 'Medicine'), option('surg', 'Surgery')],
    },
    {
      key: 'diet',
      type: 'choice',
      label: tri('膳食', '膳食', 'Diet'),
      ask_at_door: true,
      options: [option('none', 'No needs'), option('veg', 'Vegetarian')],
    },
    {
      key: 'ward',
      type: 'short_text',
      label: tri('病房', '病房', 'Ward'),
      ask_at_door: true,
      user_type_ids: [doctorType],
    },
    {
      key: 'theatre',
      type: 'yes_no',
      label: tri('參觀手術室', '参观手术室', 'Theatre visit'),
      ask_at_door: true,
      show_if: { key: 'specialty', values: ['surg'] },
    },
    { key: 'parking', type: 'yes_no', label: tri('泊車', '泊车', 'Parking'), ask_at_door: true },
    {
      key: 'plate',
      type: 'short_text',
      label: tri('車牌', '车牌', 'Plate'),
      ask_at_door: true,
      required: true,
      max: 10,
      show_if: { key: 'parking', values: ['yes'] },
    },
    {
      key: 'companions',
      type: 'number',
      label: tri('同行人數', '同行人数', 'Companions'),
      ask_at_door: true,
      min: 0,
      max: 3,
    },
  ];
}

describe(`questions asked at the door (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let org: number;
  let meeting: MeetingFixture;
  let doctorType: number;
  let nurseType: number;
  const guests: { id: number; code: string }[] = [];

  const ok = async <T>(res: Awaited<ReturnType<Api>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const scan = (code: string, as = admin) =>
    as('POST', '/api/attendance/scans', {
      meeting_id: meeting.id,
      guest_code: code,
      direction: 'in',
      station: 'Gate',
      nonce: randomUUID(),
    }).then((res) => ok<ScanAnswer>(res));
  const answer = (guestId: number, answers: object, as = admin, lang = 'en') =>
    as('POST', '/api/attendance/door-answers', { meeting_id: meeting.id, guest_id: guestId, answers }, lang);
  const stored = async (guestId: number) => {
    const row = await ctx.db
      .selectFrom('guests')
      .select(['answers', 'updated_at'])
      .where('id', '=', guestId)
      .executeTakeFirstOrThrow();
    return { answers: JSON.parse(row.answers) as Record<string, unknown>, updatedAt: Number(row.updated_at) };
  };
  const upload = (scans: object[]) =>
    admin('POST', '/api/attendance/offline-scans', {
      meeting_id: meeting.id,
      station: 'Offline gate',
      scans,
    }).then((res) => ok<OfflineSyncAnswer>(res));
  const keys = (fields: { key: string }[]) => fields.map((f) => f.key);

  beforeAll(async () => {
    ctx = await createTestContext();
    toNextMorning(ctx);
    admin = adminApi(ctx, (await ctx.login()).access_token);
    org = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const session = await createSchedule(ctx.db, meeting.id, 0, 'Plenary');
    doctorType = await createUserType(ctx.db, meeting.id, [session], 'Doctor');
    nurseType = await createUserType(ctx.db, meeting.id, [session], 'Nurse');
    expect(
      (await saveForm(ctx, (await ctx.login()).access_token, meeting.id, doorForm(doctorType), 0)).statusCode,
    ).toBe(200);
    // 0: a surgeon (doctor), 1: a physician nurse, 2 to 5: doctors for the offline door.
    const people: [number, string][] = [
      [doctorType, 'surg'],
      [nurseType, 'med'],
      [doctorType, 'med'],
      [doctorType, 'med'],
      [doctorType, 'med'],
      [doctorType, 'med'],
    ];
    for (const [n, [type, specialty]] of people.entries()) {
      const res = await signUp(
        ctx,
        meeting.publicId,
        {
          ...dateScheduleBody(n, type, [session]),
          answers: { specialty },
        },
        n,
      );
      expect(res.statusCode, res.body).toBe(200);
      const code = res.json().data.guest.guest_code as string;
      const row = await ctx.db
        .selectFrom('guests')
        .select('id')
        .where('guest_code', '=', code)
        .executeTakeFirstOrThrow();
      guests.push({ id: row.id, code });
    }
  });
  afterAll(() => ctx.close());

  it("lists a scanned guest's unanswered door questions, for their type and answers only", async () => {
    const surgeon = await scan(guests[0]!.code);
    expect(surgeon.result).toBe('success');
    expect(keys(surgeon.door_fields)).toEqual(['diet', 'ward', 'theatre', 'parking', 'plate', 'companions']);
    // Resolved for the door: the sign-up's condition decided, the follow-up's kept for the form.
    expect(surgeon.door_fields.find((f) => f.key === 'theatre')!.show_if).toBeNull();
    expect(surgeon.door_fields.find((f) => f.key === 'plate')!.show_if).toEqual({
      key: 'parking',
      values: ['yes'],
    });
    expect(surgeon.door_fields.find((f) => f.key === 'diet')!.options).toHaveLength(2);

    const nurse = await scan(guests[1]!.code);
    // Not a doctor, not a surgeon: no ward, no theatre.
    expect(keys(nurse.door_fields)).toEqual(['diet', 'parking', 'plate', 'companions']);
    // A repeat within the window is no check-in: nothing to ask.
    expect((await scan(guests[1]!.code)).door_fields).toEqual([]);
  });

  it('merges door answers into the stored ones, refuses invalid ones and asks the rest next time', async () => {
    const surgeon = guests[0]!;
    const before = await stored(surgeon.id);
    ctx.advance(1000);
    const saved = await ok<DoorAnswersAnswer>(
      await answer(surgeon.id, { diet: 'veg', parking: true, plate: ' MX-12-34 ', specialty: 'med' }),
    );
    expect(saved.saved.sort()).toEqual(['diet', 'parking', 'plate']);
    expect(keys(saved.door_fields)).toEqual(['ward', 'theatre', 'companions']);
    const after = await stored(surgeon.id);
    // The sign-up's answer is untouched: the door answers its own questions only.
    expect(after.answers).toEqual({ specialty: 'surg', diet: 'veg', parking: true, plate: 'MX-12-34' });
    expect(after.updatedAt).toBeGreaterThan(before.updatedAt);

    // Each refused value is named in the request's language; nothing is written.
    const refused = await answer(surgeon.id, { diet: 'fish', companions: 9 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields).toEqual({
      'answers.diet': 'Diet is not one of the choices',
      'answers.companions': 'Companions must be at most 3',
    });
    const zh = await answer(surgeon.id, { companions: -1 }, admin, 'zh-tw');
    expect(zh.json().data.fields).toEqual({ 'answers.companions': '「同行人數」：不能小於 0' });
    // Parking for the nurse asks for the plate too.
    const missing = await answer(guests[1]!.id, { parking: true });
    expect(missing.json().data.fields).toEqual({ 'answers.plate': 'Plate is required' });
    expect((await stored(surgeon.id)).answers).toEqual(after.answers);

    // A later answer overwrites the earlier one of its field alone.
    await ok(await answer(surgeon.id, { diet: 'none', companions: 2 }));
    expect((await stored(surgeon.id)).answers).toEqual({ ...after.answers, diet: 'none', companions: 2 });
    // The next scan asks only what is still open.
    ctx.advance(60_000);
    const next = await admin('POST', '/api/attendance/scans', {
      meeting_id: meeting.id,
      guest_code: surgeon.code,
      direction: 'out',
      station: 'Gate',
      nonce: randomUUID(),
    });
    expect(keys((await ok<ScanAnswer>(next)).door_fields)).toEqual(['ward', 'theatre']);

    const log = await ctx.db
      .selectFrom('system_logs')
      .select(['message_key', 'changes'])
      .where('message_key', '=', 'attendance.door_answers')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.changes).toContain('answers.diet');
    // Answers are personal by default: the audit keeps them masked.
    expect(log.changes).not.toContain('none');
  });

  it('emits guest.updated, and tells the door copies the guest changed', async () => {
    const hook = await ok<{ id: number }>(
      await admin('POST', '/api/webhooks', {
        url: 'https://93.184.215.14/hook',
        event_types: ['guest.updated'],
        organization_id: org,
      }),
    );
    const since = ctx.now();
    ctx.advance(60_000);
    await ok(await answer(guests[1]!.id, { diet: 'veg' }));
    const deliveries = await ctx.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload'])
      .where('endpoint_id', '=', hook.id)
      .execute();
    expect(deliveries.map((d) => d.event_type)).toEqual(['guest.updated']);
    expect(JSON.parse(deliveries[0]!.payload).data).toMatchObject({
      guest_id: guests[1]!.id,
      changed: ['answers.diet'],
      source: 'door',
    });
    // The same answer again changes nothing: no event, no audit.
    expect((await ok<DoorAnswersAnswer>(await answer(guests[1]!.id, { diet: 'veg' }))).saved).toEqual([]);
    expect(
      await ctx.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', hook.id).execute(),
    ).toHaveLength(1);

    ctx.advance(60_000);
    const refresh = await ok<OfflineData>(
      await admin('GET', `/api/attendance/offline-data?meeting_id=${meeting.id}&since=${since + 31_000}`),
    );
    expect(refresh.guests.map((g) => g.id)).toEqual([guests[1]!.id]);
    expect(refresh.guests[0]!.door_keys).toEqual(['parking', 'plate', 'companions']);
  });

  it('refuses door answers to a user without records:scan', async () => {
    const token = await ok<{ secret: string }>(
      await admin('POST', '/api/api-tokens', {
        name: 'wall',
        permissions: ['records:view'],
        expires_at: null,
      }),
    );
    const res = await answer(guests[2]!.id, { diet: 'veg' }, adminApi(ctx, token.secret));
    expect(res.statusCode).toBe(403);
    // Door staff scan, and so answer.
    const door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', org));
    expect((await answer(guests[2]!.id, { diet: 'veg' }, door)).statusCode).toBe(200);
    expect((await stored(guests[2]!.id)).answers).toMatchObject({ diet: 'veg' });
    // Another meeting's guest is no guest of this meeting.
    const other = await createMeeting(ctx.db, org);
    const res2 = await admin('POST', '/api/attendance/door-answers', {
      meeting_id: other.id,
      guest_id: guests[2]!.id,
      answers: { diet: 'none' },
    });
    expect(res2.statusCode).toBe(404);
  });

  it('gives an offline copy the door fields once and each guest the keys still open', async () => {
    const copy = await ok<OfflineData>(
      await admin('GET', `/api/attendance/offline-data?meeting_id=${meeting.id}`),
    );
    expect(keys(copy.door_fields)).toEqual(['diet', 'ward', 'theatre', 'parking', 'plate', 'companions']);
    const byId = new Map(copy.guests.map((g) => [g.id, g]));
    expect(byId.get(guests[0]!.id)!.door_keys).toEqual(['ward', 'theatre']);
    expect(byId.get(guests[1]!.id)!.door_keys).toEqual(['parking', 'plate', 'companions']);
    expect(byId.get(guests[3]!.id)!.door_keys).toEqual(['diet', 'ward', 'parking', 'plate', 'companions']);
    // Nothing else of the answers travels.
    expect(JSON.stringify(copy.guests)).not.toContain('surg');
  });

  it('merges answers uploaded by an offline door in order and keeps invalid ones as conflicts', async () => {
    ctx.advance(60_000);
    const at = ctx.now() - 30_000;
    const [a, b, c] = [guests[3]!, guests[4]!, guests[5]!];
    const base = { guest_name: 'as shown', direction: 'in', type: 'in' };
    const sync = await upload([
      { ...base, nonce: randomUUID(), guest_code: a.code, at, answers: { diet: 'veg', parking: false } },
      { ...base, nonce: randomUUID(), guest_code: b.code, at: at + 1, answers: { diet: 'fish' } },
      // Given after the scan went up: answers alone, in order, the later one winning.
      {
        ...base,
        nonce: randomUUID(),
        guest_id: a.id,
        at: at + 2,
        answers_only: true,
        answers: { diet: 'none' },
      },
      {
        ...base,
        nonce: randomUUID(),
        guest_id: c.id,
        at: at + 3,
        answers_only: true,
        answers: { companions: 7 },
      },
    ]);
    expect(sync.results.map((r) => [r.outcome, r.reason, r.answers])).toEqual([
      ['recorded', null, 'saved'],
      ['recorded', null, 'conflict'],
      ['recorded', null, 'saved'],
      ['conflict', 'invalid_answers', 'conflict'],
    ]);
    expect(sync).toMatchObject({ recorded: 2, conflicts: 2 });
    expect((await stored(a.id)).answers).toEqual({ specialty: 'med', diet: 'none', parking: false });
    expect((await stored(b.id)).answers).toEqual({ specialty: 'med' });
    expect((await stored(c.id)).answers).toEqual({ specialty: 'med' });

    const conflicts = await ok<ConflictPage>(
      await admin('GET', `/api/attendance/conflicts?meeting_id=${meeting.id}`),
    );
    expect(conflicts.items.map((i) => [i.guest_id, i.reason]).sort()).toEqual(
      [
        [b.id, 'invalid_answers'],
        [c.id, 'invalid_answers'],
      ].sort(),
    );
    // Uploaded again (a retry): nothing twice.
    const again = await upload([
      { ...base, nonce: sync.results[0]!.nonce, guest_code: a.code, at, answers: { diet: 'veg' } },
    ]);
    expect(again.results[0]).toMatchObject({ outcome: 'recorded' });
    expect((await stored(a.id)).answers.diet).toBe('none');
    const audited = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', '=', 'attendance.door_answers')
      .execute();
    // Online: the surgeon twice, the nurse, door staff; offline: two merges.
    expect(audited).toHaveLength(6);
  });

  it('keeps the answer terms the list filters on in step with every answer written', async () => {
    expect(await answerTermsOutOfStep(ctx.db)).toEqual([]);
  });
});
