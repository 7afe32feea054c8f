import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { publicGuest, publicMeeting } from '@meetflow/shared/schemas/public';
import { PHONE_CASES } from '@meetflow/shared/phone-cases';
import { isUniqueViolation } from '../src/db/db-errors.ts';
import { PUBLIC_LIMITS } from '../src/modules/registration/registration.service.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
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

describe(`public pages API (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;
  let general: MeetingFixture;
  let dated: MeetingFixture;
  const sessions = { a: 0, b: 0, c: 0 };
  let doctor = 0;
  let nurse = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
    general = await createMeeting(ctx.db, org, { name: '公開會議' });
    dated = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule', name: '日程會議' });
    sessions.a = await createSchedule(ctx.db, dated.id, 10, 'A');
    sessions.b = await createSchedule(ctx.db, dated.id, 0, 'B');
    sessions.c = await createSchedule(ctx.db, dated.id, 0, 'C');
    doctor = await createUserType(ctx.db, dated.id, [sessions.a, sessions.b], 'Doctor');
    nurse = await createUserType(ctx.db, dated.id, [sessions.c], 'Nurse');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('GET a meeting answers the public contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${dated.publicId}` });
    expect(res.statusCode).toBe(200);
    const data = publicMeeting.parse(res.json().data);
    expect(data).toMatchObject({ public_id: dated.publicId, meeting_type: 'date_schedule', status: 'open' });
    expect(data.schedules.map((s) => s.id).sort()).toEqual([sessions.a, sessions.b, sessions.c].sort());
    expect(data.user_types.find((t) => t.id === doctor)?.schedule_ids).toEqual([sessions.a, sessions.b]);
    expect(data.display_config.language_order).toEqual(['zh-tw', 'zh-cn', 'en']);
    // The visitor pages show times in the deployment's zone, not the browser's.
    expect(data.time_zone).toBe(ctx.config.timeZone);
    const plain = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${general.publicId}` });
    expect(plain.json().data).toMatchObject({ user_types: [], schedules: [] });
  });

  it('required fields and invalid phones answer per-field messages in three languages', async () => {
    const empty = { meeting_type: 'general' };
    const en = await signUp(ctx, general.publicId, empty, 0, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(en.json().data.fields).toMatchObject({
      name: 'Please enter the name',
      gender: 'Please select the gender',
      local_guest: 'Please select whether you are a local guest',
      area_code: 'Please select the area code',
      phone: 'Please enter the phone number',
      email: 'Please enter the email',
      contact_number: 'Please enter the contact number',
      contact_phone: 'Please enter the contact phone',
    });
    const tw = await signUp(ctx, general.publicId, empty, 0, 'zh-tw');
    expect(tw.json().data.fields).toMatchObject({ phone: '請輸入手機號碼', gender: '請選擇性別' });
    const cn = await signUp(ctx, general.publicId, empty, 0, 'zh-cn');
    expect(cn.json().data.fields).toMatchObject({ phone: '请输入手机号码', name: '请输入姓名' });

    const ds = await signUp(ctx, dated.publicId, { meeting_type: 'date_schedule' }, 0, 'en');
    expect(ds.json().data.fields).toMatchObject({
      name_zh: 'Please enter the Chinese name or NA',
      name_en: 'Please enter the English name or NA',
      user_type_id: 'Please select the registration type',
      license_number: 'Please enter the license or certificate number, or NA',
      schedule_ids: 'Please check schedule',
    });

    // Macao numbers have 8 digits: 5 digits is refused by the per-area-code check.
    for (const [lang, text] of [
      ['en', 'Invalid phone'],
      ['zh-tw', '手機號碼無效'],
      ['zh-cn', '手机号码无效'],
    ] as const) {
      const res = await signUp(ctx, general.publicId, generalBody(1, { phone: '66123' }), 0, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields).toEqual({ phone: text });
    }
    // A mainland number with a digit missing, and letters.
    for (const [area, phone] of [
      ['86', '1381234567'],
      ['852', 'abcdefgh'],
    ]) {
      const res = await signUp(ctx, general.publicId, generalBody(1, { area_code: area, phone }), 0);
      expect(res.json().data.fields).toEqual({ phone: 'Invalid phone' });
    }
    const badArea = await signUp(ctx, general.publicId, generalBody(1, { area_code: '1' }), 0);
    expect(badArea.json().data.fields).toHaveProperty('area_code');
    const unknown = await signUp(ctx, general.publicId, generalBody(1, { extra: 'x' }), 0);
    expect(unknown.json().data.fields).toHaveProperty('extra');
    // Nothing was stored by the refused attempts.
    const rows = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', general.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('the shared table of numbers: valid ones are stored in E.164, the others answer the phone message', async () => {
    for (const [i, { areaCode: area, phone, e164 }] of PHONE_CASES.entries()) {
      const res = await signUp(ctx, general.publicId, generalBody(500 + i, { area_code: area, phone }), i);
      if (e164 === null) {
        expect(res.statusCode, `${area} ${phone}`).toBe(400);
        expect(res.json().data.fields).toEqual({ phone: 'Invalid phone' });
        continue;
      }
      expect(res.statusCode).toBe(200);
      const stored = await ctx.db
        .selectFrom('guests')
        .select(['phone', 'token_hash'])
        .where('guest_code', '=', res.json().data.guest.guest_code)
        .executeTakeFirstOrThrow();
      expect(stored.phone).toBe(e164);
      // Only the hash of the token is kept.
      expect(stored.token_hash).not.toBe(res.json().data.guest_token);
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('sign-up answers the token once and a masked guest; the guest page reads it back', async () => {
    const res = await signUp(ctx, general.publicId, generalBody(42, { email: 'alice@example.com' }), 0);
    expect(res.statusCode).toBe(200);
    const { guest_token: token, guest } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(publicGuest.parse(guest)).toMatchObject({
      meeting_public_id: general.publicId,
      display_name: 'Guest 42',
      masked_phone: '+853 ****0042',
      masked_email: 'a***@example.com',
      user_type_id: null,
      enrolled_schedule_ids: [],
      enrollable_schedule_ids: [],
    });
    expect(guest.guest_code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const me = await guestRequest(ctx, token, 'GET', '/api/public/guest');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(guest);
    expect(JSON.stringify(me.json())).not.toContain('66000042');
  });

  it('code retrieval: right phone → a token for this device; wrong → Invalid info; other devices stay signed in', async () => {
    const first = await signUp(ctx, general.publicId, generalBody(60), 0);
    const oldToken = first.json().data.guest_token as string;
    const lookup = (phone: string, ip: string, lang = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/meetings/${general.publicId}/lookup`,
        payload: { area_code: '853', phone },
        remoteAddress: ip,
        headers: { 'accept-language': lang },
      });
    const ok = await lookup('6600 0060', '10.9.0.1');
    expect(ok.statusCode).toBe(200);
    const newToken = ok.json().data.guest_token as string;
    expect(newToken).not.toBe(oldToken);
    expect(ok.json().data.guest.guest_code).toBe(first.json().data.guest.guest_code);
    expect((await guestRequest(ctx, newToken, 'GET', '/api/public/guest')).statusCode).toBe(200);
    // A retrieval at the door does not sign out the phone that signed up, nor an earlier retrieval.
    const again = await lookup('66000060', '10.9.0.4');
    expect(again.statusCode).toBe(200);
    for (const token of [oldToken, newToken, again.json().data.guest_token as string]) {
      const me = await guestRequest(ctx, token, 'GET', '/api/public/guest');
      expect(me.statusCode).toBe(200);
      expect(me.json().data.guest_code).toBe(first.json().data.guest.guest_code);
    }

    for (const [phone, lang, text] of [
      ['66999001', 'en', 'Invalid info'],
      ['66999001', 'zh-tw', '資料無效'],
      ['12345', 'zh-cn', '资料无效'],
    ]) {
      const res = await lookup(phone!, '10.9.0.2', lang);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: ERRORS.INVALID_INFO.code, message: text, data: null });
    }
    // The same phone on another meeting is unknown there.
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${dated.publicId}/lookup`,
      payload: { area_code: '853', phone: '66000060' },
      remoteAddress: '10.9.0.3',
    });
    expect(other.statusCode).toBe(404);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${general.publicId}/lookup`,
      payload: { area_code: '853' },
      remoteAddress: '10.9.0.3',
      headers: { 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toEqual({ phone: 'Please enter the phone number' });
  });

  it('code retrieval is rate-limited per phone and per (address, phone); a busy address still retrieves', async () => {
    const lookup = (phone: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/meetings/${general.publicId}/lookup`,
        payload: { area_code: '853', phone },
        remoteAddress: ip,
      });
    const { lookupPerIpAndPhone, lookupPerPhone, lookupFailuresPerIp } = PUBLIC_LIMITS;
    // Per (address, phone): a small budget, whatever the answer.
    for (let i = 0; i < lookupPerIpAndPhone.points; i++)
      expect((await lookup('66777000', '10.8.0.1')).statusCode).toBe(404);
    const pairLimited = await lookup('66777000', '10.8.0.1');
    expect(pairLimited.statusCode).toBe(429);
    expect(pairLimited.json().code).toBe(ERRORS.RATE_LIMITED.code);
    expect(Number(pairLimited.headers['retry-after'])).toBeGreaterThan(0);
    // Per phone from everywhere: a moderate budget.
    for (let i = 0; i < lookupPerPhone.points; i++)
      expect((await lookup('66777001', `10.8.1.${i}`)).statusCode).toBe(404);
    expect((await lookup('66777001', '10.8.1.99')).statusCode).toBe(429);

    // A venue's Wi-Fi: others' typos spend the address's failure budget…
    for (let i = 0; i < lookupFailuresPerIp.points; i++)
      expect((await lookup(`6678${String(1000 + i)}`, '10.8.2.1')).statusCode).toBe(404);
    expect((await lookup('66773000', '10.8.2.1')).statusCode).toBe(429);
    expect((await lookup('66773000', '10.8.2.2')).statusCode).toBe(404);
    // …yet a guest typing the right number there still gets their code.
    const correct = await lookup('66000060', '10.8.2.1');
    expect(correct.statusCode).toBe(200);
    expect(correct.json().data.guest.guest_code).toEqual(expect.any(String));
  });

  it('guest isolation, allowed sessions and missing tokens', async () => {
    const a = await signUp(ctx, dated.publicId, dateScheduleBody(70, doctor, [sessions.a]), 0);
    expect(a.statusCode).toBe(200);
    const b = await signUp(ctx, dated.publicId, dateScheduleBody(71, nurse, [sessions.c]), 0);
    expect(b.statusCode).toBe(200);
    const tokenA = a.json().data.guest_token as string;
    const tokenB = b.json().data.guest_token as string;
    expect(a.json().data.guest).toMatchObject({
      display_name: '嘉賓70',
      user_type_id: doctor,
      enrolled_schedule_ids: [sessions.a],
      enrollable_schedule_ids: [sessions.b],
    });

    const meA = (await guestRequest(ctx, tokenA, 'GET', '/api/public/guest')).json().data;
    const meB = (await guestRequest(ctx, tokenB, 'GET', '/api/public/guest')).json().data;
    expect(meA.guest_code).toBe(a.json().data.guest.guest_code);
    expect(meB.guest_code).toBe(b.json().data.guest.guest_code);
    expect(meA.guest_code).not.toBe(meB.guest_code);
    expect(JSON.stringify(meA)).not.toContain('0071');

    // B cannot reach A's session list through its own token: enrolling in A's sessions is not allowed.
    const notAllowed = await guestRequest(ctx, tokenB, 'POST', '/api/public/guest/enrolments', {
      schedule_id: sessions.a,
    });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json()).toMatchObject({
      code: ERRORS.SESSION_NOT_ALLOWED.code,
      message: ERRORS.SESSION_NOT_ALLOWED.message.en,
    });
    // A session not allowed for the type at sign-up is a field error.
    const wrongChoice = await signUp(ctx, dated.publicId, dateScheduleBody(72, nurse, [sessions.a]), 0);
    expect(wrongChoice.statusCode).toBe(400);
    expect(wrongChoice.json().data.fields).toEqual({
      schedule_ids: 'A selected session is not open to this registration type',
    });

    // Enrol then cancel with A's token only changes A.
    const enrolled = await guestRequest(ctx, tokenA, 'POST', '/api/public/guest/enrolments', {
      schedule_id: sessions.b,
    });
    expect(enrolled.json().data).toMatchObject({
      enrolled_schedule_ids: [sessions.a, sessions.b],
      enrollable_schedule_ids: [],
    });
    const cancelled = await guestRequest(ctx, tokenA, 'DELETE', `/api/public/guest/enrolments/${sessions.a}`);
    expect(cancelled.json().data).toMatchObject({
      enrolled_schedule_ids: [sessions.b],
      enrollable_schedule_ids: [sessions.a],
    });
    const again = await guestRequest(ctx, tokenA, 'DELETE', `/api/public/guest/enrolments/${sessions.a}`);
    expect(again.statusCode).toBe(200);
    // Another meeting's session, or none at all, is not found for this guest.
    const otherMeetingSession = await createSchedule(ctx.db, general.id, 0, 'Elsewhere');
    for (const scheduleId of [otherMeetingSession, 999_999]) {
      const foreign = await guestRequest(ctx, tokenA, 'DELETE', `/api/public/guest/enrolments/${scheduleId}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: ERRORS.NOT_FOUND.code, message: 'Not found' });
    }
    expect((await guestRequest(ctx, tokenB, 'GET', '/api/public/guest')).json().data).toEqual(meB);

    for (const token of [
      undefined,
      'not-a-token',
      tokenA.slice(0, -1) + (tokenA.endsWith('A') ? 'B' : 'A'),
    ]) {
      for (const [method, url, payload] of [
        ['GET', '/api/public/guest', undefined],
        ['POST', '/api/public/guest/enrolments', { schedule_id: sessions.b }],
        ['DELETE', `/api/public/guest/enrolments/${sessions.b}`, undefined],
      ] as const) {
        const res = await guestRequest(ctx, token, method, url, payload);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(ERRORS.GUEST_TOKEN_INVALID.code);
      }
    }
    // The token in the query string is not accepted.
    const inUrl = await ctx.app.inject({ method: 'GET', url: `/api/public/guest?token=${tokenA}` });
    expect(inUrl.statusCode).not.toBe(200);
  });

  it('enrolment is closed with the registration; cancelling still frees the seat', async () => {
    const meeting = await createMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_deadline: ctx.now() + 60_000,
    });
    const s1 = await createSchedule(ctx.db, meeting.id, 3);
    const s2 = await createSchedule(ctx.db, meeting.id, 3);
    const type = await createUserType(ctx.db, meeting.id, [s1, s2]);
    const res = await signUp(ctx, meeting.publicId, dateScheduleBody(80, type, [s1]), 0);
    const token = res.json().data.guest_token as string;
    ctx.advance(120_000);
    const closed = await guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', {
      schedule_id: s2,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe(ERRORS.REGISTRATION_CLOSED.code);
    const freed = await guestRequest(ctx, token, 'DELETE', `/api/public/guest/enrolments/${s1}`);
    expect(freed.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('schedules')
      .select('signup_count')
      .where('id', '=', s1)
      .executeTakeFirst();
    expect(row?.signup_count).toBe(0);
  });

  it('sign-ups and code retrievals write public system-log entries without the full phone', async () => {
    const logs = await ctx.db
      .selectFrom('system_logs')
      .selectAll()
      .where('source_type', '=', 'public')
      .orderBy('id')
      .execute();
    const signUps = logs.filter((l) => l.action_type === 'sign_up');
    const lookups = logs.filter((l) => l.action_type === 'code_lookup');
    expect(signUps.length).toBeGreaterThan(5);
    expect(lookups).toHaveLength(3);
    expect(lookups[0]!.content).toContain('公開會議');
    expect(lookups[0]!.content).toContain('+853 ****0060');
    expect(lookups.map((l) => l.content.slice(-4))).toEqual(['0060', '0060', '0060']);
    for (const log of logs) {
      expect(log.username).toBeNull();
      expect(log.ip).toBeTruthy();
      expect(log.content).not.toMatch(/\d{7,}/);
      expect(log.content).not.toContain('Guest ');
    }
  });

  it('the unique index is recognised as a duplicate on this database', async () => {
    const existing = await ctx.db
      .selectFrom('guests')
      .selectAll()
      .where('meeting_id', '=', general.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = existing;
    void _id;
    let caught: unknown;
    try {
      await ctx.db
        .insertInto('guests')
        .values({ ...copy, guest_code: 'other-code', token_hash: 'other-hash' })
        .execute();
    } catch (error) {
      caught = error;
    }
    expect(isUniqueViolation(caught)).toBe(true);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
  });
});
