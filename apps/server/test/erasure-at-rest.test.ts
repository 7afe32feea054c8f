import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { saveForm, tri } from './form-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { adminApi } from './guest-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';

const DAY = 86_400_000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Searchable values no other test writes: a random tag in each, phone digits from a random block. */
function someone(n: number) {
  const tag = randomBytes(4).toString('hex');
  return {
    name: `Er${tag}${n}Zq`,
    phone: `66${String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 800_000) + n).padStart(6, '0')}`,
    email: `gone${tag}${n}@erased.example`,
  };
}

/** Waits (polling) until `condition` holds, failing after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every key in Redis (SCAN, as an operator would list them). */
async function redisKeys(redis: Redis): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ count: 1000 }) as AsyncIterable<string[]>) keys.push(...batch);
  return keys;
}

/*
 * Erased means unreadable, not only gone from the live rows (issue 38): after "purge now" the
 * erased values are in neither the SQLite file's pages nor its write-ahead log (secure deletion and
 * a truncating checkpoint), and the rate limits never wrote a phone number into Redis.
 */
describe(`erased personal data at rest (${TEST_DB})`, () => {
  let ctx: TestContext;
  let redis: Redis;
  let admin: string;
  let org: number;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    ctx = await createTestContext({}, { redis });
    org = await createOrganization(ctx.db);
  });
  beforeEach(async () => {
    admin = (await ctx.login()).access_token;
  });
  afterAll(async () => {
    await ctx.close();
    redis.disconnect();
  });

  it('a public look-up by phone leaves no key in Redis that holds the phone number', async () => {
    const meeting = await createMeeting(ctx.db, org, {});
    const person = someone(1);
    // An address of this run alone (Redis outlives test runs).
    const ip = `10.38.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const signed = await signUp(ctx, meeting.publicId, generalBody(1, person), 1);
    expect(signed.statusCode, signed.body).toBe(200);
    const lookup = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${meeting.publicId}/lookup`,
      payload: { area_code: '853', phone: person.phone },
      remoteAddress: ip,
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const keys = await redisKeys(redis);
    // The look-up did count in Redis (its per-phone limit is there, under a keyed hash)…
    expect(keys.filter((k) => k.startsWith('mf_rl_public_lookup_phone')).length).toBeGreaterThan(0);
    // …but no key names the number, nor the address.
    expect(keys.filter((k) => k.includes(person.phone))).toEqual([]);
    expect(keys.filter((k) => k.includes(ip))).toEqual([]);
  });

  it('after purge now, the erased name, phone, e-mail and answers are in neither the database file nor its WAL (SQLite)', async () => {
    const now = ctx.now();
    const name = `Gone ${randomBytes(3).toString('hex')}`;
    const meeting = await createMeeting(ctx.db, org, { name });
    // An answer to the meeting's own field, personal (the default): erased with the rest.
    const field = { key: 'department', type: 'short_text', label: tri('部門', '部门', 'Department') };
    expect((await saveForm(ctx, admin, meeting.id, [field], 0)).statusCode).toBe(200);
    const people = [1, 2, 3].map(someone);
    const answers = people.map(() => `Ans${randomBytes(4).toString('hex')}Zq`);
    for (const [i, person] of people.entries()) {
      const body = generalBody(10 + i, { ...person, answers: { department: answers[i] } });
      const res = await signUp(ctx, meeting.publicId, body, 10 + i);
      expect(res.statusCode, res.body).toBe(200);
    }
    const values = [...people.flatMap((p) => [p.name, p.phone, p.email]), ...answers];
    if (TEST_DB === 'postgres') {
      // PostgreSQL's files are the server's: what holds there is in
      // docs/decisions/0037-postgres-dead-rows-no-vacuum-full.md.
      await ctx.db
        .updateTable('meetings')
        .set({ end_at: now - DAY, start_at: now - 2 * DAY })
        .where('id', '=', meeting.id)
        .execute();
      const done = await adminApi(ctx, admin)('POST', `/api/meetings/${meeting.id}/purge`, {
        confirm: name,
      });
      expect(done.json().data.guests).toBe(3);
      return;
    }
    const file = path.join(ctx.config.dataDir, 'meetflow.sqlite');
    const wal = () => (fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : Buffer.alloc(0));
    const found = (bytes: Buffer) => values.filter((v) => bytes.includes(Buffer.from(v, 'utf8')));
    // Written: every value is on disk before the purge (so the search below can find them), and by a
    // checkpoint from a connection of our own also in the database file's pages, not only in the WAL.
    const own = new DatabaseSync(file);
    own.exec('pragma wal_checkpoint(full)');
    own.close();
    expect(found(fs.readFileSync(file))).toEqual(values);

    await ctx.db
      .updateTable('meetings')
      .set({ end_at: now - DAY, start_at: now - 2 * DAY })
      .where('id', '=', meeting.id)
      .execute();
    const done = await adminApi(ctx, admin)('POST', `/api/meetings/${meeting.id}/purge`, {
      confirm: name,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.guests).toBe(3);
    // The truncation runs just after the answer, in the background: wait for it.
    const atRest = () => ({ file: found(fs.readFileSync(file)), wal: found(wal()) });
    await until(() => atRest().file.length + atRest().wal.length === 0, 15_000).catch(() => undefined);
    expect(atRest()).toEqual({ file: [], wal: [] });
  });

  it('a withdrawal answers at once while a reader holds an older snapshot; the WAL is emptied once it is done (SQLite)', async () => {
    const meeting = await createMeeting(ctx.db, org, {});
    const person = someone(4);
    const signed = await signUp(ctx, meeting.publicId, generalBody(40, person), 40);
    expect(signed.statusCode, signed.body).toBe(200);
    const token = signed.json().data.guest_token as string;
    if (TEST_DB === 'postgres') {
      // No WAL of ours to truncate: the withdrawal simply answers.
      expect((await guestRequest(ctx, token, 'DELETE', '/api/public/guest')).statusCode).toBe(200);
      return;
    }
    const file = path.join(ctx.config.dataDir, 'meetflow.sqlite');
    const walSize = () => (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
    // A reader in the middle of a read transaction (a streamed export, another process).
    const reader = new DatabaseSync(file);
    try {
      reader.exec('begin');
      reader.prepare('select count(*) from guests').get();
      const begin = performance.now();
      const withdrawn = await guestRequest(ctx, token, 'DELETE', '/api/public/guest');
      const took = performance.now() - begin;
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      // The checkpoint's retries take ~6 s while the reader holds on; the answer does not wait for
      // them (well under half of that, however loaded the machine).
      expect(took).toBeLessThan(3000);
      expect(walSize()).toBeGreaterThan(0);
    } finally {
      reader.exec('commit');
      reader.close();
    }
    // Once the reader is done, the truncation in the background finishes.
    await until(() => walSize() === 0, 15_000);
  });

  it('warns at start-up when secure deletion is turned off (SQLite)', async () => {
    const lines: string[] = [];
    const other = await createTestContext(
      { LOG_LEVEL: 'warn', MF_SQLITE_SECURE_DELETE: 'off' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    await other.close();
    const warned = lines.some((line) => line.includes('MF_SQLITE_SECURE_DELETE'));
    expect(warned).toBe(TEST_DB === 'sqlite');
  });
});
