import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePhone } from '@meetflow/shared/phone';
import { type Meeting } from '@meetflow/shared/schemas/meetings';
import { DemoDataRefusedError, seedDemo, type SeedDemoResult } from '../src/demo/seed-demo.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

const PASSWORDS = { organiser: 'Organiser-pass-1', door: 'Door-staff-pass-1', hkDoor: 'Hk-door-pass-1' };
const CLI = path.resolve(import.meta.dirname, '../src/cli/seed-demo.ts');

/** Characters only Simplified or only Traditional Chinese writes (surnames the demo uses). */
const SIMPLIFIED_ONLY = /[陈张刘郑谢罗马赵孙杨黄]/u;
const TRADITIONAL_ONLY = /[陳張劉鄭謝羅馬黃區葉鍾楊]/u;

describe(`seed:demo (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let result: SeedDemoResult;

  beforeAll(async () => {
    ctx = await createTestContext();
    result = await seedDemo(ctx.db, { now: ctx.now(), passwords: PASSWORDS });
    admin = (await ctx.login()).access_token;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function listMeetings(token: string): Promise<Meeting[]> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/meetings?page_size=50',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.items as Meeting[];
  }

  it('lists both meetings with their sign-up and check-in counts', async () => {
    const items = await listMeetings(admin);
    expect(items.map((m) => m.meeting_type).sort()).toEqual(['date_schedule', 'general']);
    for (const meeting of items) {
      const rows = await ctx.db
        .selectFrom('guests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('meeting_id', '=', meeting.id)
        .executeTakeFirstOrThrow();
      expect(meeting.signup_count).toBe(Number(rows.n));
      expect(meeting.signup_count).toBeGreaterThan(100);
      expect(meeting.checkin_count).toBeGreaterThan(50);
      expect(meeting.banner_file_id).not.toBeNull();
      expect(meeting.schedule_file_id).not.toBeNull();
      expect(meeting.guide_file_id).not.toBeNull();
    }
    expect(result.meetings.reduce((n, m) => n + m.guests, 0)).toBeGreaterThanOrEqual(300);
  });

  it('keeps every capacity counter equal to its rows and within its limit', async () => {
    const meetings = await ctx.db
      .selectFrom('meetings')
      .select(['id', 'registered_count', 'registration_limit'])
      .execute();
    for (const m of meetings) {
      const n = await ctx.db
        .selectFrom('guests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('meeting_id', '=', m.id)
        .where('cancelled_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(m.registered_count)).toBe(Number(n.n));
      if (m.registration_limit > 0)
        expect(Number(m.registered_count)).toBeLessThanOrEqual(m.registration_limit);
    }
    const schedules = await ctx.db
      .selectFrom('schedules')
      .select(['id', 'signup_count', 'signup_limit'])
      .execute();
    expect(schedules.length).toBeGreaterThanOrEqual(5);
    let full = 0;
    for (const s of schedules) {
      const n = await ctx.db
        .selectFrom('guest_schedules')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('schedule_id', '=', s.id)
        .executeTakeFirstOrThrow();
      expect(Number(s.signup_count)).toBe(Number(n.n));
      if (s.signup_limit > 0) expect(Number(s.signup_count)).toBeLessThanOrEqual(s.signup_limit);
      if (s.signup_limit > 0 && Number(s.signup_count) === s.signup_limit) full += 1;
    }
    expect(full).toBeGreaterThan(0);
    // Enrolments only in sessions the guest's registration type allows.
    const outside = await ctx.db
      .selectFrom('guest_schedules as gs')
      .innerJoin('guests as g', 'g.id', 'gs.guest_id')
      .leftJoin('user_type_schedules as uts', (join) =>
        join.onRef('uts.user_type_id', '=', 'g.user_type_id').onRef('uts.schedule_id', '=', 'gs.schedule_id'),
      )
      .select('gs.guest_id')
      .where('uts.schedule_id', 'is', null)
      .execute();
    expect(outside).toEqual([]);
  });

  it('makes guests in three scripts with valid phones of all four areas', async () => {
    const guests = await ctx.db
      .selectFrom('guests')
      .select(['area_code', 'phone', 'name', 'name_zh', 'name_en', 'email'])
      .execute();
    expect(new Set(guests.map((g) => g.area_code))).toEqual(new Set(['853', '852', '86', '886']));
    for (const g of guests) {
      const national = g.phone.slice(g.area_code.length + 1);
      expect(normalizePhone(g.area_code, national), g.phone).toBe(g.phone);
      expect(g.email).toMatch(/^[a-z.]+\d+@[a-z.]*example\.(com|org|net)$/);
    }
    const names = guests.map((g) => g.name || g.name_zh);
    expect(names.some((n) => SIMPLIFIED_ONLY.test(n))).toBe(true);
    expect(names.some((n) => TRADITIONAL_ONLY.test(n))).toBe(true);
    expect(names.some((n) => /^[A-Za-zÀ-ÿ ]+$/u.test(n) && n !== 'NA')).toBe(true);
  });

  it('leaves a scan log whose summaries match it, all this morning and none in the future', async () => {
    const scans = await ctx.db
      .selectFrom('check_ins')
      .select(['guest_id', 'scope_id', 'type', 'created_at', 'nonce', 'meeting_id', 'operator_name'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(scans.length).toBeGreaterThan(300);
    expect(new Set(scans.map((s) => s.nonce)).size).toBe(scans.length);
    // Each scan names its operator as the records list shows it.
    expect(scans.filter((s) => s.operator_name === null)).toEqual([]);
    expect(scans.map((s) => s.operator_name)).toContain('何志強');
    const midnight = new Date(ctx.now()).setHours(0, 0, 0, 0);
    const expected = new Map<
      string,
      { inside: number; first: number | null; lastIn: number | null; lastOut: number | null }
    >();
    for (const s of scans) {
      const at = Number(s.created_at);
      expect(at).toBeGreaterThanOrEqual(midnight);
      expect(at).toBeLessThanOrEqual(ctx.now());
      const key = `${s.guest_id}:${s.scope_id}`;
      const state = expected.get(key) ?? { inside: 0, first: null, lastIn: null, lastOut: null };
      // The scan service never records an entry for a guest inside, nor an exit for one outside.
      expect(state.inside, key).toBe(s.type === 'in' ? 0 : 1);
      if (s.type === 'in') expected.set(key, { ...state, inside: 1, first: state.first ?? at, lastIn: at });
      else expected.set(key, { ...state, inside: 0, lastOut: at });
    }
    const summaries = await ctx.db.selectFrom('guest_attendance').selectAll().execute();
    expect(summaries.length).toBe(expected.size);
    for (const row of summaries) {
      const want = expected.get(`${row.guest_id}:${row.scope_id}`);
      expect(want).toBeDefined();
      expect({
        inside: Number(row.inside),
        first: row.first_in_at === null ? null : Number(row.first_in_at),
        lastIn: row.last_in_at === null ? null : Number(row.last_in_at),
        lastOut: row.last_out_at === null ? null : Number(row.last_out_at),
      }).toEqual(want);
    }
    // Session scans only for guests enrolled in that session.
    const unenrolled = scans.filter((s) => s.scope_id !== 0);
    for (const s of unenrolled.slice(0, 50)) {
      const row = await ctx.db
        .selectFrom('guest_schedules')
        .select('guest_id')
        .where('guest_id', '=', s.guest_id)
        .where('schedule_id', '=', s.scope_id)
        .executeTakeFirst();
      expect(row).toBeDefined();
    }
  });

  it("gives the dashboard an arrival curve and today's figures", async () => {
    const meeting = result.meetings.find((m) => m.type === 'general')!;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/meetings/${meeting.id}/dashboard`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const arrivals = (data.arrivals as { count: number }[]).reduce((n, a) => n + a.count, 0);
    expect(arrivals).toBeGreaterThan(100);
    expect(data.stats.checked_in_today).toBeGreaterThan(100);
    expect(data.stats.inside).toBeGreaterThan(50);
    expect(data.signups.length).toBeGreaterThan(5);
  });

  it('serves the generated files as typed uploads', async () => {
    const meeting = (await listMeetings(admin)).find((m) => m.meeting_type === 'general')!;
    const banner = await ctx.app.inject({ method: 'GET', url: `/api/files/${meeting.banner_file_id}` });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toContain('image/png');
    expect(banner.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/files/${meeting.schedule_file_id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('ascii')).toBe('%PDF-');
  });

  it('keeps the public sign-up working against the seeded counters', async () => {
    const seeded = result.meetings.find((m) => m.type === 'date_schedule')!;
    const info = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${seeded.publicId}` });
    expect(info.statusCode).toBe(200);
    const meeting = info.json().data;
    expect(meeting.status).toBe('open');
    const fellow = meeting.user_types.find((t: { name_en: string }) => t.name_en === 'Fellow');
    const full = meeting.schedules.find((s: { seats_left: number | null }) => s.seats_left === 0);
    const open = meeting.schedules.find((s: { seats_left: number | null }) => s.seats_left === null);
    expect(full).toBeDefined();
    const body = (scheduleIds: number[]) => ({
      meeting_type: 'date_schedule',
      name_zh: '測試',
      name_en: 'Test Guest',
      area_code: '852',
      phone: '51234567',
      email: 'late.guest@example.com',
      user_type_id: fellow.id,
      license_number: 'M12345',
      schedule_ids: scheduleIds,
      // The congress's own form asks for the specialty (demo-form.ts).
      answers: { specialty: 'cardiology', cath_lab: false },
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${seeded.publicId}/sign-ups`,
      payload: body([full.id]),
    });
    expect(refused.statusCode).toBe(409);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${seeded.publicId}/sign-ups`,
      payload: body([open.id]),
    });
    expect(accepted.statusCode).toBe(200);
    const unanswered = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${seeded.publicId}/sign-ups`,
      payload: { ...body([open.id]), phone: '51234568', answers: {} },
    });
    expect(unanswered.json().data.fields).toEqual({ 'answers.specialty': '「專科」：此欄位必填' });
    const after = (await listMeetings(admin)).find((m) => m.id === seeded.id)!;
    expect(after.signup_count).toBe(seeded.guests + 1);
  });

  it('gives the congress its own form and every guest answers that pass it', async () => {
    const seeded = result.meetings.find((m) => m.type === 'date_schedule')!;
    const form = await ctx.app.inject({
      method: 'GET',
      url: `/api/meetings/${seeded.id}/form`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const fields = form.json().data.fields as { key: string }[];
    expect(fields.map((f) => f.key)).toEqual(['q1', 'specialty', 'department', 'cath_lab', 'diet', 'photos']);
    const rows = await ctx.db
      .selectFrom('guests')
      .select('answers')
      .where('meeting_id', '=', seeded.id)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(seeded.guests);
    const answers = rows.map((r) => JSON.parse(r.answers) as Record<string, unknown>);
    expect(answers.every((a) => typeof a.specialty === 'string')).toBe(true);
    // The condition holds in the data: only cardiologists answered the catheter-lab question.
    expect(answers.every((a) => !('cath_lab' in a) || a.specialty === 'cardiology')).toBe(true);
    expect(answers.some((a) => 'cath_lab' in a)).toBe(true);
    const general = result.meetings.find((m) => m.type === 'general')!;
    const generalRows = await ctx.db
      .selectFrom('guests')
      .select('answers')
      .where('meeting_id', '=', general.id)
      .execute();
    expect(generalRows.every((r) => r.answers === '{}')).toBe(true);
  });

  it("starts the Macao meeting's forms at +853 and the Hong Kong one's at +852 (their organisations' regions)", async () => {
    const served = async (type: string) => {
      const seeded = result.meetings.find((m) => m.type === type)!;
      const info = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${seeded.publicId}` });
      return info.json().data.default_area_code as string | null;
    };
    expect(await served('general')).toBe('853');
    expect(await served('date_schedule')).toBe('852');
  });

  it('creates demo users bound to their organisations', async () => {
    const organiser = await ctx.login({ account: 'demo.organiser', password: PASSWORDS.organiser });
    const seen = await listMeetings(organiser.access_token);
    expect(seen.map((m) => m.meeting_type)).toEqual(['general']);
    const hkDoor = await ctx.login({ account: 'demo.hkdoor', password: PASSWORDS.hkDoor });
    expect((await listMeetings(hkDoor.access_token)).map((m) => m.meeting_type)).toEqual(['date_schedule']);
    expect(result.users.map((u) => u.password)).toEqual([
      PASSWORDS.organiser,
      PASSWORDS.door,
      PASSWORDS.hkDoor,
    ]);
  });

  it('refuses a second run without --force, from the function and from the command line', async () => {
    await expect(seedDemo(ctx.db, { now: ctx.now() })).rejects.toBeInstanceOf(DemoDataRefusedError);
    const env = {
      ...process.env,
      ...(ctx.config.databaseUrl
        ? { DATABASE_URL: ctx.config.databaseUrl }
        : { DATA_DIR: ctx.config.dataDir }),
      LOG_LEVEL: 'silent',
    };
    const cli = spawnSync(process.execPath, [CLI], { env, encoding: 'utf8', timeout: 60_000 });
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toContain('--force');
    const count = await ctx.db
      .selectFrom('meetings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('adds the same demo set again with force, reusing organisations and accounts', async () => {
    const orgsBefore = await ctx.db.selectFrom('organizations').select('id').execute();
    const again = await seedDemo(ctx.db, { now: ctx.now(), force: true });
    expect(again.meetings).toHaveLength(2);
    expect(again.organizations).toBe(0);
    expect(again.users.every((u) => u.password === null)).toBe(true);
    expect(await ctx.db.selectFrom('organizations').select('id').execute()).toHaveLength(orgsBefore.length);
    // Seeded pseudo-randomness: the same seed gives the same people.
    const names = async (meetingId: number) =>
      (
        await ctx.db
          .selectFrom('guests')
          .select(['name', 'name_zh', 'phone'])
          .where('meeting_id', '=', meetingId)
          .orderBy('id')
          .execute()
      ).slice(0, 40);
    expect(await names(again.meetings[0]!.id)).toEqual(await names(result.meetings[0]!.id));
    expect(await listMeetings(admin)).toHaveLength(4);
  });
});
