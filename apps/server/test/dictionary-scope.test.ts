import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { dictionaryFixture, LANGS, type Method } from './dictionary-fixtures.ts';
import { TEST_DB } from './helpers.ts';
import { dateScheduleBody, signUp } from './registration-fixtures.ts';

describe(`data dictionary: permissions and organisation scope (${TEST_DB})`, () => {
  const f = dictionaryFixture();
  const { call, insertOrganization, insertMeeting, loginAs, scheduleBody, createSchedule, createUserType } =
    f;

  describe('permissions and organisation scope', () => {
    it("lets an organiser work in their subtree's meetings and answers 404 elsewhere", async () => {
      const root = await insertOrganization('root');
      const child = await insertOrganization('child', root);
      const elsewhere = await insertOrganization('elsewhere');
      const mine = await insertMeeting(child);
      const theirs = await insertMeeting(elsewhere);
      const theirSession = await createSchedule(theirs);
      const theirType = await createUserType(theirs, [theirSession.id]);
      const organiser = await loginAs('organiser', root);

      const created = await call(organiser, 'POST', `/api/meetings/${mine}/schedules`, scheduleBody());
      expect(created.statusCode, created.body).toBe(200);
      const typeRes = await call(organiser, 'POST', `/api/meetings/${mine}/user-types`, {
        name: 'a',
        name_cn: 'b',
        name_en: 'c',
        schedule_ids: [created.json().data.id],
      });
      expect(typeRes.statusCode, typeRes.body).toBe(200);
      expect((await call(organiser, 'GET', `/api/meetings/${mine}/schedule-map`)).statusCode).toBe(200);
      // The global dictionaries are shared by every organiser.
      expect((await call(organiser, 'GET', '/api/meeting-times')).statusCode).toBe(200);

      for (const [method, url, payload] of [
        ['GET', `/api/meetings/${theirs}/schedules`, undefined],
        ['POST', `/api/meetings/${theirs}/schedules`, scheduleBody()],
        ['PUT', `/api/schedules/${theirSession.id}`, scheduleBody()],
        ['DELETE', `/api/schedules/${theirSession.id}`, undefined],
        ['GET', `/api/meetings/${theirs}/user-types`, undefined],
        [
          'POST',
          `/api/meetings/${theirs}/user-types`,
          { name: 'a', name_cn: 'b', name_en: 'c', schedule_ids: [theirSession.id] },
        ],
        [
          'PUT',
          `/api/user-types/${theirType.id}`,
          { name: 'a', name_cn: 'b', name_en: 'c', schedule_ids: [theirSession.id] },
        ],
        ['DELETE', `/api/user-types/${theirType.id}`, undefined],
        ['GET', `/api/meetings/${theirs}/schedule-map`, undefined],
        ['PUT', `/api/meetings/${theirs}/schedule-map`, { user_types: [] }],
      ] as const) {
        const res = await call(organiser, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // An organiser cannot attach another meeting's session to their own user type either.
      const sneaky = await call(organiser, 'POST', `/api/meetings/${mine}/user-types`, {
        name: 'a',
        name_cn: 'b',
        name_en: 'c',
        schedule_ids: [theirSession.id],
      });
      expect(sneaky.statusCode).toBe(400);
      const untouched = await f.ctx.db
        .selectFrom('schedules')
        .select('name_en')
        .where('id', '=', theirSession.id)
        .executeTakeFirstOrThrow();
      expect(untouched.name_en).toBe('Opening');
    });

    // Time slots and college categories: global (administrators change them) or owned by a subtree.
    const ownedKinds = [
      { url: '/api/meeting-times', body: { start_time: '08:00', end_time: '09:00' }, renamed: 'remark_en' },
      {
        url: '/api/college-categories',
        body: { name: '眼科', name_cn: '眼科', name_en: 'Eyes' },
        renamed: 'name_en',
      },
    ] as const;

    it.each(ownedKinds)(
      '$url: organisers change their subtree’s entries only; global ones are the administrators’',
      async ({ url, body, renamed }) => {
        const orgA = await insertOrganization('A');
        const childA = await insertOrganization('A1', orgA);
        const orgB = await insertOrganization('B');
        const organiser = await loginAs('organiser', orgA);
        const create = async (token: string, extra: object = {}) => {
          const res = await call(token, 'POST', url, { ...body, ...extra });
          expect(res.statusCode, res.body).toBe(200);
          return res.json().data as { id: number; organization_id: number | null };
        };
        const global = await create(f.admin);
        const theirs = await create(f.admin, { organization_id: orgB });
        const mine = await create(organiser);
        expect([global.organization_id, theirs.organization_id, mine.organization_id]).toEqual([
          null,
          orgB,
          orgA,
        ]);
        expect((await create(organiser, { organization_id: childA })).organization_id).toBe(childA);

        const listed = (await call(organiser, 'GET', url)).json().data.map((e: { id: number }) => e.id);
        expect(listed).toEqual(expect.arrayContaining([global.id, mine.id]));
        expect(listed).not.toContain(theirs.id);
        const all = (await call(f.admin, 'GET', url)).json().data.map((e: { id: number }) => e.id);
        expect(all).toEqual(expect.arrayContaining([global.id, mine.id, theirs.id]));

        // Another tenant's entry is not even confirmed to exist; a global one is read-only.
        const rename = { ...body, [renamed]: 'Renamed' };
        expect((await call(organiser, 'PUT', `${url}/${theirs.id}`, rename)).statusCode).toBe(404);
        expect((await call(organiser, 'DELETE', `${url}/${theirs.id}`)).statusCode).toBe(404);
        for (const lang of LANGS) {
          for (const res of [
            await call(organiser, 'PUT', `${url}/${global.id}`, rename, lang),
            await call(organiser, 'DELETE', `${url}/${global.id}`, undefined, lang),
            await call(organiser, 'POST', url, { ...body, organization_id: null }, lang),
            await call(organiser, 'PUT', `${url}/${mine.id}`, { ...body, organization_id: null }, lang),
          ]) {
            expect(res.statusCode, res.body).toBe(403);
            expect(res.json()).toMatchObject({
              code: ERRORS.GLOBAL_ENTRY_ADMIN_ONLY.code,
              message: ERRORS.GLOBAL_ENTRY_ADMIN_ONLY.message[lang],
            });
          }
        }
        // Nor can an entry be handed to another tenant, or to an organisation that does not exist.
        for (const organization_id of [orgB, 2_000_000]) {
          const res = await call(organiser, 'PUT', `${url}/${mine.id}`, { ...body, organization_id });
          expect(res.statusCode, res.body).toBe(400);
          expect(Object.keys(res.json().data.fields)).toEqual(['organization_id']);
        }
        expect((await call(f.admin, 'POST', url, { ...body, organization_id: 2_000_000 })).statusCode).toBe(
          400,
        );

        const kept = (await call(f.admin, 'GET', url)).json().data as Record<string, unknown>[];
        expect(kept.find((e) => e.id === theirs.id)).toMatchObject({ ...body, organization_id: orgB });
        expect(kept.find((e) => e.id === global.id)).toMatchObject({ ...body, organization_id: null });
        const edited = await call(organiser, 'PUT', `${url}/${mine.id}`, rename);
        expect(edited.json().data).toMatchObject({ [renamed]: 'Renamed', organization_id: orgA });
        expect((await call(organiser, 'DELETE', `${url}/${mine.id}`)).statusCode).toBe(200);
        expect((await call(f.admin, 'PUT', `${url}/${global.id}`, rename)).statusCode).toBe(200);
      },
    );

    it('lets only administrators change the generic dictionary entries, which are global', async () => {
      const organiser = await loginAs('organiser', await insertOrganization('entries'));
      const entry = { type: 'salutation', label: 'Mr', value: 'mr' };
      const created = await call(f.admin, 'POST', '/api/dictionary-entries', entry);
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as number;
      expect((await call(organiser, 'GET', '/api/dictionary-entries?type=salutation')).json().data).toEqual([
        expect.objectContaining({ id, value: 'mr' }),
      ]);
      for (const res of [
        await call(organiser, 'POST', '/api/dictionary-entries', { ...entry, value: 'ms' }),
        await call(organiser, 'PUT', `/api/dictionary-entries/${id}`, { ...entry, label: 'Mister' }),
        await call(organiser, 'DELETE', `/api/dictionary-entries/${id}`),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().code).toBe(ERRORS.GLOBAL_ENTRY_ADMIN_ONLY.code);
      }
      expect((await call(organiser, 'PUT', '/api/dictionary-entries/2000000', entry)).statusCode).toBe(404);
    });

    it("refers sessions and guests only to entries of their meeting's organisation or above", async () => {
      const orgA = await insertOrganization('A');
      const childA = await insertOrganization('A1', orgA);
      const orgB = await insertOrganization('B');
      const organiser = await loginAs('organiser', orgA);
      const meeting = await insertMeeting(childA);
      const { public_id } = await f.ctx.db
        .updateTable('meetings')
        .set({ meeting_type: 'date_schedule' })
        .where('id', '=', meeting)
        .returning('public_id')
        .executeTakeFirstOrThrow();
      const entry = async (url: string, payload: object) =>
        (await call(f.admin, 'POST', url, payload)).json().data.id as number;
      const slot = { start_time: '13:00', end_time: '14:00' };
      const slots = {
        global: await entry('/api/meeting-times', slot),
        above: await entry('/api/meeting-times', { ...slot, organization_id: orgA }),
        theirs: await entry('/api/meeting-times', { ...slot, organization_id: orgB }),
      };
      const category = { name: '牙科', name_cn: '牙科', name_en: 'Dental' };
      const categories = {
        global: await entry('/api/college-categories', category),
        above: await entry('/api/college-categories', { ...category, organization_id: orgA }),
        theirs: await entry('/api/college-categories', { ...category, organization_id: orgB }),
      };

      for (const id of [slots.global, slots.above]) {
        const res = await call(
          organiser,
          'POST',
          `/api/meetings/${meeting}/schedules`,
          scheduleBody({ meeting_time_id: id }),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      const session = await createSchedule(meeting);
      for (const res of [
        await call(
          organiser,
          'POST',
          `/api/meetings/${meeting}/schedules`,
          scheduleBody({ meeting_time_id: slots.theirs }),
        ),
        await call(
          organiser,
          'PUT',
          `/api/schedules/${session.id}`,
          scheduleBody({ meeting_time_id: slots.theirs }),
        ),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().data.fields).toEqual({ meeting_time_id: 'This time slot does not exist' });
      }

      // The public form offers the global categories and those above the meeting, and takes no other.
      const page = await f.ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${public_id}` });
      const offered = page.json().data.college_categories.map((c: { id: number }) => c.id);
      expect(offered).toEqual(expect.arrayContaining([categories.global, categories.above]));
      expect(offered).not.toContain(categories.theirs);
      const type = await createUserType(meeting, [session.id]);
      const guest = (n: number, college_category_id: number) => ({
        ...dateScheduleBody(n, type.id, [session.id]),
        college_category_id,
      });
      const refusedSignUp = await signUp(f.ctx, public_id, guest(1, categories.theirs));
      const refusedAdd = await call(
        organiser,
        'POST',
        `/api/meetings/${meeting}/guests`,
        guest(2, categories.theirs),
      );
      for (const res of [refusedSignUp, refusedAdd]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json().data.fields)).toEqual(['college_category_id']);
      }
      expect((await signUp(f.ctx, public_id, guest(3, categories.above))).statusCode).toBe(200);
      const added = await call(
        organiser,
        'POST',
        `/api/meetings/${meeting}/guests`,
        guest(4, categories.global),
      );
      expect(added.statusCode, added.body).toBe(200);
      const edited = await call(
        organiser,
        'PUT',
        `/api/guests/${added.json().data.id}`,
        guest(4, categories.theirs),
      );
      expect(edited.statusCode, edited.body).toBe(400);
    });

    it('refuses door staff on every dictionary route with 403 but the sessions they scan', async () => {
      const org = await insertOrganization('org');
      const meeting = await insertMeeting(org);
      const session = await createSchedule(meeting);
      const type = await createUserType(meeting, [session.id]);
      const doorStaff = await loginAs('door_staff', null);
      const routes: [Method, string][] = [
        ['GET', '/api/meeting-times'],
        ['POST', '/api/meeting-times'],
        ['PUT', '/api/meeting-times/1'],
        ['DELETE', '/api/meeting-times/1'],
        ['POST', `/api/meetings/${meeting}/schedules`],
        ['PUT', `/api/schedules/${session.id}`],
        ['DELETE', `/api/schedules/${session.id}`],
        ['GET', `/api/meetings/${meeting}/user-types`],
        ['POST', `/api/meetings/${meeting}/user-types`],
        ['PUT', `/api/user-types/${type.id}`],
        ['DELETE', `/api/user-types/${type.id}`],
        ['GET', `/api/meetings/${meeting}/schedule-map`],
        ['PUT', `/api/meetings/${meeting}/schedule-map`],
        ['GET', '/api/college-categories'],
        ['POST', '/api/college-categories'],
        ['PUT', '/api/college-categories/1'],
        ['DELETE', '/api/college-categories/1'],
        ['GET', '/api/dictionary-entries'],
        ['POST', '/api/dictionary-entries'],
        ['PUT', '/api/dictionary-entries/1'],
        ['DELETE', '/api/dictionary-entries/1'],
      ];
      for (const [method, url] of routes) {
        const res = await call(
          doorStaff,
          method,
          url,
          method === 'POST' || method === 'PUT' ? {} : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe(ERRORS.FORBIDDEN.code);
        const anonymous = await f.ctx.app.inject({ method, url });
        expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
      }
      // Scan mode offers the meeting's sessions to door staff (see door.test.ts).
      const sessions = await call(doorStaff, 'GET', `/api/meetings/${meeting}/schedules`);
      expect(sessions.statusCode).toBe(200);
    });
  });
});
