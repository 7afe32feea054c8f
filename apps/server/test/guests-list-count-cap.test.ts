import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGuest } from '@meetflow/shared/schemas/guests';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { adminApi, readWorkbook, scan, sheetValues, signUpGuest, type Api } from './guest-fixtures.ts';
import { indexGuests } from '../src/modules/guests/guest-search.ts';
import { createMeeting, createOrganization, generalBody, macaoPhone } from './registration-fixtures.ts';

/*
 * The guest list with its count capped low (GUEST_COUNT_CAP=3, 10,000 in production): a keyword that
 * matches most guests answers a capped total and walks the meeting's guests in the list's order
 * (guests.repository.ts), and every order still pages through each match once.
 */
const CAP = 3;
const PEOPLE = ['Mia', 'Ann', 'Zoe', 'Bea', 'Kim', 'Lea', 'Eva', 'Ivy', 'Uma'];
/** Two of them work at Kiang Wu Hospital (a narrow keyword), the others at Conde Hospital (a broad one). */
const atKiangWu = (name: string) => name === 'Ann' || name === 'Lea';

describe(`guest list: capped count for a broad keyword (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let organizationId: number;
  let meetingId: number;
  const codes: Record<string, string> = {};

  const list = async (query: string) => {
    const res = await admin('GET', `/api/meetings/${meetingId}/guests${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      items: AdminGuest[];
      total: number;
      total_capped: boolean;
      page: number;
      page_size: number;
    };
  };
  /** Every page of a list, two guests a page, until a short one. */
  const allPages = async (query: string) => {
    const names: string[] = [];
    for (let page = 1; page < 20; page++) {
      const { items } = await list(`?page_size=2&page=${page}${query}`);
      names.push(...items.map((g) => g.name));
      if (items.length < 2) return names;
    }
    throw new Error('the pages never ended');
  };

  beforeAll(async () => {
    ctx = await createTestContext({ GUEST_COUNT_CAP: String(CAP) });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    organizationId = await createOrganization(ctx.db);
    const meeting = await createMeeting(ctx.db, organizationId, { name: 'Capped' });
    meetingId = meeting.id;
    // Every guest works at a hospital; sign-ups a minute apart, names out of sign-up order.
    for (const [n, name] of PEOPLE.entries()) {
      codes[name] = await signUpGuest(
        ctx,
        meeting.publicId,
        generalBody(n + 1, { name, institution: atKiangWu(name) ? 'Kiang Wu Hospital' : 'Conde Hospital' }),
        n + 1,
      );
      ctx.advance(60_000);
    }
    // Another meeting's hospital guests never show up.
    const other = await createMeeting(ctx.db, organizationId, { name: 'Other' });
    await signUpGuest(ctx, other.publicId, generalBody(20, { name: 'Outsider' }), 20);
    // Two are inside (Ann entered last), and one is deleted: eight live guests.
    await scan(admin, meetingId, codes.Zoe!, 'in');
    ctx.advance(1_000);
    await scan(admin, meetingId, codes.Ann!, 'in');
    const uma = (await list('?keyword=uma')).items[0]!;
    expect((await admin('DELETE', `/api/guests/${uma.id}`)).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('answers a capped total for a keyword that matches more guests than the cap', async () => {
    const first = await list('?keyword=hospital&page_size=2');
    expect(first).toMatchObject({ total: CAP, total_capped: true, page: 1, page_size: 2 });
    expect(first.items.map((g) => g.name)).toEqual(['Ivy', 'Eva']);
    // Counted exactly when it is cheap: a narrow keyword, and the unfiltered list.
    expect(await list('?keyword=kiang')).toMatchObject({ total: 2, total_capped: false });
    expect(await list('?keyword=lea')).toMatchObject({ total: 1, total_capped: false });
    expect(await list('?keyword=conde')).toMatchObject({ total: CAP, total_capped: true });
    expect(await list('?keyword=hospital&status=checked_in')).toMatchObject({
      total: 2,
      total_capped: false,
    });
    expect(await list('?keyword=hospital&status=not_checked_in')).toMatchObject({
      total: CAP,
      total_capped: true,
    });
    expect(await list('')).toMatchObject({ total: 8, total_capped: false });
  });

  it('pages through every match once in every order, as the unfiltered list does', async () => {
    for (const order of [
      '&sort_by=created_at&sort_order=desc',
      '&sort_by=created_at&sort_order=asc',
      '&sort_by=name&sort_order=asc',
      '&sort_by=name&sort_order=desc',
      '&sort_by=last_in_at&sort_order=desc',
      '&sort_by=last_in_at&sort_order=asc',
    ]) {
      const everyone = await allPages(order);
      expect(everyone, order).toHaveLength(8);
      expect(await allPages(`${order}&keyword=hospital`), order).toEqual(everyone);
      expect(await allPages(`${order}&keyword=conde`), order).toEqual(
        everyone.filter((name) => !atKiangWu(name)),
      );
      expect(await allPages(`${order}&keyword=kiang`), order).toEqual(everyone.filter(atKiangWu));
    }
    expect(await allPages('&sort_by=name&sort_order=asc&keyword=hospital')).toEqual(
      PEOPLE.filter((name) => name !== 'Uma').sort(),
    );
    expect(await allPages('&sort_by=last_in_at&sort_order=desc&keyword=hospital')).toEqual([
      'Ann',
      'Zoe',
      'Ivy',
      'Eva',
      'Lea',
      'Kim',
      'Bea',
      'Mia',
    ]);
  });

  it('pages and exports a broad keyword across keyset batches and ties, as the unfiltered list', async () => {
    const big = await createMeeting(ctx.db, organizationId, { name: 'Batches' });
    // 230 hospital guests (more than two export batches) with few distinct names and sign-up times.
    const guests = await ctx.db
      .insertInto('guests')
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          meeting_id: big.id,
          guest_code: `batch-${String(i).padStart(3, '0')}`,
          token_hash: `batch-${i}`,
          area_code: '853',
          phone: `+853${macaoPhone(1000 + i)}`,
          email: `batch${i}@example.com`,
          name: `Guest ${i % 7}`,
          institution: 'Hospital',
          created_at: 1_000 * (i % 5),
        })),
      )
      .returningAll()
      .execute();
    await indexGuests(ctx.db, guests);
    await ctx.db.updateTable('meetings').set({ registered_count: 230 }).where('id', '=', big.id).execute();
    for (const order of [
      '',
      '&sort_by=created_at&sort_order=asc',
      '&sort_by=name&sort_order=asc',
      '&sort_by=name&sort_order=desc',
    ]) {
      const pages = async (query: string) => {
        const codes: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const res = await admin(
            'GET',
            `/api/meetings/${big.id}/guests?page_size=100&page=${page}${order}${query}`,
          );
          codes.push(...(res.json().data.items as AdminGuest[]).map((g) => g.guest_code));
        }
        return codes;
      };
      const everyone = await pages('');
      expect(everyone, order).toHaveLength(230);
      expect(await pages('&keyword=hospital'), order).toEqual(everyone);
      const res = await admin('GET', `/api/meetings/${big.id}/guests/export?keyword=hospital${order}`);
      const exported = sheetValues((await readWorkbook(res.rawPayload)).worksheets[0]!)
        .slice(1)
        .map((row) => row[0]);
      expect(exported, order).toEqual(everyone);
    }
  });

  it('exports every match of a broad keyword, in the order on screen', async () => {
    const res = await admin('GET', `/api/meetings/${meetingId}/guests/export?keyword=hospital&sort_by=name`);
    expect(res.statusCode).toBe(200);
    const rows = sheetValues((await readWorkbook(res.rawPayload)).worksheets[0]!);
    const nameColumn = rows[0]!.indexOf('Name');
    expect(rows.slice(1).map((row) => row[nameColumn])).toEqual(await allPages('&sort_by=name'));
  });
});
