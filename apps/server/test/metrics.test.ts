import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, scanner, signUpGuest, toNextMorning, type Guest } from './attendance-fixtures.ts';
import { loadConfig } from '../src/config.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';

/** The value of one series in Prometheus text (0 when absent): `name{a="x",b="y"} 12`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe(`operator metrics (${TEST_DB})`, () => {
  let ctx: TestContext;
  let door: string;
  let admin: string;
  let meeting: { id: number; publicId: string };
  let guest: Guest;

  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0' });
    toNextMorning(ctx);
    admin = (await ctx.login()).access_token;
    const org = await createOrganization(ctx.db);
    door = await addUser(ctx, admin, 'metrics_door', 'door_staff', org);
    meeting = await createMeeting(ctx.db, org, { name: 'Metrics meeting' });
    guest = await signUpGuest(ctx, meeting.publicId, generalBody(1), 1);
  });
  afterAll(() => ctx.close());

  const scrape = (headers: Record<string, string> = bearer(TOKEN), remoteAddress = '10.9.0.1') =>
    ctx.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
  const series = async () => {
    const res = await scrape();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a scrape without the token or with a wrong one, in the envelope', async () => {
    const none = await scrape({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 40100, data: null });
    const wrong = await scrape(bearer(`${TOKEN}x`));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 40100, data: null });
  });

  it('counts sign-ups, refusals and scans by exactly what happened', async () => {
    const before = await series();
    const accepted = await signUpGuest(ctx, meeting.publicId, generalBody(2), 2);
    const again = await signUp(ctx, meeting.publicId, generalBody(2), 3);
    expect(again.json().code).not.toBe(0);
    const scan = scanner(ctx);
    expect(
      (await scan(door, { meeting_id: meeting.id, guest_code: accepted.code, direction: 'in' })).statusCode,
    ).toBe(200);
    const unknown = await scan(door, { meeting_id: meeting.id, guest_code: 'ZZZZZZZZ', direction: 'in' });
    expect(unknown.json().data.result).toBe('refused');
    const after = await series();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('meetflow_signups_total', { outcome: 'seated' })).toBe(1);
    expect(moved('meetflow_refusals_total', { action: 'sign_up', code: 'ALREADY_SIGNED_UP' })).toBe(1);
    expect(moved('meetflow_door_scans_total', { result: 'success' })).toBe(1);
    expect(moved('meetflow_door_scans_total', { result: 'refused' })).toBe(1);
    expect(moved('meetflow_refusals_total', { action: 'scan', code: 'SCAN_UNKNOWN_CODE' })).toBe(1);
  });

  it('counts the scans an offline station uploads, recorded and kept apart', async () => {
    const before = await series();
    const offline = (code: string) => ({
      ...{ nonce: randomUUID(), guest_code: code, guest_name: 'as shown', direction: 'in', type: 'in' },
      at: ctx.now() - 60_000,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/attendance/offline-scans',
      headers: bearer(door),
      payload: {
        meeting_id: meeting.id,
        station: 'Metrics offline',
        scans: [offline(guest.code), offline('ZZZZZZZZ')],
      },
    });
    expect(res.json().data).toMatchObject({ recorded: 1, conflicts: 1 });
    const after = await series();
    const moved = (outcome: string) =>
      sample(after, 'meetflow_door_offline_scans_total', { outcome }) -
      sample(before, 'meetflow_door_offline_scans_total', { outcome });
    expect(moved('recorded')).toBe(1);
    expect(moved('conflict')).toBe(1);
  });

  it('shows a queued job as depth 1 with an age that follows the clock', async () => {
    await ctx.app.platform.jobs.enqueue(ctx.db, { kind: 'metrics.test', key: 'metrics-test-1' });
    const first = await series();
    expect(sample(first, 'meetflow_job_queue_depth', { kind: 'metrics.test' })).toBe(1);
    expect(sample(first, 'meetflow_job_queue_oldest_age_seconds', { kind: 'metrics.test' })).toBe(0);
    ctx.advance(90_000);
    const later = await series();
    expect(sample(later, 'meetflow_job_queue_oldest_age_seconds', { kind: 'metrics.test' })).toBe(90);
    expect(sample(later, 'meetflow_db_info', { kind: TEST_DB })).toBe(1);
    expect(sample(later, 'meetflow_scrape_error', { source: 'jobs' })).toBe(0);
    if (TEST_DB === 'postgres')
      expect(sample(later, 'meetflow_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(later).toMatch(/^meetflow_nodejs_eventloop_lag_p99_seconds /m);
  });

  it('labels request times by route pattern, never by the URL, and holds no personal data', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/meetings/${meeting.id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/no-such/${guest.code}` })).statusCode).toBe(404);
    const text = await series();
    const labels = { method: 'GET', route: '/api/meetings/:id', status_class: '2xx' };
    expect(sample(text, 'meetflow_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'meetflow_http_request_duration_seconds_count', {
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    for (const personal of [
      guest.code,
      guest.email,
      guest.phone,
      'Guest 1',
      meeting.publicId,
      `/api/meetings/${meeting.id}`,
    ]) {
      expect(text).not.toContain(personal);
    }
  });

  it('answers the other series and an error gauge when a source cannot be read', async () => {
    await sql`alter table webhook_deliveries rename to webhook_deliveries_away`.execute(ctx.db);
    try {
      const text = await series();
      expect(sample(text, 'meetflow_scrape_error', { source: 'webhooks' })).toBe(1);
      expect(sample(text, 'meetflow_scrape_error', { source: 'jobs' })).toBe(0);
      expect(sample(text, 'meetflow_job_queue_depth', { kind: 'metrics.test' })).toBe(1);
      expect(text).toMatch(/^meetflow_webhook_deliveries_backlog NaN$/im);
    } finally {
      await sql`alter table webhook_deliveries_away rename to webhook_deliveries`.execute(ctx.db);
    }
    expect(sample(await series(), 'meetflow_scrape_error', { source: 'webhooks' })).toBe(0);
  });

  it('serves the series on METRICS_PORT too, asking for the token there', async () => {
    const port = ctx.app.metricsPort();
    expect(port).toBeGreaterThan(0);
    const url = `http://127.0.0.1:${port}/metrics`;
    const ok = await fetch(url, { headers: bearer(TOKEN) });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/^meetflow_signups_total\{outcome="seated"\} \d+$/m);
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 40100, data: null });
    const elsewhere = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: bearer(TOKEN) });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ code: 40400, data: null });
  });

  it('refuses to start a second instance on a METRICS_PORT already taken', async () => {
    const second = await createTestContext({ METRICS_PORT: String(ctx.app.metricsPort()) });
    try {
      await expect(second.app.ready()).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await second.close();
    }
  });

  it('rate-limits scrapes per client address on the main port', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 61; n += 1) statuses.push((await scrape(bearer('wrong'), '10.9.0.2')).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    const limited = await scrape(bearer(TOKEN), '10.9.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ data: null });
  });
});

describe(`operator metrics switched off (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('refuses a short token and keeps the own port on this host unless told', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN needs at least 32 characters/,
    );
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
    });
  });

  it('answers Not found in the envelope, token or none', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 40400, data: null });
    }
    await ctx.app.ready();
    expect(ctx.app.metricsPort()).toBeUndefined();
  });
});
