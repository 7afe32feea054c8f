import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorName } from '@meetflow/shared/errors';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { insertCompletion } from '../src/modules/evaluations/evaluation-answers.repository.ts';
import { uploadGuestFile, xlsxOf } from './import-fixtures.ts';
import { addCode, addPrice, createPaidMeeting } from './payments-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';

const LANGS = ['zh-tw', 'zh-cn', 'en'] as const;

/**
 * Every DELETE of the API, tried while what it deletes is in use: a refusal is a 409 that names the
 * user in each language, a soft delete succeeds, and nothing ends in a 5xx (a foreign key surfacing).
 * Error-level log lines fail the file too (see helpers.ts).
 */
describe(`deleting things in use (${TEST_DB})`, () => {
  let ctx: TestContext;
  let api: Api;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.login()).access_token;
    api = adminApi(ctx, token);
  });
  afterAll(() => ctx.close());

  /** Route pattern → what its delete does to an entity in use: refused with a code, or done. */
  const outcomes: Record<string, ErrorName | 'done'> = {
    'DELETE /api/meeting-times/:id': 'MEETING_TIME_IN_USE',
    'DELETE /api/schedules/:id': 'SCHEDULE_HAS_SIGNUPS',
    'DELETE /api/user-types/:id': 'USER_TYPE_IN_USE',
    'DELETE /api/college-categories/:id': 'COLLEGE_CATEGORY_IN_USE',
    'DELETE /api/organizations/:id': 'ORGANIZATION_HAS_MEETINGS',
    // An import that has started is being written (or was): only one still waiting can go.
    'DELETE /api/guest-imports/:id': 'IMPORT_ALREADY_STARTED',
    // Nothing refers to generic entries; guests and meetings are soft-deleted, an enrolment is a seat.
    'DELETE /api/dictionary-entries/:id': 'done',
    'DELETE /api/public/guest/enrolments/:scheduleId': 'done',
    // A place on a waiting list: left by the visitor or the guest, removed by the organiser.
    'DELETE /api/public/waitlist': 'done',
    'DELETE /api/public/guest/waitlist/:scheduleId': 'done',
    'DELETE /api/meetings/:id/waitlist/:entryId': 'done',
    'DELETE /api/guests/:id': 'done',
    // A guest withdrawing: cancelled (the scan log keeps the row), seats freed, personal data erased.
    'DELETE /api/public/guest': 'done',
    'DELETE /api/meetings/:id': 'done',
    // An endpoint goes with its delivery log; a token in use is revoked (the row stays, refused).
    'DELETE /api/webhooks/:id': 'done',
    'DELETE /api/api-tokens/:id': 'done',
    // An evaluation someone answered keeps its answers: close it instead.
    'DELETE /api/evaluations/:id': 'EVALUATION_ANSWERED',
    // A price or a discount code an order names is what was charged: retire or disable it instead.
    'DELETE /api/prices/:id': 'PRICE_ITEM_IN_USE',
    'DELETE /api/discount-codes/:id': 'DISCOUNT_CODE_IN_USE',
    // An invitation a sign-up used names who came with it: disable it instead.
    'DELETE /api/invitations/:id': 'INVITATION_IN_USE',
    // The organisation's member list is its own register: a row, or the whole list, goes.
    'DELETE /api/organizations/:id/members/:memberId': 'done',
    'DELETE /api/organizations/:id/members': 'done',
  };

  it('knows every DELETE route of the API', () => {
    const deletes = ctx.app.routeAuthTable.filter((r) => r.method === 'DELETE').map((r) => `DELETE ${r.url}`);
    expect(deletes.sort()).toEqual(Object.keys(outcomes).sort());
  });

  it('answers each delete of an entity in use with a localised 409 or does it, never a 5xx', async () => {
    const org = await createOrganization(ctx.db);
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const session = await createSchedule(ctx.db, meeting.id, 0, 'Opening');
    const extra = await createSchedule(ctx.db, meeting.id, 0, 'Workshop');
    const userType = await createUserType(ctx.db, meeting.id, [session, extra]);
    const created = async (url: string, body: object) => {
      const res = await api('POST', url, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const slot = await created('/api/meeting-times', { start_time: '09:00', end_time: '10:00' });
    await ctx.db.updateTable('schedules').set({ meeting_time_id: slot }).where('id', '=', session).execute();
    const category = await created('/api/college-categories', {
      name: '內科',
      name_cn: '内科',
      name_en: 'Med',
    });
    const entry = await created('/api/dictionary-entries', { type: 'title', label: 'Dr', value: 'dr' });
    const signup = await signUp(ctx, meeting.publicId, {
      ...dateScheduleBody(1, userType, [session, extra]),
      college_category_id: category,
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const guestToken = signup.json().data.guest_token as string;
    const guest = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();

    const tried = new Set<string>();
    async function tryDelete(
      route: string,
      url: string,
      send = (lang: string) => api('DELETE', url, undefined, lang),
    ) {
      tried.add(route);
      const expected = outcomes[route]!;
      for (const lang of expected === 'done' ? ['en'] : LANGS) {
        const res = await send(lang);
        expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500);
        if (expected === 'done') {
          expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
        } else {
          expect(res.statusCode, route).toBe(409);
          expect(res.json(), route).toMatchObject({
            code: ERRORS[expected].code,
            message: ERRORS[expected].message[lang as (typeof LANGS)[number]],
          });
        }
      }
    }

    await tryDelete('DELETE /api/meeting-times/:id', `/api/meeting-times/${slot}`);
    await tryDelete('DELETE /api/schedules/:id', `/api/schedules/${session}`);
    await tryDelete('DELETE /api/user-types/:id', `/api/user-types/${userType}`);
    await tryDelete('DELETE /api/college-categories/:id', `/api/college-categories/${category}`);
    await tryDelete('DELETE /api/organizations/:id', `/api/organizations/${org}`);
    await tryDelete('DELETE /api/dictionary-entries/:id', `/api/dictionary-entries/${entry}`);
    await tryDelete('DELETE /api/public/guest/enrolments/:scheduleId', '', () =>
      guestRequest(ctx, guestToken, 'DELETE', `/api/public/guest/enrolments/${extra}`),
    );
    const full = await createMeeting(ctx.db, org, { registration_limit: 1 });
    await ctx.db.updateTable('meetings').set({ waitlist_enabled: 1 }).where('id', '=', full.id).execute();
    const places: { guest_token: string }[] = [];
    for (let n = 2; n < 5; n++)
      places.push((await signUp(ctx, full.publicId, generalBody(n), n)).json().data);
    const removed = await ctx.db
      .selectFrom('waitlist_entries')
      .select('id')
      .where('meeting_id', '=', full.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    await tryDelete('DELETE /api/public/waitlist', '', () =>
      guestRequest(ctx, places[1]!.guest_token, 'DELETE', '/api/public/waitlist'),
    );
    await tryDelete(
      'DELETE /api/meetings/:id/waitlist/:entryId',
      `/api/meetings/${full.id}/waitlist/${removed.id}`,
    );
    // The guest waits for the workshop once someone else has its one seat.
    const holder = await signUp(ctx, meeting.publicId, dateScheduleBody(5, userType, [extra]), 5);
    await ctx.db
      .updateTable('schedules')
      .set({ signup_limit: 1, waitlist_enabled: 1 })
      .where('id', '=', extra)
      .execute();
    const joined = await guestRequest(ctx, guestToken, 'POST', '/api/public/guest/waitlist', {
      schedule_id: extra,
    });
    expect(joined.json().data.waitlist).toHaveLength(1);
    await tryDelete('DELETE /api/public/guest/waitlist/:scheduleId', '', () =>
      guestRequest(ctx, guestToken, 'DELETE', `/api/public/guest/waitlist/${extra}`),
    );
    const left = await ctx.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('scope_id', '=', extra)
      .executeTakeFirstOrThrow();
    expect(left.status).toBe('left');
    // The workshop's seat holder withdraws: the seat goes back, the guest row stays, erased.
    await tryDelete('DELETE /api/public/guest', '', () =>
      guestRequest(ctx, holder.json().data.guest_token as string, 'DELETE', '/api/public/guest'),
    );
    const workshop = await ctx.db
      .selectFrom('schedules')
      .select('signup_count')
      .where('id', '=', extra)
      .executeTakeFirstOrThrow();
    expect(Number(workshop.signup_count)).toBe(0);
    const file = await xlsxOf([
      ['Name', 'Area code', 'Mobile number'],
      ['Imported', '853', '66000001'],
    ]);
    const upload = await uploadGuestFile(ctx, token, meeting.id, { bytes: file, name: 'g.xlsx' });
    const started = upload.json().data as { id: number; mapping: unknown[] };
    await api('POST', `/api/guest-imports/${started.id}/start`, { mapping: started.mapping });
    await tryDelete('DELETE /api/guest-imports/:id', `/api/guest-imports/${started.id}`);
    await tryDelete('DELETE /api/guests/:id', `/api/guests/${guest.id}`);
    // A cancelled guest's row stays (the scan log refers to it), and so does what it holds.
    await tryDelete('DELETE /api/user-types/:id', `/api/user-types/${userType}`);
    await tryDelete('DELETE /api/college-categories/:id', `/api/college-categories/${category}`);
    // A public address (an IP literal: no DNS on the test machine); nothing is sent, no runner runs.
    const hook = await created('/api/webhooks', {
      url: 'https://93.184.215.14/hook',
      event_types: ['meeting.deleted', 'guest.cancelled'],
      organization_id: org,
    });
    const secret = (
      await api('POST', '/api/api-tokens', {
        name: 'in use',
        permissions: ['meeting:view'],
        expires_at: null,
      })
    ).json().data.secret as string;
    expect((await adminApi(ctx, secret)('GET', '/api/meetings')).statusCode).toBe(200);
    const label = (text: string) => ({ 'zh-tw': text, 'zh-cn': text, en: text });
    const evaluation = await created(`/api/meetings/${meeting.id}/evaluations`, {
      scope_id: 0,
      title: label('Evaluation'),
      fields: [{ key: 'overall', type: 'yes_no', label: label('Useful?') }],
      version: 0,
    });
    await insertCompletion(ctx.db, {
      evaluation_id: evaluation,
      guest_id: guest.id,
      completed_at: ctx.now(),
      passed: null,
      answers: null,
    });
    await tryDelete('DELETE /api/evaluations/:id', `/api/evaluations/${evaluation}`);
    // A paid meeting whose guest's order names its price and its code.
    const paid = await createPaidMeeting(ctx.db, org, { currency: 'HKD' });
    const price = await addPrice(ctx.db, paid.id, { name: 'Member', amount: 500_00 });
    const code = await addCode(ctx.db, paid.id, { code: 'MEMBER10', kind: 'percent', value: 10 });
    const order = await signUp(
      ctx,
      paid.publicId,
      generalBody(6, { payment: { price_item_id: price, discount_code: 'MEMBER10' } }),
      6,
    );
    expect(order.statusCode, order.body).toBe(200);
    await tryDelete('DELETE /api/prices/:id', `/api/prices/${price}`);
    await tryDelete('DELETE /api/discount-codes/:id', `/api/discount-codes/${code}`);
    // A meeting whose sign-up used an invitation code (issue 45).
    const invitedTo = await createMeeting(ctx.db, org);
    const invitation = await created(`/api/meetings/${invitedTo.id}/invitations`, {
      code: 'INVITED1',
      seats: 'bypass',
    });
    const invited = await signUp(ctx, invitedTo.publicId, generalBody(7, { invitation_code: 'INVITED1' }), 7);
    expect(invited.statusCode, invited.body).toBe(200);
    await tryDelete('DELETE /api/invitations/:id', `/api/invitations/${invitation}`);
    // The organisation's member list: one row, then the whole list.
    const listed = await ctx.db
      .insertInto('member_records')
      .values({
        organization_id: org,
        licence_number: 'M 1',
        licence_key: 'M1',
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tryDelete(
      'DELETE /api/organizations/:id/members/:memberId',
      `/api/organizations/${org}/members/${listed.id}`,
    );
    await tryDelete('DELETE /api/organizations/:id/members', `/api/organizations/${org}/members`);
    await tryDelete('DELETE /api/meetings/:id', `/api/meetings/${meeting.id}`);
    const queued = () =>
      ctx.db.selectFrom('webhook_deliveries').select('event_type').where('endpoint_id', '=', hook).execute();
    expect((await queued()).map((d) => d.event_type)).toEqual(['meeting.deleted']);
    await tryDelete('DELETE /api/webhooks/:id', `/api/webhooks/${hook}`);
    expect(await queued()).toEqual([]);
    const tokenId = (await api('GET', '/api/api-tokens')).json().data[0].id as number;
    await tryDelete('DELETE /api/api-tokens/:id', `/api/api-tokens/${tokenId}`);
    expect((await adminApi(ctx, secret)('GET', '/api/meetings')).statusCode).toBe(401);
    expect([...tried].sort()).toEqual(Object.keys(outcomes).sort());

    const kept = await ctx.db
      .selectFrom('user_types')
      .innerJoin('guests', 'guests.user_type_id', 'user_types.id')
      .innerJoin('college_categories', 'college_categories.id', 'guests.college_category_id')
      .select('guests.id')
      .where('user_types.id', '=', userType)
      .where('college_categories.id', '=', category)
      .execute();
    expect(kept).toHaveLength(1);
  });

  it('refuses to delete an organisation that still owns time slots or college categories', async () => {
    const org = await createOrganization(ctx.db);
    const res = await api('POST', '/api/meeting-times', {
      start_time: '11:00',
      end_time: '12:00',
      organization_id: org,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const lang of LANGS) {
      const refused = await api('DELETE', `/api/organizations/${org}`, undefined, lang);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: ERRORS.ORGANIZATION_HAS_DICTIONARY_ENTRIES.code,
        message: ERRORS.ORGANIZATION_HAS_DICTIONARY_ENTRIES.message[lang],
      });
    }
    expect((await api('DELETE', `/api/meeting-times/${res.json().data.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/organizations/${org}`)).statusCode).toBe(200);
  });
});
