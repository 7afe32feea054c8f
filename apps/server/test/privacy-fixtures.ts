import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { adminApi } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/**
 * Phone numbers of a test file's people, each issued once. They were drawn at random per person, and
 * 1 run in about 230 gave a guest of the purged meeting the number of a guest of another meeting
 * (kept, as it should be): the search then found "the erased phone" still in `guests`.
 */
let nextPhoneBlock = 6_200_000 + randomInt(0, 60_000);

/** Unique, searchable personal values for guest n of a test. */
export function personal(n: number, tag: string) {
  const block = nextPhoneBlock++;
  return {
    name: `Pn${tag}${n}Qx`,
    phone: `${block}`.padStart(8, '6'),
    email: `mail${tag}${n}@pd-${tag}.example`,
    institution: `Inst${tag}${n}Zk`,
    contact_name: `Cn${tag}${n}Wy`,
    contact_number: `Num${tag}${n}`,
    contact_phone: `Ph${tag}${n}`,
    job_title: `Job${tag}${n}Vv`,
  };
}

/** Every value of every row of every table, as text (blobs decoded), for the leak search. */
export async function everyStoredText(db: Db): Promise<{ table: string; text: string }[]> {
  const tables =
    TEST_DB === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows
      : (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table'
            and name not like 'sqlite_%'`.execute(db)
        ).rows;
  expect(tables.length).toBeGreaterThan(30);
  const out: { table: string; text: string }[] = [];
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string') out.push({ table: name, text: value });
        else if (value instanceof Uint8Array)
          out.push({ table: name, text: Buffer.from(value).toString('utf8') });
      }
    }
  }
  return out;
}

/**
 * What both personal-data test files set up: a server whose clock the tests move by months (so a
 * fresh administrator token before each test, `relogin` within one), a mail server, an organisation, and the helpers.
 * `state()` gives the current server, token, organisation and mail server.
 */
export function privacySuite() {
  let ctx: TestContext;
  let admin: string;
  let org: number;
  let smtp: SmtpFixture;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau', SMTP_URL: smtp.url });
    org = await createOrganization(ctx.db);
  });
  /** A fresh administrator token, for `api` after a test has moved the clock by months. */
  async function relogin() {
    admin = (await ctx.login()).access_token;
  }
  beforeEach(relogin);
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
    adminApi(ctx, admin)(method, url, payload, lang);

  async function meetingAt(startAt: number, endAt: number, values: Parameters<typeof createMeeting>[2] = {}) {
    const meeting = await createMeeting(ctx.db, org, values);
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: startAt, end_at: endAt })
      .where('id', '=', meeting.id)
      .execute();
    return meeting;
  }

  async function setPrivacy(meetingId: number, body: object) {
    const res = await api('PUT', `/api/meetings/${meetingId}/privacy`, {
      notice_enabled: true,
      notice: { 'zh-tw': '', 'zh-cn': '', en: '' },
      retention_days: 180,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  async function signUpWith(
    publicId: string,
    n: number,
    values: ReturnType<typeof personal>,
    consent = true,
  ) {
    const res = await signUp(ctx, publicId, generalBody(n, { ...values, consent }), n);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { guest_token: string; guest: { guest_code: string } | null };
  }

  return { state: () => ({ ctx, admin, org, smtp }), relogin, api, meetingAt, setPrivacy, signUpWith };
}
