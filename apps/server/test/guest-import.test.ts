import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { FIELD_MESSAGES } from '@meetflow/shared/field-messages';
import type { GuestImport, GuestImportPreview } from '@meetflow/shared/schemas/imports';
import { adminApi, readWorkbook, sheetValues, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  GENERAL_HEADERS,
  generalRow,
  liveGuests,
  seats,
  uploadedGuestFile,
  uploadGuestFile,
  xlsxOf,
} from './import-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  generalBody,
  macaoPhone,
  signUp,
} from './registration-fixtures.ts';

describe(`guest import (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let api: Api;
  let org: number;

  beforeAll(async () => {
    // Small batches, so that a few rows already span several transactions.
    ctx = await createTestContext({ IMPORT_BATCH_ROWS: '4' });
    token = (await ctx.login()).access_token;
    api = adminApi(ctx, token);
    org = await createOrganization(ctx.db);
  });
  afterAll(() => ctx.close());

  const preview = async (imp: GuestImport, lang = 'en', mapping = imp.mapping) => {
    const res = await api('POST', `/api/guest-imports/${imp.id}/preview`, { mapping }, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as GuestImportPreview;
  };
  /** Starts the import and runs the job to the end, as the background runner would. */
  const run = async (imp: GuestImport, options: Record<string, unknown> = {}) => {
    const res = await api('POST', `/api/guest-imports/${imp.id}/start`, { mapping: imp.mapping, ...options });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as GuestImport).status).toBe('queued');
    await ctx.app.jobs.runDue();
    const done = await api('GET', `/api/guest-imports/${imp.id}`);
    return done.json().data as GuestImport;
  };
  it('offers a template in the reader’s language, with drop-down lists of the meeting’s choices', async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const s1 = await createSchedule(ctx.db, meeting.id, 0, 'Plenary');
    await createUserType(ctx.db, meeting.id, [s1], 'Physician');
    const res = await api('GET', `/api/meetings/${meeting.id}/guest-imports/template`, undefined, 'zh-TW');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = await readWorkbook(res.rawPayload);
    const [guests, lists] = workbook.worksheets;
    expect(guests!.name).toBe('嘉賓');
    const headers = sheetValues(guests!)[0];
    expect(headers).toEqual(
      expect.arrayContaining([
        '中文姓名 *',
        '英文姓名 *',
        '區號 *',
        '手機號碼 *',
        '報名類型 *',
        '報名日程 1 *',
        '報名日程 2',
      ]),
    );
    expect(lists!.state).toBe('hidden');
    const listValues = sheetValues(lists!).flat();
    expect(listValues).toEqual(expect.arrayContaining(['中國澳門 +853', 'Physician', '2027-01-10 Plenary']));
    const areaColumn = (headers as string[]).indexOf('區號 *') + 1;
    const validation = guests!.getCell(2, areaColumn).dataValidation;
    expect(validation).toMatchObject({ type: 'list' });
    expect(validation.formulae[0]).toMatch(/選項/);
  });

  it('recognises headers in the three languages and remembers a mapping made by hand', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const first = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([
        ['姓名', '性别', 'Local guest', '區號', 'Handy', '电子邮件', 'Contact number', 'Contact mobile'],
        ['陳大文', '男', '是', '853', macaoPhone(1), 'a@example.com', '1', '2'],
      ]),
    );
    expect(first.mapping).toEqual([
      'name',
      'gender',
      'local_guest',
      'area_code',
      null,
      'email',
      'contact_number',
      'contact_phone',
    ]);
    expect(first.sample).toEqual([['陳大文', '男', '是', '853', macaoPhone(1), 'a@example.com', '1', '2']]);
    const mapping = [...first.mapping];
    mapping[4] = 'phone';
    await preview(first, 'en', mapping);
    // The next file of the meeting with the same headers maps "Handy" by itself.
    const second = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([
        ['Handy', 'Area code'],
        [macaoPhone(2), '853'],
      ]),
    );
    expect(second.mapping).toEqual(['phone', 'area_code']);
    // A mapping without the phone cannot be previewed.
    const res = await api('POST', `/api/guest-imports/${second.id}/preview`, {
      mapping: [null, 'area_code'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ERRORS.IMPORT_MAPPING_INCOMPLETE.code,
      data: { missing: ['phone'] },
    });
  });

  it('judges guests already there and seats left across pages of rows, in file order', async () => {
    // 1,030 rows: more than a page (1,024) of first rows of their phones, two of them guests already.
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1026 });
    for (const n of [9000, 9001])
      expect((await signUp(ctx, meeting.publicId, generalBody(n), n)).statusCode).toBe(200);
    const numbers = Array.from({ length: 1030 }, (_, i) => (i === 10 ? 9000 : i === 1028 ? 9001 : 1000 + i));
    const imp = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([GENERAL_HEADERS, ...numbers.map((n) => generalRow(n))]),
    );
    const result = await preview(imp);
    expect(result).toMatchObject({
      total: 1030,
      valid: 1024,
      existing: 2,
      over_capacity: 4,
      meeting_remaining: 1024,
    });
    const rowsOf = (kind: string) => result.issues.filter((i) => i.kind === kind).map((i) => i.row);
    expect(rowsOf('existing')).toEqual([12, 1030]);
    // Seats in file order: the last four new rows get none.
    expect(rowsOf('over_capacity')).toEqual([1027, 1028, 1029, 1031]);
  });

  it('keeps the earliest problems of the file, whatever kind is judged first', async () => {
    // Row 2 names a guest already there; rows 3–602 each have a bad e-mail: more than the 500 kept.
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1000 });
    expect((await signUp(ctx, meeting.publicId, generalBody(9100), 9100)).statusCode).toBe(200);
    const rows = [
      generalRow(9100),
      ...Array.from({ length: 600 }, (_, i) => generalRow(2000 + i, { 'E-mail': 'not-an-address' })),
    ];
    const imp = await uploadedGuestFile(ctx, token, meeting, await xlsxOf([GENERAL_HEADERS, ...rows]));
    const result = await preview(imp);
    expect(result).toMatchObject({ total: 601, existing: 1, invalid: 600, issues_total: 601 });
    expect(result.issues).toHaveLength(500);
    expect(result.issues[0]).toMatchObject({ row: 2, kind: 'existing' });
    expect(result.issues.map((i) => i.row)).toEqual(Array.from({ length: 500 }, (_, i) => i + 2));
  });

  it('previews every row with the sign-up’s rules, duplicates and seats left, in the reader’s language, writing nothing', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 4 });
    expect((await signUp(ctx, meeting.publicId, generalBody(500), 500)).statusCode).toBe(200);
    const file = await xlsxOf([
      GENERAL_HEADERS,
      generalRow(501), // row 2: valid
      generalRow(502, { 'Mobile number': '123' }), // row 3: phone
      generalRow(503, { 'E-mail': 'not-an-address' }), // row 4: e-mail
      generalRow(504, { Name: '' }), // row 5: required
      generalRow(505, { Gender: 'robot' }), // row 6: not an option
      generalRow(506, { 'Area code': '+1' }), // row 7: unknown area code
      generalRow(501), // row 8: same phone as row 2
      generalRow(500), // row 9: already a guest
      generalRow(507), // row 10: valid
      generalRow(508), // row 11: valid
      generalRow(509), // row 12: over capacity (4 seats, 1 taken, 3 new before it)
    ]);
    const imp = await uploadedGuestFile(ctx, token, meeting, file, 'guests.xlsx', 'zh-TW');
    expect(imp.progress.total).toBe(11);
    const result = await preview(imp, 'zh-TW');
    expect(result).toMatchObject({
      total: 11,
      valid: 3,
      invalid: 5,
      duplicate_in_file: 1,
      existing: 1,
      over_capacity: 1,
      meeting_remaining: 3,
    });
    const byRow = (row: number) => result.issues.filter((i) => i.row === row);
    expect(byRow(3)).toEqual([
      { row: 3, kind: 'invalid', column: 'Mobile number', message: FIELD_MESSAGES.phoneInvalid['zh-tw'] },
    ]);
    expect(byRow(4)[0]).toMatchObject({ column: 'E-mail', message: FIELD_MESSAGES.emailInvalid['zh-tw'] });
    expect(byRow(5)[0]).toMatchObject({ column: 'Name', message: FIELD_MESSAGES.guestNameRequired['zh-tw'] });
    expect(byRow(6)[0]).toMatchObject({ column: 'Gender', message: FIELD_MESSAGES.invalidOption['zh-tw'] });
    expect(byRow(7)[0]).toMatchObject({ column: 'Area code', kind: 'invalid' });
    expect(byRow(8)[0]).toMatchObject({
      kind: 'duplicate_in_file',
      message: '與第 2 行的區號及手機號碼相同',
    });
    expect(byRow(9)[0]).toMatchObject({ kind: 'existing' });
    expect(byRow(12)[0]).toMatchObject({
      kind: 'over_capacity',
      message: FIELD_MESSAGES.meetingFullRow['zh-tw'],
    });
    expect(await liveGuests(ctx.db, meeting.id)).toHaveLength(1);

    // Imported: the same judgement, with the seats taken exactly as sign-ups would.
    const done = await run(imp);
    expect(done.status).toBe('done');
    expect(done.progress).toEqual({
      total: 11,
      processed: 11,
      created: 3,
      updated: 0,
      skipped: 1,
      failed: 7,
    });
    expect(await seats(ctx.db, meeting.id)).toBe(4);
    const guests = await liveGuests(ctx.db, meeting.id);
    expect(guests.map((g) => g.name)).toEqual(['Guest 500', 'Imported 501', 'Imported 507', 'Imported 508']);
    // Each has its own code and the sign-up's search terms.
    expect(new Set(guests.map((g) => g.guest_code)).size).toBe(4);
    const found = await api('GET', `/api/meetings/${meeting.id}/guests?keyword=Imported`);
    expect(found.json().data.total).toBe(3);

    // The rows not written, with why, ready to fix and import again.
    const failed = await api('GET', `/api/guest-imports/${imp.id}/failed-rows`, undefined, 'en');
    expect(failed.statusCode).toBe(200);
    const rows = sheetValues((await readWorkbook(failed.rawPayload)).worksheets[0]!);
    expect(rows[0]).toEqual([...GENERAL_HEADERS, 'Reason']);
    expect(rows.slice(1).map((r) => r[4])).toEqual([
      '123',
      macaoPhone(503),
      macaoPhone(504),
      macaoPhone(505),
      macaoPhone(506),
      macaoPhone(501),
      macaoPhone(509),
    ]);
    expect(rows[1]!.at(-1)).toBe(`Mobile number: ${FIELD_MESSAGES.phoneInvalid.en}`);
    expect(rows.at(-1)!.at(-1)).toBe(FIELD_MESSAGES.meetingFullRow.en);

    // The audit log names the file (name, size, hash) and the counts.
    const log = await ctx.db
      .selectFrom('system_logs')
      .select(['message_key', 'message_params'])
      .where('message_key', '=', 'import.guests_finished')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.message_params!)).toMatchObject({
      file_name: 'guests.xlsx',
      file_size: file.length,
      file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      created: 3,
      failed: 7,
    });
    // The file and its rows are gone once imported.
    const stored = await ctx.db
      .selectFrom('imports')
      .select('file_data')
      .where('id', '=', imp.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ file_data: null });
    const storedRows = await ctx.db
      .selectFrom('import_rows')
      .select('row_number')
      .where('import_id', '=', imp.id)
      .execute();
    expect(storedRows).toEqual([]);
  });

  it('is idempotent: the same file again is recognised and adds nobody; "update" refreshes the guests instead', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const file = await xlsxOf([GENERAL_HEADERS, generalRow(601), generalRow(602), generalRow(603)]);
    const first = await run(await uploadedGuestFile(ctx, token, meeting, file));
    expect(first.progress).toMatchObject({ created: 3, skipped: 0 });
    const again = await uploadedGuestFile(ctx, token, meeting, file);
    expect(again.previous).toMatchObject({ id: first.id });
    const second = await run(again);
    expect(second.progress).toMatchObject({ created: 0, skipped: 3, failed: 0 });
    expect(await liveGuests(ctx.db, meeting.id)).toHaveLength(3);
    expect(await seats(ctx.db, meeting.id)).toBe(3);
    // Starting an import twice queues it once.
    const restart = await api('POST', `/api/guest-imports/${second.id}/start`, { mapping: second.mapping });
    expect((restart.json().data as GuestImport).status).toBe('done');

    // The file's columns replace the guest's; a column the file does not have (institution) stays.
    const withoutInstitution = GENERAL_HEADERS.filter((h) => h !== 'Institution');
    const renamedRow = generalRow(601, { Name: 'Renamed 601' }).filter(
      (_, i) => GENERAL_HEADERS[i] !== 'Institution',
    );
    const updated = await run(
      await uploadedGuestFile(ctx, token, meeting, await xlsxOf([withoutInstitution, renamedRow])),
      { on_existing: 'update' },
    );
    expect(updated.progress).toMatchObject({ created: 0, updated: 1 });
    const guests = await liveGuests(ctx.db, meeting.id);
    expect(guests.map((g) => g.name)).toEqual(['Renamed 601', 'Imported 602', 'Imported 603']);
    expect(guests[0]!.institution).toBe('Hospital');
    expect((await api('GET', `/api/meetings/${meeting.id}/guests?keyword=Renamed`)).json().data.total).toBe(
      1,
    );
  });

  it('imports over the limit only when asked, and says so in the audit log', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1 });
    const file = await xlsxOf([GENERAL_HEADERS, generalRow(701), generalRow(702), generalRow(703)]);
    const over = await run(await uploadedGuestFile(ctx, token, meeting, file), { over_limit: true });
    expect(over.progress).toMatchObject({ created: 3, failed: 0 });
    expect(await seats(ctx.db, meeting.id)).toBe(3);
    const started = await ctx.db
      .selectFrom('system_logs')
      .select('message_params')
      .where('message_key', '=', 'import.guests_started')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(started.message_params!).over_limit).toEqual([{ key: 'import.over_limit' }]);
    // The meeting is now over its limit: a visitor still cannot sign up.
    expect((await signUp(ctx, meeting.publicId, generalBody(704), 704)).json().code).toBe(
      ERRORS.MEETING_FULL.code,
    );
  });

  it('queues the new guests’ confirmations when asked, in the organiser’s language', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const imp = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([GENERAL_HEADERS, generalRow(1101), generalRow(1102)]),
      'g.xlsx',
      'zh-CN',
    );
    await api(
      'POST',
      `/api/guest-imports/${imp.id}/start`,
      { mapping: imp.mapping, send_confirmation: true },
      'zh-CN',
    );
    await ctx.app.jobs.runDue();
    const guests = await liveGuests(ctx.db, meeting.id);
    expect(guests.map((g) => [g.mail_pending, g.language])).toEqual([
      [1, 'zh-cn'],
      [1, 'zh-cn'],
    ]);
    const quiet = await run(
      await uploadedGuestFile(ctx, token, meeting, await xlsxOf([GENERAL_HEADERS, generalRow(1103)])),
    );
    expect(quiet.progress.created).toBe(1);
    expect((await liveGuests(ctx.db, meeting.id)).at(-1)!.mail_pending).toBe(0);
  });

  it('lets only guest editors of the meeting’s organisation import; the guest list sees a running import', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const file = await xlsxOf([GENERAL_HEADERS, generalRow(1201)]);
    const door = await userWithRole(ctx, api, 'door_staff', org);
    const refused = await uploadGuestFile(ctx, door, meeting.id, { bytes: file, name: 'g.xlsx' });
    expect(refused.statusCode).toBe(403);
    const otherOrg = await createOrganization(ctx.db);
    const stranger = await userWithRole(ctx, api, 'organiser', otherOrg);
    expect(
      (await uploadGuestFile(ctx, stranger, meeting.id, { bytes: file, name: 'g.xlsx' })).statusCode,
    ).toBe(404);
    const imp = await uploadedGuestFile(ctx, token, meeting, file);
    const strangerApi = adminApi(ctx, stranger);
    expect((await strangerApi('GET', `/api/guest-imports/${imp.id}`)).statusCode).toBe(404);
    expect(
      (await strangerApi('POST', `/api/guest-imports/${imp.id}/start`, { mapping: imp.mapping })).statusCode,
    ).toBe(404);

    await api('POST', `/api/guest-imports/${imp.id}/start`, { mapping: imp.mapping });
    const list = await api('GET', `/api/meetings/${meeting.id}/guest-imports`);
    expect((list.json().data.items as GuestImport[])[0]).toMatchObject({ id: imp.id, status: 'queued' });
    // Once started it can no longer be changed or discarded.
    expect((await api('DELETE', `/api/guest-imports/${imp.id}`)).json().code).toBe(
      ERRORS.IMPORT_ALREADY_STARTED.code,
    );
    await ctx.app.jobs.runDue();
    // An import whose meeting is deleted before its job runs ends failed, not running for ever.
    const doomed = await createMeeting(ctx.db, org);
    const orphan = await uploadedGuestFile(ctx, token, doomed, file);
    await api('POST', `/api/guest-imports/${orphan.id}/start`, { mapping: orphan.mapping });
    expect((await api('DELETE', `/api/meetings/${doomed.id}`)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const orphaned = await ctx.db
      .selectFrom('imports')
      .select(['status', 'error'])
      .where('id', '=', orphan.id)
      .executeTakeFirstOrThrow();
    expect(orphaned).toEqual({ status: 'failed', error: 'NOT_FOUND' });
    // An import not started can be discarded, file and all.
    const other = await uploadedGuestFile(ctx, token, meeting, file);
    expect((await api('DELETE', `/api/guest-imports/${other.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/guest-imports/${other.id}`)).statusCode).toBe(404);
  });
});
