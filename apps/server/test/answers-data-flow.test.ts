import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import { pdf, multipart } from './file-fixtures.ts';
import { saveForm, tri } from './form-fixtures.ts';
import { adminApi, type Api } from './guest-fixtures.ts';
import { answerTermsOutOfStep } from './answer-terms-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { pdfFonts, pdftotext } from './pdf-fixtures.ts';
import { everyStoredText } from './privacy-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';
import { openList } from './waitlist-fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

const DAY = 86_400_000;

/**
 * A meeting's own fields: a department (personal, on the badge), a specialty (a choice, not personal:
 * kept for the figures after a purge, on the badge), a yes/no (on the badge, after its label), a file
 * (personal), and a question retired after it was answered.
 */
const FORM = [
  { key: 'department', type: 'short_text', label: tri('部門', '部门', 'Department'), on_badge: true },
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', '专科', 'Specialty'),
    personal: false,
    on_badge: true,
    options: [
      { value: 'surgery', label: tri('外科', '外科', 'Surgery') },
      { value: 'medicine', label: tri('內科', '内科', 'Medicine') },
    ],
  },
  { key: 'vegetarian', type: 'yes_no', label: tri('素食', '素食', 'Vegetarian'), on_badge: true },
  { key: 'membership', type: 'file', label: tri('會員證明', '会员证明', 'Proof of membership') },
  { key: 'old_question', type: 'short_text', label: tri('舊問題', '旧问题', 'Old question') },
];

/** Values no other test writes, so that a search of the whole database finds only these. */
const tagged = (what: string) => `${what}${randomBytes(4).toString('hex')}Zq`;

/*
 * Issue 42: a guest's answers to the meeting's own fields reach every place the guest's data goes —
 * webhook events, mail and certificate placeholders, badges, the guest's own copy of their data —
 * and leave with it: the purge and a withdrawal erase the personal answers (and a file no one else
 * answered with), everywhere they were copied.
 */
describe(`answers reach every place a guest's data goes (${TEST_DB})`, () => {
  let ctx: TestContext;
  let smtp: SmtpFixture;
  let receiver: Receiver;
  let org: number;
  let api: Api;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startReceiver();
    // The receiver listens on loopback: the operator's setting lets endpoints reach it.
    ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url });
    org = await createOrganization(ctx.db);
    api = adminApi(ctx, (await ctx.login()).access_token);
    const endpoint = await api('POST', '/api/webhooks', {
      url: receiver.url,
      description: 'CRM',
      event_types: ['guest.signed_up', 'guest.updated', 'guest.promoted'],
      organization_id: null,
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
  });
  beforeEach(async () => {
    api = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
    await smtp.close();
  });

  /** A meeting with the form, retired question still active. */
  async function meetingWithForm(name = 'Answers') {
    const meeting = await createMeeting(ctx.db, org, { name });
    const saved = await saveForm(ctx, (await ctx.login()).access_token, meeting.id, FORM, 0);
    expect(saved.statusCode, saved.body).toBe(200);
    return meeting;
  }

  /** Signs up with these answers in `lang`: the guest's id and token. */
  async function guestWith(publicId: string, answers: object, lang = 'en') {
    n += 1;
    const res = await signUp(ctx, publicId, generalBody(n, { answers }), n, lang);
    expect(res.statusCode, res.body).toBe(200);
    const row = await ctx.db
      .selectFrom('guests')
      .select(['id', 'answers'])
      .where('email', '=', `guest${n}@example.com`)
      .executeTakeFirstOrThrow();
    return { id: row.id, token: res.json().data.guest_token as string, answers: JSON.parse(row.answers) };
  }

  async function uploadPdf(meetingId: number) {
    const form = multipart([
      { name: 'kind', value: 'pdf' },
      {
        name: 'file',
        value: pdf(`% ${tagged('proof')}\n`),
        filename: 'proof.pdf',
        contentType: 'application/pdf',
      },
    ]);
    const token = (await ctx.login()).access_token;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, size } = res.json().data as { id: string; size: number };
    expect(meetingId).toBeGreaterThan(0);
    return { id, name: 'proof.pdf', mime: 'application/pdf', size };
  }

  const events = (type: string, guestId: number) =>
    receiver.events().filter((e) => e.type === type && e.data.guest_id === guestId);

  it('webhook events carry the answers: a sign-up and a back-office edit', async () => {
    const meeting = await meetingWithForm();
    const guest = await guestWith(meeting.publicId, {
      department: 'Cardiology',
      specialty: 'surgery',
      vegetarian: true,
      old_question: 'Kept',
    });
    expect(guest.answers).toEqual({
      department: 'Cardiology',
      specialty: 'surgery',
      vegetarian: true,
      old_question: 'Kept',
    });
    await ctx.app.jobs.runDue();
    await receiver.waitFor(1);
    const [signedUp] = events('guest.signed_up', guest.id);
    expect(signedUp?.data).toMatchObject({
      meeting_id: meeting.id,
      source: 'public',
      answers: guest.answers,
    });

    const before = receiver.received.length;
    const edit = await api('PUT', `/api/guests/${guest.id}`, generalBody(n, { name: 'Renamed' }));
    expect(edit.statusCode, edit.body).toBe(200);
    await ctx.app.jobs.runDue();
    await receiver.waitFor(before + 1);
    const [updated] = events('guest.updated', guest.id);
    expect(updated?.data).toMatchObject({ changed: ['name'], answers: guest.answers });
    // An edit that changes an answer sends the answers as written, the change named.
    const answered = await api(
      'PUT',
      `/api/guests/${guest.id}`,
      generalBody(n, { name: 'Renamed', answers: { ...guest.answers, specialty: 'medicine' } }),
    );
    expect(answered.statusCode, answered.body).toBe(200);
    await ctx.app.jobs.runDue();
    await receiver.waitFor(before + 2);
    const second = events('guest.updated', guest.id)[1];
    expect(second?.data).toMatchObject({
      changed: ['answers.specialty'],
      answers: { ...guest.answers, specialty: 'medicine' },
    });
  });

  it('a place on the waiting list keeps its answers: the guest it becomes is announced with them', async () => {
    const meeting = await meetingWithForm();
    await ctx.db
      .updateTable('meetings')
      .set({ registration_limit: 1 })
      .where('id', '=', meeting.id)
      .execute();
    await openList(ctx.db, meeting.id);
    const first = await guestWith(meeting.publicId, { department: 'First' });
    n += 1;
    const answers = { department: 'Waited', specialty: 'medicine' };
    const waiting = await signUp(ctx, meeting.publicId, generalBody(n, { answers }), n);
    expect(waiting.json().data.waiting, waiting.body).not.toBeNull();
    expect((await api('DELETE', `/api/guests/${first.id}`)).statusCode).toBe(200);
    const promoted = await ctx.db
      .selectFrom('guests')
      .select(['id', 'answers'])
      .where('email', '=', `guest${n}@example.com`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(promoted.answers)).toEqual(answers);
    await ctx.app.jobs.runDue();
    expect(events('guest.promoted', promoted.id)[0]?.data).toMatchObject({ session_id: null, answers });
  });

  it("fills {answer.<key>} in a confirmation mail in the guest's language (zh-tw and en)", async () => {
    const meeting = await meetingWithForm();
    const text = {
      subject: '{meeting}',
      body: 'D={answer.department} S={answer.specialty} V={answer.vegetarian}',
    };
    const saved = await api('PUT', `/api/meetings/${meeting.id}/mail-settings`, {
      confirmation_enabled: true,
      reminder_hours: 0,
      templates: { confirmation: { 'zh-tw': text, en: text } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answers = { department: 'Oncology', specialty: 'medicine', vegetarian: false };
    await guestWith(meeting.publicId, answers, 'zh-tw');
    const zhTw = n;
    await guestWith(meeting.publicId, answers, 'en');
    const en = n;
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const mailTo = (k: number) =>
      smtp.received.find((m) => m.to && 'text' in m.to && m.to.text === `guest${k}@example.com`);
    expect(mailTo(zhTw)?.text).toContain('D=Oncology S=內科 V=否');
    expect(mailTo(en)?.text).toContain('D=Oncology S=Medicine V=No');
    expect(mailTo(en)?.html).toContain('D=Oncology S=Medicine V=No');
  });

  it('prints {answer.<key>} on certificates and on_badge answers on badges, in their language', async () => {
    const meeting = await meetingWithForm();
    const guest = await guestWith(meeting.publicId, {
      department: 'Neurology',
      specialty: 'surgery',
      vegetarian: true,
    });
    const block = { text: 'Dept {answer.department} / {answer.specialty} / {answer.nope}', x: 50, y: 20 };
    for (const [language, specialty] of [
      ['en', 'Surgery'],
      ['zh-tw', '外科'],
    ] as const) {
      const preview = await api('POST', `/api/meetings/${meeting.id}/certificates/preview`, {
        template: { language, blocks: [block] },
        guest_id: guest.id,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(pdftotext(preview.rawPayload)).toContain(`Dept Neurology / ${specialty} / {answer.nope}`);
    }
    // Without a guest, the preview shows each field's label.
    const sample = await api('POST', `/api/meetings/${meeting.id}/certificates/preview`, {
      template: { language: 'en', blocks: [block] },
    });
    expect(pdftotext(sample.rawPayload)).toContain('Dept [Department] / [Specialty]');

    // An issued certificate reads the answers when it is drawn.
    const template = { language: 'en', blocks: [block] };
    const settings = await api('GET', `/api/meetings/${meeting.id}/certificate-settings`);
    const put = await api('PUT', `/api/meetings/${meeting.id}/certificate-settings`, {
      ...settings.json().data,
      template,
      updated_at: undefined,
    });
    expect(put.statusCode, put.body).toBe(200);
    await ctx.db
      .insertInto('certificates')
      .values({
        meeting_id: meeting.id,
        guest_id: guest.id,
        code: tagged('CODE').toUpperCase(),
        name: 'Guest',
        name_zh: 'Guest',
        name_en: 'Guest',
        minutes: 60,
        credits: 1,
        sessions: '[]',
        issued_at: ctx.now(),
        issued_by: null,
      })
      .execute();
    const issued = await api('GET', `/api/meetings/${meeting.id}/certificates/${guest.id}/pdf`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(pdftotext(issued.rawPayload)).toContain('Dept Neurology / Surgery');

    // The badge: the meeting's first language (zh-tw), a line each below the name and institution.
    const badge = await api('GET', `/api/meetings/${meeting.id}/badges?layout=single&guest_id=${guest.id}`);
    expect(badge.statusCode).toBe(200);
    const lines = pdftotext(badge.rawPayload)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines).toEqual(expect.arrayContaining(['Neurology', '外科', '素食：是']));
    expect(lines.indexOf('Neurology')).toBeGreaterThan(lines.indexOf('Hospital'));
    for (const font of pdfFonts(badge.rawPayload))
      expect(font).toMatchObject({ embedded: true, subset: true });

    // A retired field prints no more, even though it is still marked on_badge and answered.
    const retired = FORM.map((f) => (f.key === 'vegetarian' ? { ...f, retired: true } : f));
    expect((await saveForm(ctx, (await ctx.login()).access_token, meeting.id, retired, 1)).statusCode).toBe(
      200,
    );
    const after = await api('GET', `/api/meetings/${meeting.id}/badges?layout=single&guest_id=${guest.id}`);
    expect(after.statusCode).toBe(200);
    const linesAfter = pdftotext(after.rawPayload)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(linesAfter).toEqual(expect.arrayContaining(['Neurology', '外科']));
    expect(linesAfter.join('\n')).not.toContain('素食');
  });

  it("gives the guest their answers with the fields' labels, retired fields included", async () => {
    const meeting = await meetingWithForm();
    const guest = await guestWith(meeting.publicId, {
      department: 'Radiology',
      specialty: 'medicine',
      old_question: 'Asked once',
    });
    const retired = FORM.map((f) => (f.key === 'old_question' ? { ...f, retired: true } : f));
    expect((await saveForm(ctx, (await ctx.login()).access_token, meeting.id, retired, 1)).statusCode).toBe(
      200,
    );

    const own = await guestRequest(ctx, guest.token, 'GET', '/api/public/guest/data');
    expect(own.statusCode, own.body).toBe(200);
    const data = own.json().data as GuestPersonalData;
    expect(data.answers).toEqual([
      {
        key: 'department',
        type: 'short_text',
        label: tri('部門', '部门', 'Department'),
        value: 'Radiology',
        text: tri('Radiology', 'Radiology', 'Radiology'),
        retired: false,
      },
      {
        key: 'specialty',
        type: 'choice',
        label: tri('專科', '专科', 'Specialty'),
        value: 'medicine',
        text: tri('內科', '内科', 'Medicine'),
        retired: false,
      },
      {
        key: 'old_question',
        type: 'short_text',
        label: tri('舊問題', '旧问题', 'Old question'),
        value: 'Asked once',
        text: tri('Asked once', 'Asked once', 'Asked once'),
        retired: true,
      },
    ]);
    // The back office's copy for the guest is the same.
    const office = await api('GET', `/api/guests/${guest.id}/personal-data`);
    expect(office.statusCode, office.body).toBe(200);
    expect((office.json().data as GuestPersonalData).answers).toEqual(data.answers);
  });

  it('the purge erases personal answers everywhere, keeps the others, and deletes a file no one else answered with', async () => {
    const meeting = await meetingWithForm(tagged('Purged'));
    const other = await meetingWithForm();
    const [alone, shared] = [await uploadPdf(meeting.id), await uploadPdf(meeting.id)];
    const department = tagged('Dept');
    const a = await guestWith(meeting.publicId, {
      department,
      specialty: 'medicine',
      vegetarian: true,
      membership: alone,
    });
    const b = await guestWith(meeting.publicId, { specialty: 'surgery', membership: shared });
    // Another meeting's guest answered with the same file (files are content-addressed).
    const c = await guestWith(other.publicId, { department: 'Stays', membership: shared });
    await ctx.app.jobs.runDue();
    await receiver.waitFor(3);
    const stored = async () => (await everyStoredText(ctx.db)).filter((t) => t.text.includes(department));
    expect((await stored()).map((t) => t.table).sort()).toEqual(['guests', 'webhook_deliveries']);

    await ctx.db
      .updateTable('meetings')
      .set({ start_at: ctx.now() - 2 * DAY, end_at: ctx.now() - DAY })
      .where('id', '=', meeting.id)
      .execute();
    const name = (
      await ctx.db
        .selectFrom('meetings')
        .select('name')
        .where('id', '=', meeting.id)
        .executeTakeFirstOrThrow()
    ).name;
    const purged = await api('POST', `/api/meetings/${meeting.id}/purge`, { confirm: name });
    expect(purged.statusCode, purged.body).toBe(200);

    const answersOf = async (id: number) =>
      JSON.parse(
        (await ctx.db.selectFrom('guests').select('answers').where('id', '=', id).executeTakeFirstOrThrow())
          .answers,
      ) as Record<string, unknown>;
    expect(await answersOf(a.id)).toEqual({ specialty: 'medicine' });
    expect(await answersOf(b.id)).toEqual({ specialty: 'surgery' });
    expect(await answersOf(c.id)).toEqual(c.answers);
    expect(await stored()).toEqual([]);
    // The events still in the outbox keep the answers for the figures only.
    const deliveries = await ctx.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('guest_id', '=', a.id)
      .execute();
    expect(deliveries.map((d) => JSON.parse(d.payload).data.answers)).toEqual([{ specialty: 'medicine' }]);
    const files = await ctx.db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', [alone.id, shared.id])
      .execute();
    expect(files.map((f) => f.id)).toEqual([shared.id]);
  });

  it('a withdrawal erases the guest’s personal answers and their file', async () => {
    const meeting = await meetingWithForm();
    const file = await uploadPdf(meeting.id);
    const department = tagged('Gone');
    const guest = await guestWith(meeting.publicId, { department, specialty: 'surgery', membership: file });
    const stays = await guestWith(meeting.publicId, { department: tagged('Stays'), specialty: 'medicine' });
    await ctx.app.jobs.runDue();
    const withdrawn = await guestRequest(ctx, guest.token, 'DELETE', '/api/public/guest');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await everyStoredText(ctx.db)).filter((t) => t.text.includes(department))).toEqual([]);
    const row = await ctx.db
      .selectFrom('guests')
      .select('answers')
      .where('id', '=', guest.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.answers)).toEqual({ specialty: 'surgery' });
    const kept = await ctx.db
      .selectFrom('guests')
      .select('answers')
      .where('id', '=', stays.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(kept.answers)).toEqual(stays.answers);
    expect(await ctx.db.selectFrom('files').select('id').where('id', '=', file.id).execute()).toEqual([]);
  });

  it('keeps the answer terms the list filters on in step with every answer written', async () => {
    expect(await answerTermsOutOfStep(ctx.db)).toEqual([]);
  });
});
