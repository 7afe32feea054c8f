import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { everyTypeAnswers, everyTypeForm, saveForm, twelveFieldForm } from './form-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  signUp,
} from './registration-fixtures.ts';

describe(`registration forms that organisers design (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
    admin = (await ctx.login()).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function storedAnswers(meetingId: number, phoneEnd: string) {
    const row = await ctx.db
      .selectFrom('guests')
      .select('answers')
      .where('meeting_id', '=', meetingId)
      .where('phone', 'like', `%${phoneEnd}`)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.answers) as Record<string, unknown>;
  }

  it('builds a form with every field type, shows it to visitors and keeps the answers of shown fields', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const empty = await ctx.app.inject({
      method: 'GET',
      url: `/api/meetings/${meeting.id}/form`,
      headers: bearer(admin),
    });
    expect(empty.json().data).toEqual({ fields: [], version: 0, answered_keys: [] });

    const saved = await saveForm(ctx, admin, meeting.id, everyTypeForm(), 0);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.version).toBe(1);
    expect(saved.json().data.fields.map((f: { type: string }) => f.type)).toEqual([
      'heading',
      'note',
      'choice',
      'multi_choice',
      'number',
      'short_text',
      'long_text',
      'yes_no',
      'short_text',
      'date',
      'email',
      'phone',
      'file',
      'choice',
      'consent',
    ]);
    const log = await ctx.db
      .selectFrom('system_logs')
      .select(['message_key', 'changes'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.message_key).toBe('registration_form.updated');
    expect(log.changes).toContain('field specialty');

    const publicMeeting = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/meetings/${meeting.publicId}`,
    });
    expect(publicMeeting.json().data.form_fields).toHaveLength(15);

    const ok = await signUp(ctx, meeting.publicId, generalBody(1, { answers: everyTypeAnswers }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await storedAnswers(meeting.id, '000001')).toEqual({
      ...everyTypeAnswers,
      office_phone: { area_code: '852', phone: '+85223456789' },
    });

    // A medical doctor: the surgery chain is hidden, so its answers are dropped rather than refused.
    const physician = await signUp(
      ctx,
      meeting.publicId,
      generalBody(2, { answers: { ...everyTypeAnswers, specialty: 'medicine', accompanied: false } }),
      2,
    );
    expect(physician.statusCode, physician.body).toBe(200);
    const kept = await storedAnswers(meeting.id, '000002');
    expect(kept).not.toHaveProperty('subspecialty');
    expect(kept).not.toHaveProperty('robotic_years');
    expect(kept).not.toHaveProperty('companion');
    expect(kept.specialty).toBe('medicine');
  });

  it("refuses what a form does not allow, naming each field in the visitor's language", async () => {
    const meeting = await createMeeting(ctx.db, org);
    expect((await saveForm(ctx, admin, meeting.id, everyTypeForm(), 0)).statusCode).toBe(200);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ specialty: undefined }, 'specialty', 'Specialty is required'],
      [{ subspecialty: [] }, 'subspecialty', 'Sub-specialty is required'],
      [{ subspecialty: ['robotic', 'open', 'lap'] }, 'subspecialty', 'Sub-specialty takes at most 2 choices'],
      [{ robotic_years: 61 }, 'robotic_years', 'Years of robotic surgery must be at most 60'],
      [{ robotic_years: undefined }, 'robotic_years', 'Years of robotic surgery is required'],
      [{ department: 'B' }, 'department', 'Department needs at least 2 characters'],
      [{ companion: '' }, 'companion', 'Companion name is required'],
      [{ birthday: '2001-02-29' }, 'birthday', 'Date of birth is not a valid date'],
      [{ work_email: 'dr@' }, 'work_email', 'Work e-mail is not a valid e-mail address'],
      [
        { office_phone: { area_code: '853', phone: '123' } },
        'office_phone',
        'Office phone is not a valid number for the area code',
      ],
      [{ diet: 'fish' }, 'diet', 'Diet is not one of the choices'],
      [{ photo_ok: false }, 'photo_ok', 'I agree to be photographed must be ticked'],
    ];
    let n = 100;
    for (const [change, key, message] of cases) {
      const res = await signUp(
        ctx,
        meeting.publicId,
        generalBody(n, { answers: { ...everyTypeAnswers, ...change } }),
        n,
      );
      n += 1;
      expect(res.statusCode, key).toBe(400);
      expect(res.json().data.fields).toEqual({ [`answers.${key}`]: message });
    }
    const zh = await signUp(
      ctx,
      meeting.publicId,
      generalBody(n, { answers: { ...everyTypeAnswers, specialty: '' } }),
      n,
      'zh-TW',
    );
    expect(zh.json().data.fields).toEqual({ 'answers.specialty': '「專科」：此欄位必填' });
    const guests = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(guests).toHaveLength(0);
  });

  it('shows a field only to the registration types chosen (date-schedule form)', async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const session = await createSchedule(ctx.db, meeting.id, 0);
    const doctor = await createUserType(ctx.db, meeting.id, [session]);
    const nurse = await createUserType(ctx.db, meeting.id, [session]);
    const form = [
      {
        key: 'college',
        type: 'short_text',
        label: { 'zh-tw': '學院' },
        required: true,
        user_type_ids: [doctor],
      },
    ];
    expect((await saveForm(ctx, admin, meeting.id, form, 0)).statusCode).toBe(200);
    const refused = await signUp(ctx, meeting.publicId, dateScheduleBody(1, doctor, [session]), 1);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().data.fields)).toEqual(['answers.college']);
    const nurseOk = await signUp(ctx, meeting.publicId, dateScheduleBody(2, nurse, [session]), 2);
    expect(nurseOk.statusCode, nurseOk.body).toBe(200);
    const doctorOk = await signUp(
      ctx,
      meeting.publicId,
      { ...dateScheduleBody(3, doctor, [session]), answers: { college: 'HKCP' } },
      3,
    );
    expect(doctorOk.statusCode, doctorOk.body).toBe(200);
  });

  it('keeps answers safe when the form changes: answered fields keep their type and are retired, not removed', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const form = everyTypeForm();
    await saveForm(ctx, admin, meeting.id, form, 0);
    expect(
      (await signUp(ctx, meeting.publicId, generalBody(300, { answers: everyTypeAnswers }), 300)).statusCode,
    ).toBe(200);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/meetings/${meeting.id}/form`,
      headers: bearer(admin),
    });
    expect(read.json().data.answered_keys).toContain('department');
    expect(read.json().data.answered_keys).not.toContain('membership');

    const departmentAt = form.findIndex((f) => f.key === 'department');
    const retyped = form.map((f) => (f.key === 'department' ? { ...f, type: 'long_text' } : f));
    const typeChange = await saveForm(ctx, admin, meeting.id, retyped, 1);
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().data.fields).toEqual({ [`fields.${departmentAt}.type`]: expect.any(String) });
    const removed = await saveForm(
      ctx,
      admin,
      meeting.id,
      form.filter((f) => f.key !== 'department'),
      1,
    );
    expect(removed.statusCode).toBe(400);
    // A field nobody answered may go; reordering and relabelling are free.
    const reordered = [...form.filter((f) => f.key !== 'membership')]
      .reverse()
      .map((f) => (f.key === 'remarks' ? { ...f, label: { 'zh-tw': '其他備註', en: 'Other remarks' } } : f));
    const ordered = await saveForm(ctx, admin, meeting.id, reordered, 1);
    // Reversed, the conditions now point to later fields: refused on the condition, not on answers.
    expect(ordered.statusCode).toBe(400);
    expect(Object.keys(ordered.json().data.fields).some((k) => k.endsWith('show_if.key'))).toBe(true);
    const relabelled = form
      .filter((f) => f.key !== 'membership')
      .map((f) => (f.key === 'department' ? { ...f, retired: true } : f));
    const retired = await saveForm(ctx, admin, meeting.id, relabelled, 1);
    expect(retired.statusCode, retired.body).toBe(200);
    // A stale version is refused.
    expect((await saveForm(ctx, admin, meeting.id, relabelled, 1)).statusCode).toBe(409);

    const publicMeeting = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/meetings/${meeting.publicId}`,
    });
    const shown = publicMeeting.json().data.form_fields.map((f: { key: string }) => f.key);
    expect(shown).not.toContain('department');
    // New sign-ups no longer answer it; the old guest's answer stays.
    const later = await signUp(ctx, meeting.publicId, generalBody(301, { answers: everyTypeAnswers }), 301);
    expect(later.statusCode).toBe(200);
    expect(await storedAnswers(meeting.id, '000301')).not.toHaveProperty('department');
    expect((await storedAnswers(meeting.id, '000300')).department).toBe('Surgery B');
  });

  it('refuses a form whose conditions or options are wrong, and a user without meeting:edit', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const bad = await saveForm(
      ctx,
      admin,
      meeting.id,
      [
        { key: 'a', type: 'choice', label: { 'zh-tw': 'A' }, options: [] },
        { key: 'a', type: 'short_text', label: { 'zh-tw': 'B' }, show_if: { key: 'zzz', values: ['x'] } },
      ],
      0,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields).sort()).toEqual([
      'fields.0.options',
      'fields.1.key',
      'fields.1.show_if.key',
    ]);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/api/meetings/${meeting.id}/form`,
      payload: { fields: [], version: 0 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('300 concurrent sign-ups with a 12-field form for 50 seats: exactly 50 accepted', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 50 });
    expect((await saveForm(ctx, admin, meeting.id, twelveFieldForm(), 0)).statusCode).toBe(200);
    const answers = { ...everyTypeAnswers, hospital: 'Kiang Wu' };
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        signUp(ctx, meeting.publicId, generalBody(1000 + i, { answers }), 1000 + i),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(50);
    expect(
      results.filter((r) => r.statusCode === 409 && r.json().code === ERRORS.MEETING_FULL.code),
    ).toHaveLength(250);
    const rows = await ctx.db
      .selectFrom('guests')
      .select('answers')
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => JSON.parse(r.answers).hospital === 'Kiang Wu')).toBe(true);
  }, 60_000);
});
