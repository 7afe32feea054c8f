import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { FIELD_MESSAGES } from '@meetflow/shared/field-messages';
import type { AdminGuest, GuestDetail } from '@meetflow/shared/schemas/guests';
import { saveForm } from './form-fixtures.ts';
import { adminApi, readWorkbook, sheetValues, signUpGuest, type Api } from './guest-fixtures.ts';
import { CONGRESS_GUESTS, congressForm } from './guest-answers-fixtures.ts';
import { answerTermsOutOfStep } from './answer-terms-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

/** The count stops at 3: a keyword all four guests share is broad, and the list walks them. */
const CAP = 3;

/**
 * Answers to a meeting's own fields in the back office (issue 42): the guest's detail, manual add
 * and edit with the sign-up's check (audited, masked), the list's answer columns and filters, the
 * export's columns and a broadcast's recipients.
 */
describe(`guest answers in the back office (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let token: string;
  let org: number;
  let congress: MeetingFixture;
  /** Guest ids of the congress by name. */
  const ids: Record<string, number> = {};

  const detail = async (id: number, lang = 'en') => {
    const res = await admin('GET', `/api/guests/${id}`, undefined, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as GuestDetail;
  };
  /** The names the list answers for a query, sorted, with the total and whether it was capped. */
  const listed = async (query: string, lang = 'en') => {
    const res = await admin('GET', `/api/meetings/${congress.id}/guests?${query}`, undefined, lang);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { items: AdminGuest[]; total: number; total_capped: boolean };
    return {
      names: data.items.map((g) => g.name).sort(),
      total: data.total,
      capped: data.total_capped,
      items: data.items,
    };
  };
  const idOf = async (meetingId: number, code: string) =>
    (
      await ctx.db
        .selectFrom('guests')
        .select('id')
        .where('meeting_id', '=', meetingId)
        .where('guest_code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    ctx = await createTestContext({ GUEST_COUNT_CAP: String(CAP), WEBHOOK_ALLOW_PRIVATE: 'true' });
    token = (await ctx.login()).access_token;
    admin = adminApi(ctx, token);
    org = await createOrganization(ctx.db);
    congress = await createMeeting(ctx.db, org);
    expect((await saveForm(ctx, token, congress.id, congressForm(), 0)).statusCode).toBe(200);
    for (const [n, [name, answers]] of Object.entries(CONGRESS_GUESTS).entries()) {
      const code = await signUpGuest(ctx, congress.publicId, generalBody(n + 1, { name, answers }), n + 1);
      ids[name] = await idOf(congress.id, code);
      ctx.advance(60_000);
    }
    // Hotel is retired once answered: its answers stay, after the live fields'.
    const retired = await saveForm(ctx, token, congress.id, congressForm({ hotelRetired: true }), 1);
    expect(retired.statusCode, retired.body).toBe(200);
  });
  afterAll(() => ctx.close());

  it("shows the guest's answers in their detail, in the request's language, retired fields marked", async () => {
    const ann = await detail(ids.Ann!);
    expect(ann.answers).toEqual([
      {
        key: 'specialty',
        label: 'Specialty',
        type: 'choice',
        value: 'medicine',
        text: 'Medicine',
        retired: false,
      },
      {
        key: 'topics',
        label: 'Topics',
        type: 'multi_choice',
        value: ['ai', 'ethics'],
        text: 'AI; Ethics',
        retired: false,
      },
      { key: 'member', label: 'Member', type: 'yes_no', value: true, text: 'Yes', retired: false },
      {
        key: 'department',
        label: 'Department',
        type: 'short_text',
        value: 'Cardiology',
        text: 'Cardiology',
        retired: false,
      },
      { key: 'remarks', label: 'Remarks', type: 'long_text', value: 'Vegan', text: 'Vegan', retired: false },
      { key: 'diet', label: 'Diet', type: 'choice', value: 'none', text: 'No needs', retired: false },
      { key: 'hotel', label: 'Hotel', type: 'yes_no', value: true, text: 'Yes', retired: true },
    ]);
    expect(ann.answer_texts).toMatchObject({ topics: 'AI; Ethics', hotel: 'Yes' });
    const zh = await detail(ids.Ann!, 'zh-tw');
    expect(zh.answers.map((a) => [a.label, a.text]).slice(0, 3)).toEqual([
      ['專科', '內科'],
      ['主題', '人工智能; 倫理'],
      ['學會會員', '是'],
    ]);
    // Live fields unanswered show as such; a retired field the guest never answered is left out.
    const dan = await detail(ids.Dan!);
    expect(dan.answers.find((a) => a.key === 'topics')).toMatchObject({ value: null, text: '' });
    expect(dan.answers.map((a) => a.key)).not.toContain('hotel');
  });

  it('adds a guest only with valid answers; an answer asked at the door may wait for the door', async () => {
    const meeting = await createMeeting(ctx.db, org);
    expect((await saveForm(ctx, token, meeting.id, congressForm(), 0)).statusCode).toBe(200);
    const add = (answers: object, lang = 'en') =>
      admin('POST', `/api/meetings/${meeting.id}/guests`, generalBody(11, { answers }), lang);

    const wrong = await add({ specialty: 'dentistry', member: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: ERRORS.VALIDATION_FAILED.code,
      data: { fields: { 'answers.specialty': 'Specialty is not one of the choices' } },
    });
    const missing = await add({ specialty: 'surgery' }, 'zh-tw');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toEqual({ 'answers.member': '「學會會員」：此欄位必填' });
    expect(
      await ctx.db.selectFrom('guests').select('id').where('meeting_id', '=', meeting.id).execute(),
    ).toEqual([]);

    // The visitor must answer the diet; at the desk it may be left for the door.
    const publicly = await signUp(
      ctx,
      meeting.publicId,
      generalBody(12, { answers: { specialty: 'surgery', member: false } }),
      12,
    );
    expect(publicly.statusCode).toBe(400);
    expect(Object.keys(publicly.json().data.fields)).toEqual(['answers.diet']);
    const added = await add({ specialty: 'surgery', member: false, topics: ['robotics', 'ai'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.answer_texts).toEqual({
      specialty: 'Surgery',
      topics: 'AI; Robotics',
      member: 'No',
    });
    const stored = await detail(added.json().data.id);
    expect(stored.answers.find((a) => a.key === 'topics')?.value).toEqual(['ai', 'robotics']);
    expect(stored.answers.find((a) => a.key === 'diet')?.value).toBeNull();
  });

  it("edits the answers, keeps a retired field's answer, and audits each change masked", async () => {
    const meeting = await createMeeting(ctx.db, org);
    expect((await saveForm(ctx, token, meeting.id, congressForm(), 0)).statusCode).toBe(200);
    const code = await signUpGuest(
      ctx,
      meeting.publicId,
      generalBody(21, { name: 'Eve', answers: CONGRESS_GUESTS.Ann }),
      21,
    );
    const id = await idOf(meeting.id, code);
    expect((await saveForm(ctx, token, meeting.id, congressForm({ hotelRetired: true }), 1)).statusCode).toBe(
      200,
    );
    const hook = await admin('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      event_types: ['guest.updated'],
      organization_id: org,
    });
    expect(hook.statusCode, hook.body).toBe(200);

    const answers = {
      ...CONGRESS_GUESTS.Ann,
      specialty: 'surgery',
      department: 'Neurology',
      remarks: 'Late',
      hotel: false,
    };
    const edited = await admin('PUT', `/api/guests/${id}`, generalBody(21, { name: 'Eve', answers }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.answer_texts).toMatchObject({
      specialty: 'Surgery',
      department: 'Neurology',
      hotel: 'Yes',
    });
    // The form no longer shows the hotel: the body cannot change it, and it is not dropped.
    expect((await detail(id)).answers.find((a) => a.key === 'hotel')).toMatchObject({
      value: true,
      retired: true,
    });

    const log = await ctx.db
      .selectFrom('system_logs')
      .select(['message_key', 'changes'])
      .where('action_type', '=', 'update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.message_key).toBe('guest.updated');
    const changes = JSON.parse(log.changes!) as {
      field: string;
      before: string | null;
      after: string | null;
    }[];
    expect(changes.filter((c) => c.field.startsWith('answers.'))).toEqual([
      { field: 'answers.specialty', before: 'medicine', after: 'surgery' },
      // Personal (the field's default): masked as a guest's name is.
      { field: 'answers.department', before: 'C***', after: 'N***' },
      { field: 'answers.remarks', before: 'Vegan', after: 'Late' },
    ]);
    expect(log.changes).not.toContain('Neurology');

    const events = await ctx.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('guest_id', '=', id)
      .where('event_type', '=', 'guest.updated')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload).data.changed).toEqual([
      'answers.specialty',
      'answers.department',
      'answers.remarks',
    ]);

    // Clearing an answer is a change too.
    const cleared = await admin(
      'PUT',
      `/api/guests/${id}`,
      generalBody(21, { name: 'Eve', answers: { ...answers, department: '' } }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await detail(id)).answers.find((a) => a.key === 'department')?.value).toBeNull();
  });

  it('shows an answer column per field in the list, in the request language', async () => {
    const { items } = await listed('page_size=20');
    const ben = items.find((g) => g.name === 'Ben')!;
    expect(ben.answer_texts).toEqual({
      specialty: 'Surgery',
      topics: 'Robotics',
      member: 'No',
      diet: 'Vegetarian',
      hotel: 'No',
    });
    const zh = (await listed('page_size=20', 'zh-cn')).items.find((g) => g.name === 'Ben')!;
    expect(zh.answer_texts).toMatchObject({ specialty: '外科', member: '否' });
  });

  it('filters by a choice, a multiple choice and yes/no, exactly, alone and together', async () => {
    expect(await listed('answer=specialty:surgery')).toMatchObject({
      names: ['Ben', 'Cat'],
      total: 2,
      capped: false,
    });
    expect((await listed('answer=topics:ai')).names).toEqual(['Ann', 'Cat']);
    expect((await listed('answer=member:yes')).names).toEqual(['Ann', 'Cat']);
    expect((await listed('answer=member:no')).names).toEqual(['Ben', 'Dan']);
    // Keys together: all of them; values of one key: any of them, repeated or comma-separated.
    expect((await listed('answer=specialty:surgery,member:yes')).names).toEqual(['Cat']);
    expect((await listed('answer=topics:robotics&answer=topics:ethics')).names).toEqual(['Ann', 'Ben']);
    expect((await listed('answer=specialty:surgery&answer=topics:ai,topics:ethics')).names).toEqual(['Cat']);
    // A retired field's answers still filter.
    expect((await listed('answer=hotel:yes')).names).toEqual(['Ann']);
    // Past the cap the count stops, as for any filter: more than three guests match.
    expect(await listed('answer=diet:none,diet:veg')).toMatchObject({ total: CAP, capped: true });
    expect((await listed('answer=diet:none,diet:veg')).names).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
  });

  it("keeps the keyword's plan: a broad keyword walks the guests with the answers checked too", async () => {
    // Every guest works at 'Hospital': broad past the cap of 3, so the page and count walk.
    expect(await listed('keyword=hospital')).toMatchObject({ total: CAP, capped: true });
    expect(await listed('keyword=hospital&answer=member:yes')).toMatchObject({
      names: ['Ann', 'Cat'],
      total: 2,
      capped: false,
    });
    expect(await listed('keyword=hospital&answer=topics:robotics&sort_by=last_in_at')).toMatchObject({
      names: ['Ben'],
      total: 1,
    });
  });

  it('lists keys each held by many but together by one or no guest, count and page alike', async () => {
    // Ten guests, each key held by five (past the cap of 3: every key is dense, the page would walk).
    const meeting = await createMeeting(ctx.db, org);
    expect((await saveForm(ctx, token, meeting.id, congressForm(), 0)).statusCode).toBe(200);
    for (let n = 1; n <= 10; n++) {
      const answers = {
        member: n <= 5,
        specialty: n >= 5 && n <= 9 ? 'surgery' : 'medicine',
        diet: n >= 6 ? 'veg' : 'none',
      };
      await signUpGuest(ctx, meeting.publicId, generalBody(100 + n, { name: `G${n}`, answers }), 100 + n);
      ctx.advance(60_000);
    }
    const list = async (query: string) => {
      const res = await admin('GET', `/api/meetings/${meeting.id}/guests?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { items: AdminGuest[]; total: number; total_capped: boolean };
      return { names: data.items.map((g) => g.name), total: data.total, capped: data.total_capped };
    };
    expect(await list('answer=member:yes&answer=diet:veg')).toEqual({ names: [], total: 0, capped: false });
    expect(await list('answer=member:yes&answer=specialty:surgery&sort_by=name&sort_order=asc')).toEqual({
      names: ['G5'],
      total: 1,
      capped: false,
    });
    expect(await list('answer=member:yes,member:no&answer=specialty:surgery&answer=diet:veg')).toEqual({
      names: ['G9', 'G8', 'G7', 'G6'],
      total: CAP,
      capped: true,
    });
    // The one guest on a second page: none.
    expect(await list('answer=member:yes&answer=specialty:surgery&page=2&page_size=1')).toEqual({
      names: [],
      total: 1,
      capped: false,
    });
  });

  it.each([
    ['answer=nope:yes', 'answer.nope', FIELD_MESSAGES.unknownField.en],
    ['answer=department:cardiology', 'answer.department', FIELD_MESSAGES.unknownField.en],
    ['answer=specialty:dentistry', 'answer.specialty', FIELD_MESSAGES.invalidOption.en],
    ['answer=member:true', 'answer.member', FIELD_MESSAGES.invalidOption.en],
  ])('refuses %s in the envelope', async (query, field, message) => {
    for (const url of [
      `/api/meetings/${congress.id}/guests?${query}`,
      `/api/meetings/${congress.id}/guests/export?${query}`,
    ]) {
      const res = await admin('GET', url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: ERRORS.VALIDATION_FAILED.code,
        data: { fields: { [field]: message } },
      });
    }
  });

  it('refuses an answer filter that is no key:value list', async () => {
    const res = await admin('GET', `/api/meetings/${congress.id}/guests?answer=specialty`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
  });

  it('exports a column per field, retired ones last, multiple choices joined, in the export language', async () => {
    const res = await admin('GET', `/api/meetings/${congress.id}/guests/export?sort_by=name&sort_order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = sheetValues((await readWorkbook(res.rawPayload)).worksheets[0]!);
    const at = (name: string) => header!.indexOf(name);
    const answerHeaders = ['Specialty', 'Topics', 'Member', 'Department', 'Remarks', 'Diet', 'Hotel'];
    expect(header!.slice(at('Specialty'), at('Specialty') + answerHeaders.length)).toEqual(answerHeaders);
    const cells = (row: unknown[]) => answerHeaders.map((h) => row[at(h)] ?? null);
    expect(rows.map(cells)).toEqual([
      ['Medicine', 'AI; Ethics', 'Yes', 'Cardiology', 'Vegan', 'No needs', 'Yes'],
      ['Surgery', 'Robotics', 'No', null, null, 'Vegetarian', 'No'],
      ['Surgery', 'AI', 'Yes', null, null, 'No needs', null],
      ['Medicine', null, 'No', null, null, 'Vegetarian', null],
    ]);

    const zh = await admin(
      'GET',
      `/api/meetings/${congress.id}/guests/export?answer=topics:ai&sort_by=name`,
      undefined,
      'zh-tw',
    );
    expect(zh.statusCode).toBe(200);
    const [zhHeader, ...zhRows] = sheetValues((await readWorkbook(zh.rawPayload)).worksheets[0]!);
    expect(zhHeader).toEqual(expect.arrayContaining(['專科', '主題', '需要酒店']));
    expect(zhRows.map((r) => r[zhHeader!.indexOf('主題')])).toEqual(['人工智能', '人工智能; 倫理']);
  });

  it('counts the recipients of a broadcast filtered by answers', async () => {
    const count = (filters: object) =>
      admin('POST', `/api/meetings/${congress.id}/broadcasts/count`, { filters });
    expect((await count({ answer: ['member:yes'] })).json().data).toEqual({ count: 2 });
    expect((await count({ answer: 'specialty:surgery,member:yes' })).json().data).toEqual({ count: 1 });
    expect((await count({ answer: ['topics:robotics', 'topics:ethics'] })).json().data).toEqual({ count: 2 });
    expect(
      (await count({ answer: ['topics:robotics', 'topics:ethics'], keyword: 'ann' })).json().data,
    ).toEqual({
      count: 1,
    });
    const unknown = await count({ answer: ['nope:yes'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields).toEqual({ 'answer.nope': FIELD_MESSAGES.unknownField.en });
  });

  it('keeps the answer terms the list filters on in step with every answer written', async () => {
    expect(await answerTermsOutOfStep(ctx.db)).toEqual([]);
  });
});
