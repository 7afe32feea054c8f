import { describe, expect, it } from 'vitest';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { SystemLogEntry, SystemLogPage } from '@meetflow/shared/schemas/system-log';
import { HOUR, meetingsFixture, T0 } from './meeting-fixtures.ts';
import { TEST_DB } from './helpers.ts';

/*
 * The audit trail shows what changed (issue 20): each back-office change's entry lists the fields it
 * touched with their values before and after, read through GET /api/system-logs. Personal values
 * (users' e-mail addresses) are masked; passwords and their hashes are never kept.
 */
describe(`audit entries list the changed fields (${TEST_DB})`, () => {
  const w = meetingsFixture();
  const { api, body } = w;

  async function ok<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<T> {
    const res = await api(method, url, w.admin, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  }

  /** The newest entry of this action whose text contains `keyword`. */
  async function latest(action: 'create' | 'update' | 'delete', keyword: string): Promise<SystemLogEntry> {
    const query = new URLSearchParams({ action_type: action, keyword, page_size: '1' });
    const res = await api('GET', `/api/system-logs?${query}`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    const entry = (res.json().data as SystemLogPage).items[0];
    if (!entry) throw new Error(`no ${action} entry with "${keyword}"`);
    return entry;
  }

  const fields = (changes: FieldChange[]) => changes.map((c) => c.field);

  it('meetings: an edit lists exactly the fields changed, an unchanged flag not among them', async () => {
    const meeting = await ok<{ id: number }>(
      'POST',
      '/api/meetings',
      body({ name: 'Audit congress', registration_limit: 100, signup_enabled: true, multi_language: true }),
    );
    const created = await latest('create', 'Audit congress');
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Audit congress' },
        { field: 'registration_limit', before: null, after: '100' },
        { field: 'signup_enabled', before: null, after: '1' },
      ]),
    );

    // The same form sent back with two edits: the flags arrive as booleans, stored as 1/0.
    await ok(
      'PUT',
      `/api/meetings/${meeting.id}`,
      body({
        name: 'Audit congress 2027',
        registration_limit: 150,
        signup_enabled: true,
        multi_language: true,
      }),
    );
    const updated = await latest('update', 'Audit congress 2027');
    expect(updated.changes).toEqual([
      { field: 'name', before: 'Audit congress', after: 'Audit congress 2027' },
      { field: 'registration_limit', before: '100', after: '150' },
    ]);
    expect(fields(updated.changes)).not.toContain('signup_enabled');

    // A flag that does change is listed as stored.
    await ok(
      'PUT',
      `/api/meetings/${meeting.id}`,
      body({ name: 'Audit congress 2027', registration_limit: 150, signup_enabled: false }),
    );
    expect((await latest('update', 'Audit congress 2027')).changes).toEqual([
      { field: 'signup_enabled', before: '1', after: '0' },
    ]);

    await ok('DELETE', `/api/meetings/${meeting.id}`);
    expect((await latest('delete', 'Audit congress 2027')).changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Audit congress 2027', after: null },
        { field: 'registration_limit', before: '150', after: null },
      ]),
    );
  });

  it('users: an e-mail change is masked, and no password or hash is kept anywhere', async () => {
    const password = 'Audit-secret-771';
    const roles = (await api('GET', '/api/roles', w.admin)).json().data as { id: number; code: string }[];
    const organiser = roles.find((r) => r.code === 'organiser')!;
    const user = await ok<{ id: number }>('POST', '/api/users', {
      account: 'auditee',
      name: 'Audit Person',
      email: 'frank.old@example.org',
      role_id: organiser.id,
      organization_id: w.orgs.macao,
      password,
    });
    const created = await latest('create', 'auditee');
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { field: 'account', before: null, after: 'auditee' },
        { field: 'email', before: null, after: 'f***@example.org' },
      ]),
    );

    await ok('PUT', `/api/users/${user.id}`, { name: 'Audit Person 2', email: 'grace.new@example.com' });
    const updated = await latest('update', 'auditee');
    expect(updated.changes).toEqual([
      { field: 'name', before: 'Audit Person', after: 'Audit Person 2' },
      { field: 'email', before: 'f***@example.org', after: 'g***@example.com' },
    ]);

    // The same account edits its own profile: the address is masked there too.
    const own = (await w.ctx.login({ account: 'auditee', password })).access_token;
    const profile = await api('PUT', '/api/me/profile', own, {
      name: 'Audit Person 2',
      email: 'henry.own@example.net',
      language: null,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await latest('update', 'own profile')).changes).toEqual([
      { field: 'email', before: 'g***@example.com', after: 'h***@example.net' },
    ]);

    await ok('POST', `/api/users/${user.id}/reset-password`, { password: 'Audit-secret-772' });
    expect((await latest('update', 'Reset the password')).changes).toEqual([]);

    const hash = await w.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const stored = await w.ctx.db.selectFrom('system_logs').select(['changes', 'message_params']).execute();
    const everything = JSON.stringify(stored);
    expect(everything).toContain('f***@example.org');
    for (const secret of [
      password,
      'Audit-secret-772',
      hash.password_hash,
      '$argon2',
      'password_hash',
      'frank.old',
      'grace.new',
      'henry.own',
    ])
      expect(everything).not.toContain(secret);
  });

  it('organisations: a rename lists the name before and after', async () => {
    await ok('PUT', `/api/organizations/${w.orgs.taiwan}`, { name: 'Taiwan university' });
    expect((await latest('update', 'Taiwan university')).changes).toEqual([
      { field: 'name', before: 'Taiwan college', after: 'Taiwan university' },
    ]);
  });

  it('dictionary: entries and sessions list what an edit changed, and what a delete removed', async () => {
    const entry = await ok<{ id: number }>('POST', '/api/dictionary-entries', {
      type: 'title',
      label: 'Dr',
      value: 'dr',
    });
    expect((await latest('create', 'dr')).changes).toEqual(
      expect.arrayContaining([
        { field: 'type', before: null, after: 'title' },
        { field: 'value', before: null, after: 'dr' },
      ]),
    );
    await ok('PUT', `/api/dictionary-entries/${entry.id}`, { type: 'title', label: 'Doctor', value: 'dr' });
    expect((await latest('update', 'dr')).changes).toEqual([
      { field: 'label', before: 'Dr', after: 'Doctor' },
    ]);
    await ok('DELETE', `/api/dictionary-entries/${entry.id}`);
    expect((await latest('delete', 'dr')).changes).toEqual(
      expect.arrayContaining([{ field: 'label', before: 'Doctor', after: null }]),
    );

    const meeting = await ok<{ id: number }>(
      'POST',
      '/api/meetings',
      body({ name: 'Sessions meeting', meeting_type: 'date_schedule', end_at: T0 + 8 * HOUR }),
    );
    const session = {
      name: 'Morning',
      name_cn: 'Morning',
      name_en: 'Morning',
      signup_limit: 10,
      date: '2027-01-10',
      waitlist_enabled: false,
    };
    const schedule = await ok<{ id: number }>('POST', `/api/meetings/${meeting.id}/schedules`, session);
    await ok('PUT', `/api/schedules/${schedule.id}`, {
      ...session,
      name_en: 'Morning talks',
      signup_limit: 20,
    });
    expect((await latest('update', 'Morning')).changes).toEqual([
      { field: 'name_en', before: 'Morning', after: 'Morning talks' },
      { field: 'signup_limit', before: '10', after: '20' },
    ]);
  });

  it('mail settings: each setting and text that changed, unchanged flags left out', async () => {
    const meeting = await ok<{ id: number }>('POST', '/api/meetings', body({ name: 'Mail meeting' }));
    const url = `/api/meetings/${meeting.id}/mail-settings`;
    await ok('PUT', url, {
      confirmation_enabled: true,
      reminder_hours: 6,
      templates: { reminder: { en: { subject: 'Soon', body: 'See you there' } } },
    });
    expect((await latest('update', 'Mail meeting')).changes).toEqual([
      { field: 'reminder_hours', before: '0', after: '6' },
      { field: 'templates.reminder.en.subject', before: null, after: 'Soon' },
      { field: 'templates.reminder.en.body', before: null, after: 'See you there' },
    ]);

    await ok('PUT', url, {
      confirmation_enabled: false,
      reminder_hours: 6,
      templates: { reminder: { en: { subject: 'Tomorrow', body: 'See you there' } } },
    });
    expect((await latest('update', 'Mail meeting')).changes).toEqual([
      { field: 'confirmation_enabled', before: '1', after: '0' },
      { field: 'templates.reminder.en.subject', before: 'Soon', after: 'Tomorrow' },
    ]);
  });

  it('certificate settings: the rule and template values that changed, by name', async () => {
    const meeting = await ok<{ id: number }>('POST', '/api/meetings', body({ name: 'Certificate meeting' }));
    const url = `/api/meetings/${meeting.id}/certificate-settings`;
    const settings = (rule: object, text: string, guestDownload: boolean) => ({
      rule,
      template: { language: 'en', blocks: [{ text, x: 50, y: 10, size: 20 }] },
      guest_download: guestDownload,
    });
    await ok('PUT', url, settings({ min_minutes: 60 }, 'Certificate', false));
    expect((await latest('update', 'Certificate meeting')).changes).toEqual(
      expect.arrayContaining([
        { field: 'rule.min_minutes', before: '0', after: '60' },
        expect.objectContaining({ field: 'template.blocks.0.text', after: 'Certificate' }),
      ]),
    );

    await ok('PUT', url, settings({ min_minutes: 90 }, 'Certificate of attendance', true));
    expect((await latest('update', 'Certificate meeting')).changes).toEqual([
      { field: 'rule.min_minutes', before: '60', after: '90' },
      { field: 'template.blocks.0.text', before: 'Certificate', after: 'Certificate of attendance' },
      { field: 'guest_download', before: '0', after: '1' },
    ]);
  });

  it('display settings: a colour changed and a text set for the first time', async () => {
    const meeting = await ok<{ id: number }>('POST', '/api/meetings', body({ name: 'Display meeting' }));
    await ok('PUT', `/api/meetings/${meeting.id}/display-config`, {
      theme_color: '#FF0000',
      signup_title_en: 'Join us',
    });
    expect((await latest('update', 'Display meeting')).changes).toEqual([
      { field: 'theme_color', before: '#0958d9', after: '#ff0000' },
      { field: 'signup_title_en', before: null, after: 'Join us' },
    ]);
  });
});
