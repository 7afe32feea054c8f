import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR, meetingsFixture, T0 } from './meeting-fixtures.ts';
import { TEST_DB } from './helpers.ts';

describe(`meetings: list and access (${TEST_DB})`, () => {
  const w = meetingsFixture();
  const { body, api } = w;
  describe('list', () => {
    const ids: number[] = [];
    beforeAll(async () => {
      // Six meetings a day apart: three in Macao, one in its sub-organisation, two in Taiwan.
      const plan = [
        { organization_id: w.orgs.macao, name_en: 'Cardiology forum' },
        { organization_id: w.orgs.macao, name_en: 'Nursing 100% day' },
        { organization_id: w.orgs.macaoChild, name_en: 'Nursing workshop' },
        { organization_id: w.orgs.taiwan, name_en: 'Taipei summit' },
        { organization_id: w.orgs.macao, name_en: 'Annual dinner' },
        { organization_id: w.orgs.taiwan, name_en: 'Taichung clinic day' },
      ];
      for (const [index, item] of plan.entries()) {
        w.ctx.advance(1000);
        const start = T0 + (index + 1) * 24 * HOUR;
        const res = await api(
          'POST',
          '/api/meetings',
          w.admin,
          body({ ...item, name: `會議${index}`, start_at: start, end_at: start + HOUR }),
        );
        expect(res.statusCode).toBe(200);
        ids.push(res.json().data.id);
      }
      await w.ctx.db.updateTable('meetings').set({ registered_count: 7 }).where('id', '=', ids[0]!).execute();
    });

    const list = async (query: string, token = w.admin) => {
      const res = await api('GET', `/api/meetings?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        items: { id: number; name_en: string; signup_count: number }[];
        total: number;
      };
    };

    it('paginates on the server with a default of 10 and a maximum page size of 100', async () => {
      const first = await list('page=1&page_size=4&sort_by=start_at&sort_order=asc');
      expect(first.total).toBe(6);
      expect(first.items.map((m) => m.id)).toEqual(ids.slice(0, 4));
      const second = await list('page=2&page_size=4&sort_by=start_at&sort_order=asc');
      expect(second.items.map((m) => m.id)).toEqual(ids.slice(4));
      const beyond = await list('page=3&page_size=4');
      expect(beyond).toMatchObject({ items: [], total: 6 });
      const defaults = await api('GET', '/api/meetings', w.admin);
      expect(defaults.json().data).toMatchObject({ page: 1, page_size: 10 });
      const tooBig = await api('GET', '/api/meetings?page_size=101', w.admin);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().data.fields.page_size).toBe('Must be at most 100');
      expect((await api('GET', '/api/meetings?sort_by=password', w.admin)).statusCode).toBe(400);
      expect((await api('GET', '/api/meetings?page=0', w.admin)).statusCode).toBe(400);
    });

    it('sorts by start time, creation time and name in the request language', async () => {
      expect((await list('sort_by=start_at&sort_order=desc')).items.map((m) => m.id)).toEqual(
        [...ids].reverse(),
      );
      expect((await list('sort_by=created_at&sort_order=asc')).items.map((m) => m.id)).toEqual(ids);
      const byName = await api('GET', '/api/meetings?sort_by=name&sort_order=asc', w.admin, undefined, 'en');
      const names = byName.json().data.items.map((m: { name_en: string }) => m.name_en);
      expect(names).toEqual([...names].sort());
      expect(names[0]).toBe('Annual dinner');
    });

    it('filters by organisation subtree, date range and keyword (wildcards literal)', async () => {
      const macao = await list(`organization_id=${w.orgs.macao}&sort_by=start_at&sort_order=asc`);
      expect(macao.items.map((m) => m.id)).toEqual([ids[0], ids[1], ids[2], ids[4]]);
      const child = await list(`organization_id=${w.orgs.macaoChild}`);
      expect(child.items.map((m) => m.id)).toEqual([ids[2]]);
      // The meetings are held 9:00–10:00 in Macao on 11, 12, … January 2027.
      const range = await list('date_from=2027-01-12&date_to=2027-01-14&sort_by=start_at&sort_order=asc');
      expect(range.items.map((m) => m.id)).toEqual([ids[1], ids[2], ids[3]]);
      expect((await list('keyword=nursing')).items.map((m) => m.id).sort()).toEqual([ids[1], ids[2]].sort());
      expect((await list('keyword=100%25')).items.map((m) => m.id)).toEqual([ids[1]]);
      expect((await list('keyword=%25')).items.map((m) => m.id)).toEqual([ids[1]]);
      expect((await list('keyword=會議3')).items.map((m) => m.id)).toEqual([ids[3]]);
    });

    it('matches the meetings held on any day of the range, in the server time zone', async () => {
      const held = async (start: string, end: string) => {
        const res = await api(
          'POST',
          '/api/meetings',
          w.admin,
          body({ start_at: Date.parse(start), end_at: Date.parse(end) }),
        );
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.id as number;
      };
      // Begun days before the range and still running on its first day (00:30 on 12 January in Macao).
      const running = await held('2027-01-08T09:00:00+08:00', '2027-01-12T00:30:00+08:00');
      // Over at 23:30 the day before the range (12 January already in UTC).
      const over = await held('2027-01-08T09:00:00+08:00', '2027-01-11T23:30:00+08:00');
      // Spans the whole range and beyond it.
      const spanning = await held('2027-01-01T09:00:00+08:00', '2027-01-31T18:00:00+08:00');
      try {
        const range = await list('date_from=2027-01-12&date_to=2027-01-12&page_size=100');
        expect(range.items.map((m) => m.id).sort()).toEqual([ids[1], running, spanning].sort());
        const from = await list('date_from=2027-01-15&page_size=100');
        expect(from.items.map((m) => m.id).sort()).toEqual([ids[4], ids[5], spanning].sort());
        const to = await list('date_to=2027-01-11&page_size=100');
        expect(to.items.map((m) => m.id).sort()).toEqual([ids[0], running, over, spanning].sort());
        for (const query of ['date_from=2027-02-30', 'date_to=12/01/2027', 'start_from=0']) {
          expect((await api('GET', `/api/meetings?${query}`, w.admin)).statusCode, query).toBe(400);
        }
      } finally {
        for (const id of [running, over, spanning]) await api('DELETE', `/api/meetings/${id}`, w.admin);
      }
    });

    it('answers sign-up and check-in counts with each row', async () => {
      const rows = (await list(`organization_id=${w.orgs.macao}&sort_by=start_at&sort_order=asc`)).items;
      expect(rows[0]).toMatchObject({ signup_count: 7, checkin_count: 0 });
      expect(rows[1]).toMatchObject({ signup_count: 0, checkin_count: 0 });
    });

    it('scopes an organiser to their organisation subtree, answering 404 for the rest', async () => {
      const own = await list('page_size=100', w.organiser);
      expect(own.items.map((m) => m.id).sort()).toEqual([ids[0], ids[1], ids[2], ids[4]].sort());
      expect((await list(`organization_id=${w.orgs.taiwan}`, w.organiser)).total).toBe(0);
      expect((await list(`organization_id=${w.orgs.macaoChild}`, w.organiser)).total).toBe(1);

      const foreign = ids[3]!;
      expect((await api('GET', `/api/meetings/${foreign}`, w.organiser)).statusCode).toBe(404);
      expect((await api('PUT', `/api/meetings/${foreign}`, w.organiser, body())).statusCode).toBe(404);
      expect((await api('DELETE', `/api/meetings/${foreign}`, w.organiser)).statusCode).toBe(404);
      const intoForeign = await api(
        'POST',
        '/api/meetings',
        w.organiser,
        body({ organization_id: w.orgs.taiwan }),
      );
      expect(intoForeign.statusCode).toBe(404);
      const moveOut = await api(
        'PUT',
        `/api/meetings/${ids[0]}`,
        w.organiser,
        body({ organization_id: w.orgs.taiwan }),
      );
      expect(moveOut.statusCode).toBe(404);
      const stillThere = await api('GET', `/api/meetings/${foreign}`, w.admin);
      expect(stillThere.statusCode).toBe(200);

      // Inside the subtree the organiser may create and edit.
      const mine = await api(
        'POST',
        '/api/meetings',
        w.organiser,
        body({ organization_id: w.orgs.macaoChild }),
      );
      expect(mine.statusCode).toBe(200);
      const edit = await api(
        'PUT',
        `/api/meetings/${ids[0]}`,
        w.organiser,
        body({ name_en: 'Cardiology forum II' }),
      );
      expect(edit.json().data.name_en).toBe('Cardiology forum II');
      expect((await api('DELETE', `/api/meetings/${mine.json().data.id}`, w.organiser)).statusCode).toBe(200);
    });

    it('lets door staff view but not change meetings, and refuses anonymous calls', async () => {
      expect((await api('GET', '/api/meetings', w.door)).statusCode).toBe(200);
      expect((await api('GET', `/api/meetings/${ids[0]}`, w.door)).statusCode).toBe(200);
      expect((await api('POST', '/api/meetings', w.door, body())).statusCode).toBe(403);
      expect((await api('PUT', `/api/meetings/${ids[0]}`, w.door, body())).statusCode).toBe(403);
      expect((await api('DELETE', `/api/meetings/${ids[0]}`, w.door)).statusCode).toBe(403);
      expect((await w.ctx.app.inject({ method: 'GET', url: '/api/meetings' })).statusCode).toBe(401);
    });
  });
});
