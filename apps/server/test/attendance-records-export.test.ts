import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, localDayTime } from '../src/lib/local-time.ts';
import {
  adminApi,
  readWorkbook,
  sheetValues,
  signUpGuest,
  userWithRole,
  type Api,
} from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  generalBody,
  type MeetingFixture,
} from './registration-fixtures.ts';

const MINUTE = 60_000;
const ZONE = 'Asia/Macau';
/** '2027-01-05 09:00:00' in Macao, by the platform's own time-zone data. */
const local = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);

/**
 * The records page's export (issue 38): the attendance log for accreditation, per guest and scope
 * (entries, exits, times, stations, minutes present) and every entry and exit, with the page's
 * filters, dates in TIME_ZONE, phones as the guest export writes them; refused without the guest
 * export's permission, and audited. Read back with exceljs, a reader independent of our writer.
 */
describe(`attendance records export (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let org: number;
  let meeting: MeetingFixture;
  let session: number;
  let nine: number;
  const codes: string[] = [];

  const scanAt = async (
    code: string,
    type: 'in' | 'out',
    at: number,
    station: string,
    scheduleId?: number,
  ) => {
    ctx.advance(at - ctx.now());
    // Access tokens are short-lived and the clock moves by the hour.
    admin = adminApi(ctx, (await ctx.login()).access_token);
    const res = await admin('POST', '/api/attendance/scans', {
      meeting_id: meeting.id,
      schedule_id: scheduleId ?? null,
      guest_code: code,
      direction: type,
      station,
      nonce: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.result, res.body).toBe('success');
  };
  const exportFile = async (query: string, lang = 'en', api = admin) => {
    const res = await api(
      'GET',
      `/api/attendance/records/export?meeting_id=${meeting.id}${query}`,
      undefined,
      lang,
    );
    return res;
  };
  const sheets = async (query: string, lang = 'en') => {
    const res = await exportFile(query, lang);
    expect(res.statusCode, res.body).toBe(200);
    const book = await readWorkbook(res.rawPayload);
    return { res, summary: sheetValues(book.worksheets[0]!), log: sheetValues(book.worksheets[1]!) };
  };

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    nine = localDayTime(ctx.now(), 1) + 9 * 60 * MINUTE;
    ctx.advance(nine - 60 * MINUTE - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    org = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, org, { name: 'Accredited congress' });
    session = await createSchedule(ctx.db, meeting.id, 0, 'Workshop');
    for (let n = 0; n < 3; n += 1) codes.push(await signUpGuest(ctx, meeting.publicId, generalBody(n), n));
    // Guest 0: in the hall 09:00–10:30, in the workshop 09:30–10:00. Guest 1: in at Gate B 09:10,
    // out at Gate A 09:40. Guest 2 never comes.
    await scanAt(codes[0]!, 'in', nine, 'Gate A');
    await scanAt(codes[1]!, 'in', nine + 10 * MINUTE, 'Gate B');
    await scanAt(codes[0]!, 'in', nine + 30 * MINUTE, 'Workshop door', session);
    await scanAt(codes[1]!, 'out', nine + 40 * MINUTE, 'Gate A');
    await scanAt(codes[0]!, 'out', nine + 60 * MINUTE, 'Workshop door', session);
    await scanAt(codes[0]!, 'out', nine + 90 * MINUTE, 'Gate A');
    ctx.advance(nine + 120 * MINUTE - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(() => ctx.close());

  it('writes per guest and scope, and every entry and exit, with local times and formatted phones', async () => {
    const { res, summary, log } = await sheets('');
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      'Test meeting-attendance-',
    );
    expect(summary).toEqual([
      [
        'Guest',
        'Guest code',
        'Phone',
        'Session',
        'Entries',
        'Exits',
        'First entry',
        'Last exit',
        'Stations',
        'Minutes present',
      ],
      [
        'Guest 0',
        codes[0],
        '+853 6600 0000',
        'Whole meeting',
        1,
        1,
        local(nine),
        local(nine + 90 * MINUTE),
        'Gate A',
        90,
      ],
      [
        'Guest 0',
        codes[0],
        '+853 6600 0000',
        'Workshop',
        1,
        1,
        local(nine + 30 * MINUTE),
        local(nine + 60 * MINUTE),
        'Workshop door',
        30,
      ],
      [
        'Guest 1',
        codes[1],
        '+853 6600 0001',
        'Whole meeting',
        1,
        1,
        local(nine + 10 * MINUTE),
        local(nine + 40 * MINUTE),
        'Gate B, Gate A',
        30,
      ],
    ]);
    expect(log[0]).toEqual([
      'Time',
      'Guest',
      'Guest code',
      'Phone',
      'Session',
      'Type',
      'Station',
      'Operator',
    ]);
    expect(log.slice(1).map((row) => [row[0], row[1], row[4], row[5], row[6]])).toEqual([
      [local(nine + 90 * MINUTE), 'Guest 0', 'Whole meeting', 'Exit', 'Gate A'],
      [local(nine + 60 * MINUTE), 'Guest 0', 'Workshop', 'Exit', 'Workshop door'],
      [local(nine + 40 * MINUTE), 'Guest 1', 'Whole meeting', 'Exit', 'Gate A'],
      [local(nine + 30 * MINUTE), 'Guest 0', 'Workshop', 'Entry', 'Workshop door'],
      [local(nine + 10 * MINUTE), 'Guest 1', 'Whole meeting', 'Entry', 'Gate B'],
      [local(nine), 'Guest 0', 'Whole meeting', 'Entry', 'Gate A'],
    ]);
    expect(local(nine)).toMatch(/ 09:00:00$/);
  });

  it("honours the records page's filters: session, station, type", async () => {
    const workshop = await sheets(`&schedule_id=${session}`);
    expect(workshop.summary.slice(1).map((r) => [r[0], r[3], r[9]])).toEqual([['Guest 0', 'Workshop', 30]]);
    expect(workshop.log).toHaveLength(3);

    // Gate B saw Guest 1 come in: the summary keeps that guest's whole stay, the log only Gate B's record.
    const gateB = await sheets('&station=gate%20b');
    expect(gateB.summary.slice(1).map((r) => [r[0], r[4], r[5], r[9]])).toEqual([['Guest 1', 1, 1, 30]]);
    expect(gateB.log.slice(1).map((r) => [r[1], r[5], r[6]])).toEqual([['Guest 1', 'Entry', 'Gate B']]);

    const exits = await sheets('&type=out');
    expect(exits.log.slice(1).every((r) => r[5] === 'Exit')).toBe(true);
    expect(exits.log).toHaveLength(4);
  });

  it('speaks the request language', async () => {
    const { summary, log } = await sheets('', 'zh-tw');
    expect(summary[0]).toEqual([
      '嘉賓',
      '嘉賓碼',
      '手機號碼',
      '場次',
      '入場次數',
      '離場次數',
      '首次入場',
      '最後離場',
      '入口站',
      '出席分鐘',
    ]);
    expect(summary[1]![3]).toBe('整個會議');
    expect(log[1]![5]).toBe('離場');
  });

  it('is refused without the guest export permission, and audited when given', async () => {
    const staff = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', org));
    expect((await staff('GET', `/api/attendance/records?meeting_id=${meeting.id}`)).statusCode).toBe(200);
    expect((await exportFile('', 'en', staff)).statusCode).toBe(403);

    await exportFile('&station=gate%20b');
    const entry = await ctx.db
      .selectFrom('system_logs')
      .select(['content', 'username', 'action_type'])
      .where('action_type', '=', 'export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ username: 'admin' });
    expect(entry.content).toContain(`Exported the attendance records of meeting #${meeting.id}`);
    expect(entry.content).toContain(': 2 rows');
  });

  it('keeps to one local day, and to from/to with both bounds included', async () => {
    const today = localDate(nine, ZONE);
    const day = await sheets(`&day=${today}`);
    expect(day.log).toHaveLength(7);
    expect(day.summary).toHaveLength(4);
    const dayBefore = await sheets(`&day=${localDate(nine - 24 * 60 * MINUTE, ZONE)}`);
    expect(dayBefore.log).toHaveLength(1);
    expect(dayBefore.summary).toHaveLength(1);

    // 09:10 to 09:40: Guest 1's entry and exit, Guest 0's workshop entry; the bounds are records.
    const window = await sheets(`&from=${nine + 10 * MINUTE}&to=${nine + 40 * MINUTE}`);
    expect(window.log.slice(1).map((r) => [r[0], r[1], r[4], r[5]])).toEqual([
      [local(nine + 40 * MINUTE), 'Guest 1', 'Whole meeting', 'Exit'],
      [local(nine + 30 * MINUTE), 'Guest 0', 'Workshop', 'Entry'],
      [local(nine + 10 * MINUTE), 'Guest 1', 'Whole meeting', 'Entry'],
    ]);
    expect(window.summary.slice(1).map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      ['Guest 0', 'Workshop', 1, 0],
      ['Guest 1', 'Whole meeting', 1, 1],
    ]);
    // The day and the window combine: the narrower wins.
    const both = await sheets(`&day=${today}&from=${nine + 85 * MINUTE}`);
    expect(both.log.slice(1).map((r) => r[0])).toEqual([local(nine + 90 * MINUTE)]);
  });

  it("keeps to the guests of one status (the meeting's, all-time)", async () => {
    // Guest 2 comes in and stays: the only one inside; the other two have left.
    await scanAt(codes[2]!, 'in', nine + 130 * MINUTE, 'Gate C');
    const inside = await sheets('&status=checked_in');
    expect(inside.log.slice(1).map((r) => [r[1], r[5], r[6]])).toEqual([['Guest 2', 'Entry', 'Gate C']]);
    expect(inside.summary.slice(1).map((r) => [r[0], r[4], r[5]])).toEqual([['Guest 2', 1, 0]]);
    const left = await sheets('&status=left');
    expect(new Set(left.log.slice(1).map((r) => r[1]))).toEqual(new Set(['Guest 0', 'Guest 1']));
    expect(left.log).toHaveLength(7);
  });

  it("leaves an erased guest's code and phone blank, not their placeholders", async () => {
    const guest = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('guest_code', '=', codes[2]!)
      .executeTakeFirstOrThrow();
    const withdrawn = await admin('POST', `/api/guests/${guest.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const { summary, log } = await sheets('&station=gate%20c');
    // An erased guest's name is blank too; the record and its time stay for the figures.
    expect(summary.slice(1).map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      [undefined, undefined, undefined, 1],
    ]);
    expect(log.slice(1).map((r) => [r[1], r[2], r[3], r[5]])).toEqual([
      [undefined, undefined, undefined, 'Entry'],
    ]);
    const all = await sheets('');
    for (const row of [...all.summary, ...all.log]) expect(row.join(' ')).not.toContain('erased');
  });

  it('declares the XLSX media type and both permissions in the API description', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const { responses } = doc.paths['/api/attendance/records/export'].get;
    // Both permissions it needs are named where a client reads why it was refused.
    expect(responses['403'].description).toContain('records:view, guest:export');
    const content = responses['200'].content;
    expect(Object.keys(content)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });
});

/**
 * More records than one keyset batch (EXPORT_BATCH_ROWS): the per-guest sheet reads by guest, scope,
 * time and id, and a guest's log in one scope may straddle two batches; it must still be one row.
 */
describe(`attendance records export across batches (${TEST_DB})`, () => {
  const ROUNDS = 30; // 2 guests × 2 scopes × 30 = 120 records: the last group spans rows 91–120
  let ctx: TestContext;
  let meeting: MeetingFixture;
  let session: number;
  let start: number;
  const codes: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    start = localDayTime(ctx.now(), 1) + 9 * 60 * MINUTE;
    ctx.advance(start - ctx.now());
    const org = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, org, { name: 'Long congress' });
    session = await createSchedule(ctx.db, meeting.id, 0, 'Workshop');
    for (let n = 0; n < 2; n += 1) codes.push(await signUpGuest(ctx, meeting.publicId, generalBody(n), n));
    // Every two minutes each guest goes in (even rounds) or out (odd) of the hall and the workshop,
    // so the four logs interleave in time: 15 stays of 2 minutes each.
    for (let round = 0; round < ROUNDS; round += 1) {
      ctx.advance(start + round * 2 * MINUTE - ctx.now());
      const api = adminApi(ctx, (await ctx.login()).access_token);
      for (const code of codes) {
        for (const scheduleId of [null, session]) {
          const res = await api('POST', '/api/attendance/scans', {
            meeting_id: meeting.id,
            schedule_id: scheduleId,
            guest_code: code,
            direction: round % 2 === 0 ? 'in' : 'out',
            station: scheduleId ? 'Workshop door' : 'Gate A',
            nonce: randomUUID(),
          });
          expect(res.json().data.result, res.body).toBe('success');
        }
      }
    }
  });
  afterAll(() => ctx.close());

  it('writes each guest and scope once, counted over both batches, and every record once', async () => {
    const api = adminApi(ctx, (await ctx.login()).access_token);
    const res = await api('GET', `/api/attendance/records/export?meeting_id=${meeting.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = await readWorkbook(res.rawPayload);
    const summary = sheetValues(book.worksheets[0]!);
    const log = sheetValues(book.worksheets[1]!);
    const last = local(start + (ROUNDS - 1) * 2 * MINUTE);
    expect(summary.slice(1).map((r) => [r[0], r[3], r[4], r[5], r[6], r[7], r[9]])).toEqual([
      ['Guest 0', 'Whole meeting', 15, 15, local(start), last, 30],
      ['Guest 0', 'Workshop', 15, 15, local(start), last, 30],
      ['Guest 1', 'Whole meeting', 15, 15, local(start), last, 30],
      ['Guest 1', 'Workshop', 15, 15, local(start), last, 30],
    ]);
    const records = log.slice(1);
    expect(records).toHaveLength(4 * ROUNDS);
    expect(new Set(records.map((r) => [r[0], r[1], r[4], r[5]].join('|'))).size).toBe(4 * ROUNDS);
    const times = records.map((r) => String(r[0]));
    expect(times).toEqual([...times].sort().reverse());
  });
});
