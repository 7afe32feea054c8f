import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineSyncAnswer } from '@meetflow/shared/schemas/offline-door';
import { localDayTime } from '../src/lib/local-time.ts';
import { adminApi, signUpGuest, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  type MeetingFixture,
} from './registration-fixtures.ts';

const MINUTE = 60_000;
/** More than the scans the server judges in one transaction (50): the upload spans two. */
const ROUNDS = 14;

interface Guests {
  codes: string[];
  ids: number[];
}

/**
 * An upload is judged a part at a time, each part in one transaction with its nonces and guests
 * read in one query (decision 0115): the answers and what is written must be those of the same
 * scans sent one by one — duplicate nonces within a part and across parts, an unknown code, a
 * guest named by id, entries and exits of one guest in one part — and an upload sent twice at once
 * must still record every scan once.
 */
describe(`offline door: uploads judged in parts (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let guestNo = 0;

  const upload = async (station: string, scans: object[]) => {
    const res = await admin('POST', '/api/attendance/offline-scans', {
      meeting_id: meeting.id,
      schedule_id: null,
      station,
      scans,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OfflineSyncAnswer;
  };

  const signUp = async (count: number): Promise<Guests> => {
    const codes: string[] = [];
    for (let i = 0; i < count; i += 1, guestNo += 1)
      codes.push(await signUpGuest(ctx, meeting.publicId, generalBody(guestNo), guestNo));
    const rows = await ctx.db
      .selectFrom('guests')
      .select(['id', 'guest_code'])
      .where('guest_code', 'in', codes)
      .execute();
    return { codes, ids: codes.map((code) => Number(rows.find((r) => r.guest_code === code)!.id)) };
  };

  /** Each guest in and out in turn, a minute apart; the fourth named by id, as a kiosk does. */
  const queue = (guests: Guests, t0: number) => {
    const base = Array.from({ length: 4 * ROUNDS }, (_, k) => {
      const type = Math.floor(k / 4) % 2 === 0 ? 'in' : 'out';
      const who = k % 4 === 3 ? { guest_id: guests.ids[3] } : { guest_code: guests.codes[k % 4] };
      return {
        nonce: randomUUID(),
        ...who,
        guest_name: 'as shown',
        direction: type,
        type,
        at: t0 + k * MINUTE,
      };
    });
    const notInside = {
      nonce: randomUUID(),
      guest_code: guests.codes[2],
      guest_name: 'as shown',
      direction: 'out',
      type: 'out',
      at: t0 + 6 * MINUTE + 30_000,
    };
    const unknown = {
      ...notInside,
      nonce: randomUUID(),
      guest_code: `nobody-${randomUUID()}`,
      direction: 'in',
      type: 'in',
    };
    // Duplicates: base[5] within the first part; notInside, unknown and base[1] in the second.
    return [
      ...base.slice(0, 7),
      notInside,
      ...base.slice(7, 12),
      base[5]!,
      ...base.slice(12, 20),
      unknown,
      ...base.slice(20),
      notInside,
      unknown,
      base[1]!,
    ];
  };

  /** What the scan log holds of these guests and the conflicts of this station (guests by their place). */
  const written = async (guests: Guests, station: string) => {
    const log = await ctx.db
      .selectFrom('check_ins')
      .select(['guest_id', 'type', 'created_at'])
      .where('guest_id', 'in', guests.ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const conflicts = await ctx.db
      .selectFrom('scan_conflicts')
      .select(['guest_id', 'type', 'reason', 'scanned_at'])
      .where('station', '=', station)
      .orderBy('id')
      .execute();
    const who = (id: number | null) => (id === null ? null : guests.ids.indexOf(Number(id)));
    return {
      log: log.map((r) => ({ guest: who(r.guest_id), type: r.type, at: Number(r.created_at) })),
      conflicts: conflicts.map((c) => ({
        ...c,
        guest_id: who(c.guest_id),
        scanned_at: Number(c.scanned_at),
      })),
    };
  };

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau' });
    // 10:00 in Macao on a coming day: the queue's two hours stay within one day.
    ctx.advance(localDayTime(ctx.now(), 1) + 10 * 60 * MINUTE - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), { name: 'Parted congress' });
  });
  afterAll(() => ctx.close());

  it('answers and writes what the same scans sent one by one do', async () => {
    const t0 = ctx.now() - 2 * 60 * MINUTE;
    const batched = await signUp(4);
    const single = await signUp(4);
    const whole = await upload('Batched', queue(batched, t0));
    const oneByOne = [];
    for (const scan of queue(single, t0)) oneByOne.push(await upload('One by one', [scan]));

    const verdicts = (results: OfflineSyncAnswer['results']) => results.map((r) => [r.outcome, r.reason]);
    expect(verdicts(whole.results)).toEqual(verdicts(oneByOne.map((a) => a.results[0]!)));
    expect(whole.results.filter((r) => r.outcome === 'conflict').map((r) => r.reason)).toEqual([
      'not_inside',
      'unknown_guest',
      'not_inside',
      'unknown_guest',
    ]);
    expect({ recorded: whole.recorded, conflicts: whole.conflicts }).toEqual({
      recorded: oneByOne.reduce((n, a) => n + a.recorded, 0),
      conflicts: oneByOne.reduce((n, a) => n + a.conflicts, 0),
    });
    const ours = await written(batched, 'Batched');
    expect(ours).toEqual(await written(single, 'One by one'));
    expect(ours.log).toHaveLength(4 * ROUNDS);
    expect(ours.conflicts).toHaveLength(2);
  });

  it('records every scan once when an upload of several parts is sent twice at once', async () => {
    const guests = await signUp(4);
    const scans = queue(guests, ctx.now() - 2 * 60 * MINUTE);
    const [first, second] = await Promise.all([upload('Twice', scans), upload('Twice', scans)]);
    expect(second.results).toEqual(first.results);
    expect({ recorded: second.recorded, conflicts: second.conflicts }).toEqual({
      recorded: first.recorded,
      conflicts: first.conflicts,
    });
    const kept = await written(guests, 'Twice');
    expect(kept.log).toHaveLength(4 * ROUNDS);
    expect(kept.conflicts).toHaveLength(2);
    // And a retry with the very same nonces: every answer as the first time, nothing written.
    expect(await upload('Twice', scans)).toEqual(first);
    expect(await written(guests, 'Twice')).toEqual(kept);
  });

  it('records each scan once when two stations upload the same guests in opposite orders at once', async () => {
    // On PostgreSQL the two parts lock the guests' rows in opposite orders and often deadlock: the
    // database ends one transaction and its part is judged again scan by scan. Three rounds, so
    // that a round without a deadlock rarely leaves the path untried.
    for (let round = 0; round < 3; round += 1) {
      const guests = await signUp(8);
      const t0 = ctx.now() - 2 * 60 * MINUTE;
      const entries = (order: number[], minute: number) =>
        order.map((g, k) => ({
          nonce: randomUUID(),
          guest_code: guests.codes[g],
          guest_name: 'as shown',
          direction: 'in',
          type: 'in',
          at: t0 + (minute + k) * MINUTE,
        }));
      const forward = [0, 1, 2, 3, 4, 5, 6, 7];
      const backward = [...forward].reverse();
      const [east, west] = [`East ${round}`, `West ${round}`];
      const eastScans = [...entries(forward, 0), ...entries(forward, 20)];
      const westScans = [...entries(backward, 10), ...entries(backward, 30)];
      const [a, b] = await Promise.all([upload(east, eastScans), upload(west, westScans)]);

      // Every scan answered once: an entry of a guest already inside is a conflict, never lost.
      expect(a.results).toHaveLength(eastScans.length);
      expect(b.results).toHaveLength(westScans.length);
      expect(a.recorded + a.conflicts).toBe(eastScans.length);
      expect(b.recorded + b.conflicts).toBe(westScans.length);
      const kept = await written(guests, east);
      expect(kept.log).toHaveLength(a.recorded + b.recorded);
      expect(kept.conflicts).toHaveLength(a.conflicts);
      expect((await written(guests, west)).conflicts).toHaveLength(b.conflicts);
      // The same uploads again: answered as the first time, nothing more written.
      expect(await upload(east, eastScans)).toEqual(a);
      expect(await upload(west, westScans)).toEqual(b);
      expect((await written(guests, east)).log).toHaveLength(a.recorded + b.recorded);
    }
  });
});
