import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificatePage } from '@meetflow/shared/schemas/certificates';
import { localDate, localDayBounds } from '../src/lib/local-time.ts';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, macaoPhone } from './registration-fixtures.ts';

const ZONE = 'Asia/Macau';
/** More guests than one write batch of the issue (256), so that batches follow one another. */
const GUESTS = 500;
/** Guest n stays 50 + n % 50 minutes and earns with 60; every fourth never came. */
const minutesOf = (n: number) => (n % 4 === 3 ? 0 : 50 + (n % 50));
const LIVE = [10, 12, 13];
const REVOKED = [14, 16, 17];

interface Issued {
  guest: number;
  code: string;
  minutes: number;
  credits: number;
  sessions: string;
  name_en: string;
  revoked_at: number | null;
}

/**
 * "Issue to all who earned it" writes its certificates, webhook events and audit in batches
 * (issue 46): what it gives must be what issuing guest by guest gives, re-issuing a revoked
 * certificate and leaving a live one as it was, and two runs at once must issue each once.
 */
describe(`issuing certificates in batches (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let orgId: number;
  let day: string;

  const post = async (url: string, body: object) => {
    const res = await admin('POST', url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { done: number; skipped: number };
  };

  /** A meeting two days ago with GUESTS guests, their scans and the rule (60 minutes, 6.5 credits). */
  async function congress(name: string) {
    const meeting = await createMeeting(ctx.db, orgId, { name });
    const { from } = localDayBounds(day, ZONE);
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: from, end_at: from + 10 * 3_600_000 })
      .where('id', '=', meeting.id)
      .execute();
    const ids = (
      await ctx.db
        .insertInto('guests')
        .values(
          Array.from({ length: GUESTS }, (_, n) => ({
            meeting_id: meeting.id,
            guest_code: `${name}-${n}`,
            token_hash: `${name}-${n}`,
            area_code: '853',
            phone: `+853${macaoPhone(n)}`,
            email: `guest${n}@example.com`,
            name: `Guest ${n}`,
            name_en: `Guest ${n}`,
            institution: 'Hospital',
            created_at: from - 86_400_000 + n,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const entry = from + 9 * 3_600_000;
    const scans = ids.flatMap((guest_id, n) =>
      minutesOf(n) === 0
        ? []
        : (['in', 'out'] as const).map((type) => ({
            meeting_id: meeting.id,
            guest_id,
            scope_id: 0,
            type,
            station: 'Gate',
            operator_id: null,
            operator_name: null,
            nonce: randomUUID(),
            created_at: type === 'in' ? entry + n : entry + n + minutesOf(n) * 60_000,
          })),
    );
    for (let i = 0; i < scans.length; i += 200)
      await ctx.db
        .insertInto('check_ins')
        .values(scans.slice(i, i + 200))
        .execute();
    const settings = (await admin('GET', `/api/meetings/${meeting.id}/certificate-settings`)).json().data;
    const saved = await admin('PUT', `/api/meetings/${meeting.id}/certificate-settings`, {
      rule: { min_minutes: 60, meeting_credits: 6.5 },
      template: settings.template,
      guest_download: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { id: meeting.id, ids };
  }

  const certificatesOf = async (meetingId: number, ids: number[]): Promise<Map<number, Issued>> => {
    const rows = await ctx.db
      .selectFrom('certificates')
      .select(['guest_id', 'code', 'minutes', 'credits', 'sessions', 'name_en', 'revoked_at'])
      .where('meeting_id', '=', meetingId)
      .execute();
    return new Map(
      rows.map(({ guest_id, ...row }) => [ids.indexOf(guest_id), { guest: ids.indexOf(guest_id), ...row }]),
    );
  };

  /** The certificate.issued events written to the outbox, in the order written. */
  const eventsOf = async (meetingId: number, ids: number[]) =>
    (
      await ctx.db
        .selectFrom('webhook_deliveries')
        .select(['payload', 'guest_id'])
        .where('meeting_id', '=', meetingId)
        .where('event_type', '=', 'certificate.issued')
        .orderBy('id')
        .execute()
    ).map((row) => {
      const data = (JSON.parse(row.payload) as { data: Record<string, unknown> }).data;
      expect(data.guest_id).toBe(row.guest_id);
      return { ...data, guest: ids.indexOf(row.guest_id!) } as Record<string, unknown> & { guest: number };
    });

  const auditCounts = async (meetingId: number) =>
    (
      await ctx.db
        .selectFrom('system_logs')
        .select('message_params')
        .where('message_key', '=', 'certificates.issued')
        .orderBy('id')
        .execute()
    )
      .map((l) => JSON.parse(l.message_params!) as { meeting_id: number; count: number })
      .filter((p) => p.meeting_id === meetingId)
      .map((p) => p.count);

  /** Live certificates for LIVE, revoked ones for REVOKED: what the issue must keep or renew. */
  async function issueBefore(meeting: { id: number; ids: number[] }) {
    const pick = (ns: number[]) => ns.map((n) => meeting.ids[n]!);
    await post(`/api/meetings/${meeting.id}/certificates/issue`, { guest_ids: pick([...LIVE, ...REVOKED]) });
    await post(`/api/meetings/${meeting.id}/certificates/revoke`, {
      guest_ids: pick(REVOKED),
      reason: 'Test',
    });
  }

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE, WEBHOOK_ALLOW_PRIVATE: 'true' });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgId = await createOrganization(ctx.db);
    day = localDate(ctx.now() - 2 * 86_400_000, ZONE);
    const hook = await admin('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      description: 'CRM',
      event_types: ['certificate.issued'],
      organization_id: orgId,
    });
    expect(hook.statusCode, hook.body).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('issues to the listed guests what issuing them one by one issues', async () => {
    const batch = await congress('batch');
    const single = await congress('single');
    await issueBefore(batch);
    await issueBefore(single);
    const before = await certificatesOf(batch.id, batch.ids);
    const eventsBefore = (await eventsOf(batch.id, batch.ids)).length;

    const batched = await post(`/api/meetings/${batch.id}/certificates/issue`, { guest_ids: batch.ids });
    let done = 0;
    let skipped = 0;
    for (const id of single.ids) {
      const one = await post(`/api/meetings/${single.id}/certificates/issue`, { guest_ids: [id] });
      done += one.done;
      skipped += one.skipped;
    }
    const earned = Array.from({ length: GUESTS }, (_, n) => n).filter((n) => minutesOf(n) >= 60);
    expect(batched).toEqual({
      done: earned.length - LIVE.length,
      skipped: GUESTS - earned.length + LIVE.length,
    });
    expect(batched).toEqual({ done, skipped });
    expect(batched.done).toBeGreaterThan(256);

    // The same certificates, guest for guest; live ones kept, revoked ones under a new code.
    const ours = await certificatesOf(batch.id, batch.ids);
    const theirs = await certificatesOf(single.id, single.ids);
    expect([...ours.keys()].sort((a, b) => a - b)).toEqual(earned);
    const withoutCode = (c: Issued | undefined) => c && { ...c, code: undefined };
    for (const n of earned) {
      expect(withoutCode(ours.get(n)), `guest ${n}`).toEqual(withoutCode(theirs.get(n)));
      expect(ours.get(n)).toMatchObject({ revoked_at: null, credits: 6.5, minutes: minutesOf(n) });
    }
    for (const n of LIVE) expect(ours.get(n)!.code).toBe(before.get(n)!.code);
    for (const n of REVOKED) expect(ours.get(n)!.code).not.toBe(before.get(n)!.code);
    expect(new Set([...ours.values()].map((c) => c.code)).size).toBe(earned.length);

    // One event per certificate issued now, in the guests' order, carrying its code.
    const events = (await eventsOf(batch.id, batch.ids)).slice(eventsBefore);
    const singleEvents = (await eventsOf(single.id, single.ids)).slice(eventsBefore);
    const issuedNow = earned.filter((n) => !LIVE.includes(n));
    expect(events.map((e) => e.guest)).toEqual(issuedNow);
    expect(singleEvents.map((e) => e.guest)).toEqual(issuedNow);
    events.forEach((event, i) => {
      expect(event.code).toBe(ours.get(event.guest)!.code);
      const facts = (e: Record<string, unknown>) => ({
        ...e,
        code: undefined,
        guest_id: undefined,
        meeting_id: undefined,
      });
      expect(facts(event)).toEqual(facts(singleEvents[i]!));
    });

    // The audit: one entry with the count (one by one: one entry per certificate).
    expect((await auditCounts(batch.id)).slice(-1)).toEqual([batched.done]);
    const singleAudit = (await auditCounts(single.id)).slice(1);
    expect(singleAudit.reduce((a, b) => a + b, 0)).toBe(done);
  }, 60_000);

  it('issues each certificate once when "issue to all" runs twice at once', async () => {
    const meeting = await congress('twice');
    const url = `/api/meetings/${meeting.id}/certificates/issue`;
    const [first, second] = await Promise.all([
      post(url, { all_earned: true }),
      post(url, { all_earned: true }),
    ]);
    const earned = Array.from({ length: GUESTS }, (_, n) => n).filter((n) => minutesOf(n) >= 60);
    expect(first.done + second.done).toBe(earned.length);
    const certificates = await certificatesOf(meeting.id, meeting.ids);
    expect([...certificates.keys()].sort((a, b) => a - b)).toEqual(earned);
    const events = await eventsOf(meeting.id, meeting.ids);
    expect(events.map((e) => e.guest).sort((a, b) => a - b)).toEqual(earned);
    for (const event of events) expect(event.code).toBe(certificates.get(event.guest)!.code);
    expect((await auditCounts(meeting.id)).sort()).toEqual(
      [first.done, second.done].filter((n) => n > 0).sort(),
    );
  });
  it("pages the list by state and keyword over every guest's state", async () => {
    const meeting = await congress('list');
    await post(`/api/meetings/${meeting.id}/certificates/issue`, { all_earned: true });
    await post(`/api/meetings/${meeting.id}/certificates/revoke`, {
      guest_ids: REVOKED.map((n) => meeting.ids[n]!),
      reason: 'Test',
    });
    const list = async (query: string) => {
      const res = await admin('GET', `/api/meetings/${meeting.id}/certificates?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as CertificatePage;
      return { ...data, guests: data.items.map((row) => meeting.ids.indexOf(row.guest_id)) };
    };
    const all = Array.from({ length: GUESTS }, (_, n) => n);
    const earned = all.filter((n) => minutesOf(n) >= 60);
    const issued = earned.filter((n) => !REVOKED.includes(n));

    const second = await list('state=issued&page=2&page_size=100');
    expect(second.counts).toEqual({
      guests: GUESTS,
      earned: earned.length,
      issued: issued.length,
      revoked: 3,
    });
    expect(second.total).toBe(issued.length);
    expect(second.guests).toEqual(issued.slice(100, 200));
    expect(second.items[0]).toMatchObject({
      state: 'issued',
      credits: 6.5,
      minutes: minutesOf(issued[100]!),
    });
    expect(second.items[0]!.code).toMatch(/^[0-9A-Z]{24}$/);

    const named = await list('keyword=guest%2012&page_size=20');
    expect(named.guests).toEqual([12, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129]);
    expect(named.total).toBe(11);
    expect((await list('state=revoked&keyword=Guest%201')).guests).toEqual(REVOKED);
    const absent = await list('state=not_earned&page_size=5');
    expect(absent.guests).toEqual(all.filter((n) => minutesOf(n) < 60).slice(0, 5));
    expect(absent.items[0]).toMatchObject({
      earned: false,
      code: null,
      minutes: minutesOf(absent.guests[0]!),
    });
  });
});
