import { describe, expect, it } from 'vitest';
import { TEST_DB } from './helpers.ts';
import { adminApi, userWithRole, guestListFixture } from './guest-fixtures.ts';
import { generalBody, macaoPhone } from './registration-fixtures.ts';

describe(`guest list, guest admin and export: list and access (${TEST_DB})`, () => {
  const w = guestListFixture();
  const { list, names } = w;

  describe('list', () => {
    it('pages by sign-up time, newest first by default, with the total', async () => {
      const first = await list(w.general.id, '?page_size=2');
      expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
      expect(names(first.items)).toEqual(['=HYPERLINK("x")', 'Bob']);
      const third = await list(w.general.id, '?page_size=2&page=3');
      expect(names(third.items)).toEqual(['Carol']);
      const oldest = await list(w.general.id, '?sort_by=created_at&sort_order=asc&page_size=1');
      expect(names(oldest.items)).toEqual(['Carol']);
    });

    it('answers every field of the guest record in the request language', async () => {
      const { items } = await list(w.general.id, `?keyword=${w.codes.Alice}`);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        meeting_id: w.general.id,
        meeting_type: 'general',
        guest_code: w.codes.Alice,
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
      const byName = await list(w.general.id, '?sort_by=name&sort_order=asc');
      expect(names(byName.items)).toEqual(['=HYPERLINK("x")', 'Alice', 'Bob', 'Carol', 'Eve']);
      const desc = await list(w.general.id, '?sort_by=name&sort_order=desc&page_size=2');
      expect(names(desc.items)).toEqual(['Eve', 'Carol']);
      const byEntry = await list(w.general.id, '?sort_by=last_in_at&sort_order=desc');
      expect(names(byEntry.items).slice(0, 2)).toEqual(['Eve', 'Alice']);
      const byEntryAsc = await list(w.general.id, '?sort_by=last_in_at&sort_order=asc');
      expect(names(byEntryAsc.items).slice(0, 2)).toEqual(['Alice', 'Eve']);
    });

    it('finds by name, phone, email, institution and whole guest code', async () => {
      expect(names((await list(w.general.id, '?keyword=ali')).items)).toEqual(['Alice']);
      expect(names((await list(w.general.id, `?keyword=${macaoPhone(4)}`)).items)).toEqual(['Bob']);
      expect(names((await list(w.general.id, '?keyword=GUEST5%40example')).items)).toEqual([
        '=HYPERLINK("x")',
      ]);
      expect(names((await list(w.general.id, '?keyword=kiang%20wu')).items)).toEqual(['Eve']);
      expect(names((await list(w.general.id, `?keyword=${w.codes.Carol}`)).items)).toEqual(['Carol']);
      // Wildcards are literal.
      expect((await list(w.general.id, '?keyword=%25')).total).toBe(0);
      expect((await list(w.general.id, '?keyword=nobody')).total).toBe(0);
      // The last digits of a phone; never a guest of another meeting.
      expect(names((await list(w.general.id, `?keyword=${macaoPhone(4).slice(-4)}`)).items)).toEqual(['Bob']);
    });

    it('finds part of a Chinese name, and forgets a guest once the name is edited', async () => {
      const carol = (await list(w.general.id, '?keyword=carol')).items[0]!;
      const { total: before } = await list(w.general.id, `?keyword=${encodeURIComponent('大文')}`);
      expect(before).toBe(0);
      const renamed = await w.admin(
        'PUT',
        `/api/guests/${carol.id}`,
        generalBody(1, { name: '陳大文', institution: 'Hospital' }),
      );
      expect(renamed.statusCode).toBe(200);
      expect(names((await list(w.general.id, `?keyword=${encodeURIComponent('大文')}`)).items)).toEqual([
        '陳大文',
      ]);
      expect((await list(w.general.id, '?keyword=carol')).total).toBe(0);
      await w.admin(
        'PUT',
        `/api/guests/${carol.id}`,
        generalBody(1, { name: 'Carol', institution: 'Hospital' }),
      );
    });

    it('filters by attendance status from the whole-meeting summary', async () => {
      expect(names((await list(w.general.id, '?status=checked_in')).items)).toEqual(['Alice']);
      expect(names((await list(w.general.id, '?status=left')).items)).toEqual(['Eve']);
      const absent = await list(w.general.id, '?status=not_checked_in&sort_by=name&sort_order=asc');
      expect(names(absent.items)).toEqual(['=HYPERLINK("x")', 'Bob', 'Carol']);
    });

    it('filters by sign-up time range', async () => {
      const all = await list(w.general.id, '?sort_by=created_at&sort_order=asc');
      const [, second, third] = all.items;
      const page = await list(
        w.general.id,
        `?signed_up_from=${second!.created_at}&signed_up_to=${third!.created_at}`,
      );
      expect(names(page.items).sort()).toEqual(['Alice', 'Eve']);
    });

    it('caps the page size and rejects unknown parameters', async () => {
      const big = await w.admin('GET', `/api/meetings/${w.general.id}/guests?page_size=1000`);
      expect(big.statusCode).toBe(400);
      const unknown = await w.admin('GET', `/api/meetings/${w.general.id}/guests?drop=1`);
      expect(unknown.statusCode).toBe(400);
      expect((await w.admin('GET', '/api/meetings/999999/guests')).statusCode).toBe(404);
    });
  });

  describe('access', () => {
    it('keeps another organisation subtree out with 404', async () => {
      const outsider = adminApi(w.ctx, await userWithRole(w.ctx, w.admin, 'organiser', w.orgB));
      const { items } = await list(w.general.id, '?keyword=alice');
      const id = items[0]!.id;
      for (const [method, url, body] of [
        ['GET', `/api/meetings/${w.general.id}/guests`],
        ['GET', `/api/meetings/${w.general.id}/guests/export`],
        ['POST', `/api/meetings/${w.general.id}/guests`, generalBody(900)],
        ['GET', `/api/guests/${id}`],
        ['PUT', `/api/guests/${id}`, generalBody(2, { name: 'Hacked' })],
        ['DELETE', `/api/guests/${id}`],
      ] as const) {
        const res = await outsider(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await list(w.general.id, '?keyword=alice')).items[0]!.name).toBe('Alice');
      // An organiser of the meeting's own organisation sees it.
      const insider = adminApi(w.ctx, await userWithRole(w.ctx, w.admin, 'organiser', w.orgA));
      expect((await list(w.general.id, '', insider)).total).toBe(5);
    });

    it('refuses door staff the guest list, details and exports (no contact data)', async () => {
      const door = adminApi(w.ctx, await userWithRole(w.ctx, w.admin, 'door_staff', w.orgA));
      const { items } = await list(w.general.id, '?keyword=alice');
      for (const url of [
        `/api/meetings/${w.general.id}/guests`,
        `/api/meetings/${w.general.id}/guests/export`,
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
