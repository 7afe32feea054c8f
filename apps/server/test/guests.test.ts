import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ERRORS } from '@meetflow/shared/errors';
import { FIELD_MESSAGES } from '@meetflow/shared/field-messages';
import { type AdminGuest, type GuestDetail } from '@meetflow/shared/schemas/guests';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  adminApi,
  readWorkbook,
  scan,
  sheetValues,
  signUpGuest,
  userWithRole,
  type Api,
} from './guest-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  macaoPhone,
  type MeetingFixture,
} from './registration-fixtures.ts';

const LANGS = ['zh-tw', 'zh-cn', 'en'] as const;

describe(`guest list, guest admin and export (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let orgA: number;
  let orgB: number;
  let general: MeetingFixture;
  /** Guest codes of the general meeting by name. */
  const codes: Record<string, string> = {};

  const list = async (meetingId: number, query = '', api = admin) => {
    const res = await api('GET', `/api/meetings/${meetingId}/guests${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: AdminGuest[]; total: number; page: number; page_size: number };
  };
  const names = (items: AdminGuest[]) => items.map((g) => g.display_name);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgA = await createOrganization(ctx.db);
    orgB = await createOrganization(ctx.db);
    general = await createMeeting(ctx.db, orgA, { name: '年會' });
    // Five sign-ups a minute apart: Carol, Alice, Eve, Bob, '=HYPERLINK("x")' (a formula attempt).
    const people = ['Carol', 'Alice', 'Eve', 'Bob', '=HYPERLINK("x")'];
    for (const [n, name] of people.entries()) {
      codes[name] = await signUpGuest(
        ctx,
        general.publicId,
        generalBody(n + 1, { name, institution: n === 2 ? 'Kiang Wu Hospital' : 'Hospital' }),
        n + 1,
      );
      ctx.advance(60_000);
    }
    // Alice is inside, Eve came and left, the others never arrived.
    await scan(admin, general.id, codes.Alice!, 'in');
    ctx.advance(1_000);
    await scan(admin, general.id, codes.Eve!, 'in');
    ctx.advance(ctx.config.scanRepeatWindowMs); // a new scan, not a repeat of the entry
    await scan(admin, general.id, codes.Eve!, 'out');
  });
  afterAll(() => ctx.close());

  describe('list', () => {
    it('pages by sign-up time, newest first by default, with the total', async () => {
      const first = await list(general.id, '?page_size=2');
      expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
      expect(names(first.items)).toEqual(['=HYPERLINK("x")', 'Bob']);
      const third = await list(general.id, '?page_size=2&page=3');
      expect(names(third.items)).toEqual(['Carol']);
      const oldest = await list(general.id, '?sort_by=created_at&sort_order=asc&page_size=1');
      expect(names(oldest.items)).toEqual(['Carol']);
    });

    it('answers every field of the guest record in the request language', async () => {
      const { items } = await list(general.id, `?keyword=${codes.Alice}`);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        meeting_id: general.id,
        meeting_type: 'general',
        guest_code: codes.Alice,
        name: 'Alice',
        display_name: 'Alice',
        area_code: '853',
        phone: `+853${macaoPhone(2)}`,
        email: 'guest2@example.com',
        gender: 'female',
        local_guest: true,
        status: 'checked_in',
      });
      expect(items[0]!.first_in_at).toBeGreaterThan(0);
      expect(items[0]!.last_out_at).toBeNull();
    });

    it('sorts by name and by latest entry (never checked in last)', async () => {
      const byName = await list(general.id, '?sort_by=name&sort_order=asc');
      expect(names(byName.items)).toEqual(['=HYPERLINK("x")', 'Alice', 'Bob', 'Carol', 'Eve']);
      const desc = await list(general.id, '?sort_by=name&sort_order=desc&page_size=2');
      expect(names(desc.items)).toEqual(['Eve', 'Carol']);
      const byEntry = await list(general.id, '?sort_by=last_in_at&sort_order=desc');
      expect(names(byEntry.items).slice(0, 2)).toEqual(['Eve', 'Alice']);
      const byEntryAsc = await list(general.id, '?sort_by=last_in_at&sort_order=asc');
      expect(names(byEntryAsc.items).slice(0, 2)).toEqual(['Alice', 'Eve']);
    });

    it('finds by name, phone, email, institution and whole guest code', async () => {
      expect(names((await list(general.id, '?keyword=ali')).items)).toEqual(['Alice']);
      expect(names((await list(general.id, `?keyword=${macaoPhone(4)}`)).items)).toEqual(['Bob']);
      expect(names((await list(general.id, '?keyword=GUEST5%40example')).items)).toEqual(['=HYPERLINK("x")']);
      expect(names((await list(general.id, '?keyword=kiang%20wu')).items)).toEqual(['Eve']);
      expect(names((await list(general.id, `?keyword=${codes.Carol}`)).items)).toEqual(['Carol']);
      // Wildcards are literal.
      expect((await list(general.id, '?keyword=%25')).total).toBe(0);
      expect((await list(general.id, '?keyword=nobody')).total).toBe(0);
      // The last digits of a phone; never a guest of another meeting.
      expect(names((await list(general.id, `?keyword=${macaoPhone(4).slice(-4)}`)).items)).toEqual(['Bob']);
    });

    it('finds part of a Chinese name, and forgets a guest once the name is edited', async () => {
      const carol = (await list(general.id, '?keyword=carol')).items[0]!;
      const { total: before } = await list(general.id, `?keyword=${encodeURIComponent('大文')}`);
      expect(before).toBe(0);
      const renamed = await admin(
        'PUT',
        `/api/guests/${carol.id}`,
        generalBody(1, { name: '陳大文', institution: 'Hospital' }),
      );
      expect(renamed.statusCode).toBe(200);
      expect(names((await list(general.id, `?keyword=${encodeURIComponent('大文')}`)).items)).toEqual([
        '陳大文',
      ]);
      expect((await list(general.id, '?keyword=carol')).total).toBe(0);
      await admin(
        'PUT',
        `/api/guests/${carol.id}`,
        generalBody(1, { name: 'Carol', institution: 'Hospital' }),
      );
    });

    it('filters by attendance status from the whole-meeting summary', async () => {
      expect(names((await list(general.id, '?status=checked_in')).items)).toEqual(['Alice']);
      expect(names((await list(general.id, '?status=left')).items)).toEqual(['Eve']);
      const absent = await list(general.id, '?status=not_checked_in&sort_by=name&sort_order=asc');
      expect(names(absent.items)).toEqual(['=HYPERLINK("x")', 'Bob', 'Carol']);
    });

    it('filters by sign-up time range', async () => {
      const all = await list(general.id, '?sort_by=created_at&sort_order=asc');
      const [, second, third] = all.items;
      const page = await list(
        general.id,
        `?signed_up_from=${second!.created_at}&signed_up_to=${third!.created_at}`,
      );
      expect(names(page.items).sort()).toEqual(['Alice', 'Eve']);
    });

    it('caps the page size and rejects unknown parameters', async () => {
      const big = await admin('GET', `/api/meetings/${general.id}/guests?page_size=1000`);
      expect(big.statusCode).toBe(400);
      const unknown = await admin('GET', `/api/meetings/${general.id}/guests?drop=1`);
      expect(unknown.statusCode).toBe(400);
      expect((await admin('GET', '/api/meetings/999999/guests')).statusCode).toBe(404);
    });
  });

  describe('date-schedule guests', () => {
    let meeting: MeetingFixture;
    let s1: number;
    let s2: number;
    let doctor: number;
    let nurse: number;

    beforeAll(async () => {
      meeting = await createMeeting(ctx.db, orgA, { meeting_type: 'date_schedule', registration_limit: 3 });
      s1 = await createSchedule(ctx.db, meeting.id, 2, 'Morning');
      s2 = await createSchedule(ctx.db, meeting.id, 0, 'Afternoon');
      doctor = await createUserType(ctx.db, meeting.id, [s1, s2], 'Doctor');
      nurse = await createUserType(ctx.db, meeting.id, [s2], 'Nurse');
      const code = await signUpGuest(ctx, meeting.publicId, dateScheduleBody(101, doctor, [s1, s2]), 101);
      await signUpGuest(ctx, meeting.publicId, dateScheduleBody(102, nurse, [s2]), 102);
      await scan(admin, meeting.id, code, 'in');
      ctx.advance(1_000);
      await scan(admin, meeting.id, code, 'in', s1);
    });

    it('filters by registration type and names it in the request language', async () => {
      const page = await list(meeting.id, `?user_type_id=${nurse}`);
      expect(page.items.map((g) => g.name_en)).toEqual(['Guest 102']);
      expect(page.items[0]).toMatchObject({ user_type_name: 'Nurse', display_name: '嘉賓102' });
    });

    it('shows a guest with their sessions and scan history', async () => {
      const { items } = await list(meeting.id, `?user_type_id=${doctor}`);
      const res = await admin('GET', `/api/guests/${items[0]!.id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json().data as GuestDetail;
      expect(detail.status).toBe('checked_in');
      expect(detail.enrolments.map((e) => e.schedule_name)).toEqual(['Morning', 'Afternoon']);
      expect(detail.enrolments[0]!.first_in_at).toBeGreaterThan(0);
      expect(detail.enrolments[1]!.first_in_at).toBeNull();
      expect(detail.scans.map((s) => [s.type, s.schedule_name, s.station])).toEqual([
        ['in', 'Morning', 'Gate A'],
        ['in', null, 'Gate A'],
      ]);
    });

    it('adds a guest manually within the meeting and session capacity', async () => {
      const add = (n: number, sessions: number[]) =>
        admin('POST', `/api/meetings/${meeting.id}/guests`, dateScheduleBody(n, doctor, sessions));
      const added = await add(103, [s1]);
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().data).toMatchObject({
        name_en: 'Guest 103',
        user_type_name: 'Doctor',
        status: 'not_checked_in',
      });
      const counts = async () => ({
        meeting: (
          await ctx.db
            .selectFrom('meetings')
            .select('registered_count')
            .where('id', '=', meeting.id)
            .executeTakeFirstOrThrow()
        ).registered_count,
        s1: (
          await ctx.db
            .selectFrom('schedules')
            .select('signup_count')
            .where('id', '=', s1)
            .executeTakeFirstOrThrow()
        ).signup_count,
      });
      expect(await counts()).toEqual({ meeting: 3, s1: 2 });
      // The meeting holds three: the fourth is refused and nothing is taken.
      const full = await add(104, [s2]);
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe(ERRORS.MEETING_FULL.code);
      expect(await counts()).toEqual({ meeting: 3, s1: 2 });
    });

    it('refuses a full session when editing, and moves seats when the sessions change', async () => {
      const { items } = await list(meeting.id, `?user_type_id=${nurse}`);
      const nurseGuest = items[0]!;
      // Changing to Doctor with the Morning session, which is full (2 of 2).
      const full = await admin('PUT', `/api/guests/${nurseGuest.id}`, dateScheduleBody(102, doctor, [s1]));
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe(ERRORS.SESSION_FULL.code);
      const afternoon = await ctx.db
        .selectFrom('schedules')
        .select('signup_count')
        .where('id', '=', s2)
        .executeTakeFirstOrThrow();
      // Only Doctor 101 and Nurse 102 are in the afternoon.
      expect(afternoon.signup_count).toBe(2);
      // A session outside the registration type is a field error.
      const notAllowed = await admin(
        'PUT',
        `/api/guests/${nurseGuest.id}`,
        dateScheduleBody(102, nurse, [s1]),
      );
      expect(notAllowed.statusCode).toBe(400);
      expect(notAllowed.json().data.fields.schedule_ids).toBe(FIELD_MESSAGES.scheduleNotForUserType.en);
    });

    it('deletes a guest: seats given back, scans kept, code refused, phone free again', async () => {
      const { items } = await list(meeting.id, `?user_type_id=${doctor}&sort_by=created_at&sort_order=asc`);
      const first = items[0]!;
      const scansBefore = await ctx.db
        .selectFrom('check_ins')
        .select('id')
        .where('guest_id', '=', first.id)
        .execute();
      expect(scansBefore).toHaveLength(2);
      const res = await admin('DELETE', `/api/guests/${first.id}`);
      expect(res.statusCode).toBe(200);
      const m = await ctx.db
        .selectFrom('meetings')
        .select('registered_count')
        .where('id', '=', meeting.id)
        .executeTakeFirstOrThrow();
      const sessions = await ctx.db
        .selectFrom('schedules')
        .select(['id', 'signup_count'])
        .where('meeting_id', '=', meeting.id)
        .orderBy('id')
        .execute();
      expect(m.registered_count).toBe(2);
      expect(sessions.map((s) => s.signup_count)).toEqual([1, 1]);
      // The scan log is append-only: the history stays.
      const scansAfter = await ctx.db
        .selectFrom('check_ins')
        .select('id')
        .where('guest_id', '=', first.id)
        .execute();
      expect(scansAfter).toHaveLength(2);
      expect((await admin('GET', `/api/guests/${first.id}`)).statusCode).toBe(404);
      expect((await admin('DELETE', `/api/guests/${first.id}`)).statusCode).toBe(404);
      expect((await list(meeting.id)).total).toBe(2);
      const door = await admin('POST', '/api/attendance/scans', {
        meeting_id: meeting.id,
        schedule_id: null,
        guest_code: first.guest_code,
        direction: 'in',
        station: 'Gate A',
        nonce: 'delete-check-0001',
      });
      expect(door.json().data.result).toBe('refused');
      // The same phone may sign up again.
      await signUpGuest(ctx, meeting.publicId, dateScheduleBody(101, doctor, [s2]), 101);
      const log = await ctx.db
        .selectFrom('system_logs')
        .select('content')
        .where('action_type', '=', 'delete')
        .execute();
      expect(log.some((l) => l.content.includes(`guest #${first.id}`))).toBe(true);
    });
  });

  describe('edit', () => {
    it.each(LANGS)('answers a field error per field in %s', async (lang) => {
      const { items } = await list(general.id, '?keyword=carol');
      const res = await admin(
        'PUT',
        `/api/guests/${items[0]!.id}`,
        generalBody(1, { name: '', email: 'not-an-email', phone: '12', contact_phone: undefined }),
        lang,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: ERRORS.VALIDATION_FAILED.code,
        message: ERRORS.VALIDATION_FAILED.message[lang],
      });
      expect(res.json().data.fields).toEqual({
        name: FIELD_MESSAGES.guestNameRequired[lang],
        email: FIELD_MESSAGES.emailInvalid[lang],
        phone: FIELD_MESSAGES.phoneInvalid[lang],
        contact_phone: FIELD_MESSAGES.contactPhoneRequired[lang],
      });
      // Digits that are no number of the area code: the server's libphonenumber check, same message.
      const region = await admin(
        'PUT',
        `/api/guests/${items[0]!.id}`,
        generalBody(1, { phone: '12345' }),
        lang,
      );
      expect(region.statusCode).toBe(400);
      expect(region.json().data.fields).toEqual({ phone: FIELD_MESSAGES.phoneInvalid[lang] });
    });

    it('saves the whole form and refuses another guest phone', async () => {
      const { items } = await list(general.id, '?keyword=carol');
      const carol = items[0]!;
      const saved = await admin(
        'PUT',
        `/api/guests/${carol.id}`,
        generalBody(1, { name: 'Caroline', phone: '6600 0001' }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({
        id: carol.id,
        name: 'Caroline',
        phone: `+853${macaoPhone(1)}`,
        guest_code: codes.Carol,
      });
      const taken = await admin(
        'PUT',
        `/api/guests/${carol.id}`,
        generalBody(1, { name: 'Caroline', phone: macaoPhone(2) }),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: ERRORS.GUEST_PHONE_TAKEN.code,
        data: { fields: { phone: FIELD_MESSAGES.phoneTaken.en } },
      });
      const wrongForm = await admin('PUT', `/api/guests/${carol.id}`, dateScheduleBody(1, 1, [1]));
      expect(wrongForm.statusCode).toBe(400);
      expect(Object.keys(wrongForm.json().data.fields)).toEqual(['meeting_type']);
      const logs = await ctx.db
        .selectFrom('system_logs')
        .select('content')
        .where('action_type', '=', 'update')
        .execute();
      expect(logs.some((l) => l.content.includes(`guest #${carol.id}`))).toBe(true);
    });
  });

  describe('export', () => {
    it('streams the filtered list as XLSX with headers in the request language', async () => {
      const res = await admin(
        'GET',
        `/api/meetings/${general.id}/guests/export?sort_by=name&sort_order=asc`,
        undefined,
        'en',
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''/,
      );
      expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(
        /^Test meeting-Guests-\d{8}-\d{4}\.xlsx$/,
      );
      const workbook = await readWorkbook(res.rawPayload);
      const sheet = workbook.worksheets[0]!;
      const rows = sheetValues(sheet);
      expect(rows[0]!.slice(0, 4)).toEqual(['Guest code', 'Name', 'Gender', 'Local guest']);
      expect(rows[0]).toContain('Attendance');
      expect(rows).toHaveLength(6);
      const alice = rows.find((r) => r[1] === 'Alice')!;
      expect(alice).toContain('Checked in');
      expect(alice[0]).toBe(codes.Alice);
      // Phones are text in the one international format of the back office, in every phone column.
      expect(alice).toContain('+853 6600 0002');
      expect(alice).toContain('+853 2800 0000');
      expect(alice).toContain('+853 6699 9999');
    });

    it('stores a cell that starts like a formula as inert text', async () => {
      const res = await admin(
        'GET',
        `/api/meetings/${general.id}/guests/export?keyword=hyperlink`,
        undefined,
        'en',
      );
      const sheet = (await readWorkbook(res.rawPayload)).worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      const cell = sheet.getRow(2).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.value).toBe(`'=HYPERLINK("x")`);
    });

    it.each([
      ['zh-tw', '嘉賓碼', '年會-嘉賓名單-'],
      ['zh-cn', '嘉宾码', '测试会议-嘉宾名单-'],
    ] as const)('writes %s headers and file name', async (lang, header, fileName) => {
      const res = await admin(
        'GET',
        `/api/meetings/${general.id}/guests/export?status=left`,
        undefined,
        lang,
      );
      const rows = sheetValues((await readWorkbook(res.rawPayload)).worksheets[0]!);
      expect(rows[0]![0]).toBe(header);
      expect(rows).toHaveLength(2);
      expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toContain(
        fileName,
      );
    });

    it('writes a system-log entry per export', async () => {
      const before = await ctx.db
        .selectFrom('system_logs')
        .select('id')
        .where('action_type', '=', 'export')
        .execute();
      await admin('GET', `/api/meetings/${general.id}/guests/export`);
      const after = await ctx.db
        .selectFrom('system_logs')
        .select(['content', 'username'])
        .where('action_type', '=', 'export')
        .orderBy('id', 'desc')
        .execute();
      expect(after.length).toBe(before.length + 1);
      expect(after[0]).toMatchObject({ username: 'admin' });
      expect(after[0]!.content).toContain(`Exported 5 guests of meeting #${general.id}`);
    });

    it('lists the guests in the order of the list, across keyset batches and ties', async () => {
      const big = await createMeeting(ctx.db, orgA, { name: 'Order' });
      // 230 guests (more than two export batches) with few distinct names, sign-up times and entries,
      // so that batches end inside runs of equal values; every third guest never arrived.
      const rows = await ctx.db
        .insertInto('guests')
        .values(
          Array.from({ length: 230 }, (_, i) => ({
            meeting_id: big.id,
            guest_code: `order-${String(i).padStart(3, '0')}`,
            token_hash: `order-${i}`,
            area_code: '853',
            phone: `+853${macaoPhone(1000 + i)}`,
            email: `order${i}@example.com`,
            name: `Guest ${i % 7}`,
            created_at: 1_000 * (i % 5),
          })),
        )
        .returning('id')
        .execute();
      await ctx.db
        .insertInto('guest_attendance')
        .values(
          rows
            .filter((_, i) => i % 3 !== 0)
            .map(({ id }, i) => ({
              guest_id: id,
              scope_id: 0,
              meeting_id: big.id,
              inside: 1,
              first_in_at: 5_000 + (i % 4),
              last_in_at: 5_000 + (i % 4),
              last_out_at: null,
            })),
        )
        .execute();
      for (const order of [
        '',
        '?sort_by=created_at&sort_order=asc',
        '?sort_by=name&sort_order=asc',
        '?sort_by=name&sort_order=desc',
        '?sort_by=last_in_at&sort_order=desc',
        '?sort_by=last_in_at&sort_order=asc',
      ]) {
        const listed: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const join = order ? '&' : '?';
          const { items } = await list(big.id, `${order}${join}page_size=100&page=${page}`);
          listed.push(...items.map((g) => g.guest_code));
        }
        const res = await admin('GET', `/api/meetings/${big.id}/guests/export${order}`, undefined, 'en');
        const exported = sheetValues((await readWorkbook(res.rawPayload)).worksheets[0]!)
          .slice(1)
          .map((row) => row[0]);
        expect(listed, order).toHaveLength(230);
        expect(exported, order).toEqual(listed);
      }
    });
  });

  describe('access', () => {
    it('keeps another organisation subtree out with 404', async () => {
      const outsider = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgB));
      const { items } = await list(general.id, '?keyword=alice');
      const id = items[0]!.id;
      for (const [method, url, body] of [
        ['GET', `/api/meetings/${general.id}/guests`],
        ['GET', `/api/meetings/${general.id}/guests/export`],
        ['POST', `/api/meetings/${general.id}/guests`, generalBody(900)],
        ['GET', `/api/guests/${id}`],
        ['PUT', `/api/guests/${id}`, generalBody(2, { name: 'Hacked' })],
        ['DELETE', `/api/guests/${id}`],
      ] as const) {
        const res = await outsider(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await list(general.id, '?keyword=alice')).items[0]!.name).toBe('Alice');
      // An organiser of the meeting's own organisation sees it.
      const insider = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgA));
      expect((await list(general.id, '', insider)).total).toBe(5);
    });

    it('refuses door staff the guest list, details and exports (no contact data)', async () => {
      const door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', orgA));
      const { items } = await list(general.id, '?keyword=alice');
      for (const url of [
        `/api/meetings/${general.id}/guests`,
        `/api/meetings/${general.id}/guests/export`,
        `/api/guests/${items[0]!.id}`,
      ]) {
        const res = await door('GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain('example.com');
      }
      expect((await door('DELETE', `/api/guests/${items[0]!.id}`)).statusCode).toBe(403);
    });
  });
});
