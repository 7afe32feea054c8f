import { beforeEach, describe, expect, it } from 'vitest';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import { DEFAULT_PRIVACY_NOTICE } from '@meetflow/shared/schemas/privacy';
import { TEST_DB, type TestContext } from './helpers.ts';
import { adminApi, userWithRole } from './guest-fixtures.ts';
import { createOrganization, generalBody, guestRequest, signUp } from './registration-fixtures.ts';
import { auditCount, listState, openList } from './waitlist-fixtures.ts';
import { personal, privacySuite } from './privacy-fixtures.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/*
 * Personal data over its whole life (issue 20), on the real database with the server's clock moved:
 * consent at sign-up, the retention purge (once, across two instances; nothing personal left in any
 * column of any table; the figures intact), purge now, a guest's own data and withdrawal, and the
 * audit trail's before and after.
 */
describe(`personal data (${TEST_DB})`, () => {
  const suite = privacySuite();
  const { api, meetingAt, setPrivacy, signUpWith } = suite;
  let ctx: TestContext;
  let admin: string;
  let org: number;
  beforeEach(() => {
    ({ ctx, admin, org } = suite.state());
  });

  it('consent: the notice is shown in each language, an unticked box is refused, the version and time are kept', async () => {
    const now = ctx.now();
    const meeting = await meetingAt(now + DAY, now + 2 * DAY);
    const before = (
      await guestRequest(ctx, undefined, 'GET', `/api/public/meetings/${meeting.publicId}`)
    ).json().data;
    expect(before.privacy_notice).toBeNull();

    const settings = await setPrivacy(meeting.id, {
      notice: { 'zh-tw': '', 'zh-cn': '', en: 'Our own notice v1.' },
    });
    expect(settings.notice_version).toBe(1);
    const shown = async (lang: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/public/meetings/${meeting.publicId}`,
          headers: { 'accept-language': lang },
        })
      ).json().data.privacy_notice;
    expect(await shown('zh-tw')).toEqual({
      version: 1,
      text: {
        'zh-tw': DEFAULT_PRIVACY_NOTICE['zh-tw'],
        'zh-cn': DEFAULT_PRIVACY_NOTICE['zh-cn'],
        en: 'Our own notice v1.',
      },
    });

    const values = personal(1, 'consent');
    const refused = await signUp(ctx, meeting.publicId, generalBody(1, values), 1, 'zh-cn');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields.consent).toBe('请阅读并同意隐私声明');
    expect(
      await ctx.db.selectFrom('guests').select('id').where('meeting_id', '=', meeting.id).execute(),
    ).toEqual([]);

    const signed = await signUpWith(meeting.publicId, 1, values);
    const row = await ctx.db
      .selectFrom('guests')
      .select(['consent_version', 'consent_at'])
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ consent_version: 1, consent_at: ctx.now() });

    // A new text is a new version; the guest's copy keeps the words they agreed to.
    ctx.advance(HOUR);
    const v2 = await setPrivacy(meeting.id, {
      notice: { 'zh-tw': '', 'zh-cn': '', en: 'Changed notice v2.' },
    });
    expect(v2.notice_version).toBe(2);
    // Saving the same text again is not a new version.
    expect(
      (await setPrivacy(meeting.id, { notice: { 'zh-tw': '', 'zh-cn': '', en: 'Changed notice v2.' } }))
        .notice_version,
    ).toBe(2);
    const data = (await guestRequest(ctx, signed.guest_token, 'GET', '/api/public/guest/data')).json()
      .data as GuestPersonalData;
    expect(data.consent).toMatchObject({ version: 1, text: { en: 'Our own notice v1.' } });

    // A form that showed version 1 is asked to read version 2 first; one that showed 2 signs up.
    const stale = await signUp(
      ctx,
      meeting.publicId,
      generalBody(3, { ...personal(3, 'consent'), consent: true, consent_version: 1 }),
      3,
    );
    expect(stale.statusCode).toBe(400);
    expect(stale.json().data.fields.consent).toBe(
      'The privacy notice has just changed: please reload the page and read it again',
    );
    const current = await signUp(
      ctx,
      meeting.publicId,
      generalBody(3, { ...personal(3, 'consent'), consent: true, consent_version: 2 }),
      3,
    );
    expect(current.statusCode, current.body).toBe(200);

    // A meeting without the notice takes the form without consent, and keeps none.
    const plain = await meetingAt(now + DAY, now + 2 * DAY);
    await signUpWith(plain.publicId, 2, personal(2, 'consent'), false);
    const plainRow = await ctx.db
      .selectFrom('guests')
      .select(['consent_version', 'consent_at'])
      .where('meeting_id', '=', plain.id)
      .executeTakeFirstOrThrow();
    expect(plainRow).toEqual({ consent_version: null, consent_at: null });
  });

  it('a guest downloads their own data (all the guest page shows, nobody else) and withdraws: the seat goes to the first in line', async () => {
    const now = ctx.now();
    const meeting = await meetingAt(now + DAY, now + 2 * DAY, { registration_limit: 2 });
    await openList(ctx.db, meeting.id);
    const me = personal(1, 'own');
    const neighbour = personal(2, 'own');
    const waiting = personal(3, 'own');
    const mine = await signUpWith(meeting.publicId, 31, me, false);
    await signUpWith(meeting.publicId, 32, neighbour, false);
    const queued = await signUpWith(meeting.publicId, 33, waiting, false);
    expect(queued.guest).toBeNull();

    await ctx.app.jobs.runDue(); // the confirmation goes out
    const page = (await guestRequest(ctx, mine.guest_token, 'GET', '/api/public/guest')).json().data;
    const res = await guestRequest(ctx, mine.guest_token, 'GET', '/api/public/guest/data');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as GuestPersonalData;
    expect(data.guest).toMatchObject({
      guest_code: page.guest_code,
      name: page.display_name,
      email: me.email,
      phone: `+853${me.phone}`,
      institution: me.institution,
      contact_name: me.contact_name,
      signed_up_at: page.signed_up_at,
    });
    expect(data.meeting.public_id).toBe(meeting.publicId);
    expect(data.messages.map((m) => m.type)).toEqual(['confirmation']);
    const text = JSON.stringify(data);
    for (const value of [...Object.values(neighbour), ...Object.values(waiting)])
      expect(text).not.toContain(value);
    expect(await auditCount(ctx.db, 'privacy.data_downloaded')).toBeGreaterThan(0);

    // A second visitor joins the list and leaves it: their place keeps no contact or form.
    const leaver = personal(4, 'own');
    const leaving = await signUpWith(meeting.publicId, 34, leaver, false);
    expect((await guestRequest(ctx, leaving.guest_token, 'DELETE', '/api/public/waitlist')).statusCode).toBe(
      200,
    );
    const left = await ctx.db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('meeting_id', '=', meeting.id)
      .where('status', '=', 'left')
      .execute();
    expect(left).toHaveLength(1);
    for (const value of Object.values(leaver)) expect(JSON.stringify(left)).not.toContain(value);

    const withdrawn = await guestRequest(ctx, mine.guest_token, 'DELETE', '/api/public/guest');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await guestRequest(ctx, mine.guest_token, 'GET', '/api/public/guest')).statusCode).toBe(401);
    // The seat went to the first in line, whose token now opens a guest page.
    const list = await listState(ctx.db, meeting.id);
    expect(list.taken).toBe(2);
    expect(list.withStatus('promoted')).toHaveLength(1);
    expect((await guestRequest(ctx, queued.guest_token, 'GET', '/api/public/guest')).statusCode).toBe(200);
    const gone = await ctx.db
      .selectFrom('guests')
      .selectAll()
      .where('meeting_id', '=', meeting.id)
      .where('erased_at', 'is not', null)
      .execute();
    expect(gone).toHaveLength(1);
    expect(JSON.stringify(gone)).not.toContain(me.name);
    expect(JSON.stringify(gone)).not.toContain(me.phone);
    expect(await auditCount(ctx.db, 'privacy.withdrawn')).toBeGreaterThan(0);
  });

  it('the back office downloads a guest’s data and withdraws them on request, audited; other organisations see nothing', async () => {
    const now = ctx.now();
    const meeting = await meetingAt(now + DAY, now + 2 * DAY, { registration_limit: 5 });
    const values = personal(1, 'office');
    await signUpWith(meeting.publicId, 41, values, false);
    const { id } = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();

    const otherOrg = await createOrganization(ctx.db);
    const stranger = await userWithRole(ctx, adminApi(ctx, admin), 'organiser', otherOrg);
    expect((await adminApi(ctx, stranger)('GET', `/api/guests/${id}/personal-data`)).statusCode).toBe(404);
    expect((await adminApi(ctx, stranger)('POST', `/api/guests/${id}/withdraw`)).statusCode).toBe(404);
    const door = await userWithRole(ctx, adminApi(ctx, admin), 'door_staff', org);
    expect((await adminApi(ctx, door)('POST', `/api/guests/${id}/withdraw`)).statusCode).toBe(403);

    const data = (await api('GET', `/api/guests/${id}/personal-data`)).json().data as GuestPersonalData;
    expect(data.guest.email).toBe(values.email);
    const withdraw = await api('POST', `/api/guests/${id}/withdraw`);
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const row = await ctx.db.selectFrom('guests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.cancelled_at).not.toBeNull();
    expect(row.email).toBe('');
    expect(
      Number(
        (
          await ctx.db
            .selectFrom('meetings')
            .select('registered_count')
            .where('id', '=', meeting.id)
            .executeTakeFirstOrThrow()
        ).registered_count,
      ),
    ).toBe(0);
    const logs = (await api('GET', '/api/system-logs?keyword=Withdrew&page_size=5')).json().data.items;
    expect(logs[0]).toMatchObject({ username: 'admin', source_type: 'admin' });
    expect(logs[0].content).toContain(`guest #${id}`);
  });

  it('the audit trail shows what an edit changed, personal values masked; the retention days before and after', async () => {
    const now = ctx.now();
    const meeting = await meetingAt(now + DAY, now + 2 * DAY);
    const values = personal(1, 'audit');
    await signUpWith(meeting.publicId, 51, values, false);
    const { id } = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    const edited = await api('PUT', `/api/guests/${id}`, {
      ...generalBody(51, { ...values, email: 'changed@example.org', institution: 'Another Hospital' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [entry] = (await api('GET', '/api/system-logs?keyword=Updated guest&page_size=1')).json().data
      .items;
    expect(entry.changes).toEqual([
      { field: 'email', before: `m***@pd-audit.example`, after: 'c***@example.org' },
      { field: 'institution', before: 'I***', after: 'A***' },
    ]);
    expect(entry.ip).toBeTruthy();
    expect(JSON.stringify(entry)).not.toContain(values.email);

    await setPrivacy(meeting.id, { retention_days: 90 });
    const [privacyEntry] = (await api('GET', '/api/system-logs?keyword=privacy settings&page_size=1')).json()
      .data.items;
    expect(privacyEntry.changes).toContainEqual({ field: 'retention_days', before: '180', after: '90' });
    // The notice by language: only the text that changed.
    await setPrivacy(meeting.id, { retention_days: 90, notice: { 'zh-tw': '', 'zh-cn': '', en: 'Ours.' } });
    const [noticeEntry] = (await api('GET', '/api/system-logs?keyword=privacy settings&page_size=1')).json()
      .data.items;
    expect(noticeEntry.changes).toEqual([
      { field: 'privacy_notice.en', before: '', after: 'Ours.' },
      { field: 'privacy_notice_version', before: '1', after: '2' },
    ]);
  });

  it('settings are validated, scoped and need meeting:edit; audit entries past their own retention are removed', async () => {
    const now = ctx.now();
    const meeting = await meetingAt(now + DAY, now + 2 * DAY);
    const bad = await api('PUT', `/api/meetings/${meeting.id}/privacy`, {
      notice_enabled: true,
      notice: { 'zh-tw': 'x'.repeat(5001), 'zh-cn': '', en: '' },
      retention_days: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields).sort()).toEqual(['notice.zh-tw', 'retention_days']);
    const door = await userWithRole(ctx, adminApi(ctx, admin), 'door_staff', org);
    expect(
      (
        await adminApi(ctx, door)('PUT', `/api/meetings/${meeting.id}/privacy`, {
          notice_enabled: false,
          notice: { 'zh-tw': '', 'zh-cn': '', en: '' },
          retention_days: 10,
        })
      ).statusCode,
    ).toBe(403);

    // A shorter period whose date has passed would erase on the next pass: the name must be typed.
    const ended = await meetingAt(now - 20 * DAY, now - 10 * DAY, { name: '十日前的會議' });
    const shorter = {
      notice_enabled: false,
      notice: { 'zh-tw': '', 'zh-cn': '', en: '' },
      retention_days: 5,
    };
    const unconfirmed = await api('PUT', `/api/meetings/${ended.id}/privacy`, shorter);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().data.fields).toEqual({ confirm: 'The meeting name you typed does not match' });
    const confirmed = await api('PUT', `/api/meetings/${ended.id}/privacy`, {
      ...shorter,
      confirm: '十日前的會議',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // A longer one asks for nothing.
    expect(
      (await api('PUT', `/api/meetings/${ended.id}/privacy`, { ...shorter, retention_days: 400 })).statusCode,
    ).toBe(200);

    await ctx.db
      .insertInto('system_logs')
      .values({
        content: 'an old entry',
        action_type: 'update',
        source_type: 'admin',
        username: 'admin',
        ip: null,
        ip_location: null,
        message_key: null,
        message_params: null,
        created_at: ctx.now() - 800 * DAY,
      })
      .execute();
    // The retention pass runs at most once a minute per instance.
    ctx.advance(2 * 60_000);
    await ctx.app.jobs.runDue();
    const old = await ctx.db
      .selectFrom('system_logs')
      .select('id')
      .where('content', '=', 'an old entry')
      .execute();
    expect(old).toEqual([]);
    expect(await auditCount(ctx.db, 'privacy.logs_pruned')).toBeGreaterThan(0);
  });
});
