import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { ANSWER_FILE_MAX_BYTES } from '@meetflow/shared/forms/form-basics';
import { PUBLIC_LIMITS } from '../src/modules/registration/public-limits.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { multipart, pdf, png } from './file-fixtures.ts';
import { everyTypeAnswers, everyTypeForm, saveForm, tri } from './form-fixtures.ts';
import {
  clientIp,
  createMeeting,
  createOrganization,
  generalBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

/** Files for the file fields of a meeting's form (issue 42): the public upload and the sign-up's check. */
describe(`public uploads for form answers (${TEST_DB})`, () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let org: number;
  let admin: string;
  let meeting: MeetingFixture;

  beforeAll(async () => {
    ctx = await createTestContext(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    org = await createOrganization(ctx.db);
    admin = (await ctx.login()).access_token;
    meeting = await createMeeting(ctx.db, org);
    expect((await saveForm(ctx, admin, meeting.id, everyTypeForm(), 0)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
    // The test read the log itself: an error line there is a failure all the same.
    expect(lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
  });

  const upload = (
    publicId: string,
    file: { bytes: Buffer; name: string; type: string } | null,
    n: number,
    lang = 'en',
  ) => {
    const body = multipart(
      file ? [{ name: 'file', value: file.bytes, filename: file.name, contentType: file.type }] : [],
    );
    return ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${publicId}/uploads`,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': lang },
      remoteAddress: clientIp(n),
    });
  };
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('takes a PDF and a PNG by their bytes, answering what the answer names; nothing personal is logged', async () => {
    lines.length = 0;
    const doc = pdf('% membership card\n');
    const pdfAnswer = await upload(
      meeting.publicId,
      { bytes: doc, name: 'C:\\Users\\chan\\Chan Tai Man card.pdf', type: 'application/octet-stream' },
      1,
    );
    expect(pdfAnswer.statusCode, pdfAnswer.body).toBe(200);
    expect(pdfAnswer.json().data).toEqual({
      id: sha(doc),
      name: 'Chan Tai Man card.pdf',
      mime: 'application/pdf',
      size: doc.length,
    });
    const picture = png(800, 600);
    const pngAnswer = await upload(
      meeting.publicId,
      { bytes: picture, name: 'card.png', type: 'image/png' },
      1,
    );
    expect(pngAnswer.statusCode, pngAnswer.body).toBe(200);
    expect(pngAnswer.json().data).toMatchObject({ id: sha(picture), mime: 'image/png', name: 'card.png' });
    // The bytes are stored once, under their hash.
    const stored = await ctx.db
      .selectFrom('files')
      .select(['mime', 'size'])
      .where('id', '=', sha(doc))
      .execute();
    expect(stored).toEqual([{ mime: 'application/pdf', size: doc.length }]);
    // Anonymous: no audit entry, and the request log names the route, never the file.
    const audit = await ctx.db.selectFrom('system_logs').select('message_key').execute();
    expect(audit.map((r) => r.message_key)).not.toContain('file.uploaded');
    const log = lines.join('');
    expect(log).toContain(`/api/public/meetings/${meeting.publicId}/uploads`);
    for (const personal of ['Chan Tai Man', 'card.pdf', 'membership card'])
      expect(log).not.toContain(personal);
  });

  it('refuses a renamed text file, a file too large, a flood image, an empty request', async () => {
    const text = await upload(
      meeting.publicId,
      { bytes: Buffer.from('just some text, not a PDF'), name: 'proof.pdf', type: 'application/pdf' },
      2,
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe(ERRORS.FILE_TYPE_NOT_ALLOWED.code);
    const webp = Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8X', 'latin1'), Buffer.alloc(18)]);
    expect(
      (await upload(meeting.publicId, { bytes: webp, name: 'a.png', type: 'image/png' }, 2)).statusCode,
    ).toBe(415);
    const large = pdf(`% ${'x'.repeat(ANSWER_FILE_MAX_BYTES)}\n`);
    const tooLarge = await upload(
      meeting.publicId,
      { bytes: large, name: 'big.pdf', type: 'application/pdf' },
      2,
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe(ERRORS.FILE_TOO_LARGE.code);
    const flood = await upload(
      meeting.publicId,
      { bytes: png(20_000, 20_000), name: 'f.png', type: 'image/png' },
      2,
    );
    expect(flood.statusCode).toBe(413);
    expect(flood.json().code).toBe(ERRORS.IMAGE_DIMENSIONS_TOO_LARGE.code);
    const none = await upload(meeting.publicId, null, 2);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe(ERRORS.FILE_REQUIRED.code);
    // The message is in the visitor's language.
    const zh = await upload(
      meeting.publicId,
      { bytes: Buffer.from('text'), name: 'x.pdf', type: 'application/pdf' },
      2,
      'zh-TW',
    );
    expect(zh.json().message).toBe(ERRORS.FILE_TYPE_NOT_ALLOWED.message['zh-tw']);
  });

  it('takes files only for a live meeting taking sign-ups whose form asks for one', async () => {
    const file = { bytes: pdf(), name: 'a.pdf', type: 'application/pdf' };
    const noFileField = await createMeeting(ctx.db, org);
    const textOnly = [{ key: 'hospital', type: 'short_text', label: tri('醫院', '医院', 'Hospital') }];
    expect((await saveForm(ctx, admin, noFileField.id, textOnly, 0)).statusCode).toBe(200);
    expect((await upload(noFileField.publicId, file, 3)).statusCode).toBe(404);
    const closed = await createMeeting(ctx.db, org, { signup_enabled: 0 });
    expect((await saveForm(ctx, admin, closed.id, everyTypeForm(), 0)).statusCode).toBe(200);
    const refused = await upload(closed.publicId, file, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERRORS.REGISTRATION_CLOSED.code);
    expect((await upload('no-such-meeting', file, 3)).json().code).toBe(ERRORS.NO_MEETING.code);
  });

  it('counts uploads per address, whatever the answer', async () => {
    const { points } = PUBLIC_LIMITS.answerUploadPerIp;
    const file = { bytes: png(10, 10), name: 'a.png', type: 'image/png' };
    for (let i = 0; i < points; i++) {
      expect((await upload(meeting.publicId, i % 2 ? file : null, 4)).statusCode).not.toBe(429);
    }
    const limited = await upload(meeting.publicId, file, 4);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ERRORS.RATE_LIMITED.code);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still uploads.
    expect((await upload(meeting.publicId, file, 5)).statusCode).toBe(200);
  });

  it('signs up with a file uploaded before; refuses a file never uploaded or of another type', async () => {
    const doc = pdf('% proof of membership\n');
    const uploaded = await upload(
      meeting.publicId,
      { bytes: doc, name: 'proof.pdf', type: 'application/pdf' },
      6,
    );
    const membership = uploaded.json().data as { id: string; name: string; mime: string; size: number };
    const ok = await signUp(
      ctx,
      meeting.publicId,
      generalBody(601, { answers: { ...everyTypeAnswers, membership } }),
      601,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await ctx.db
      .selectFrom('guests')
      .select('answers')
      .where('meeting_id', '=', meeting.id)
      .where('phone', 'like', '%000601')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.answers).membership).toEqual(membership);

    const never = {
      id: sha(Buffer.from('never uploaded')),
      name: 'x.pdf',
      mime: 'application/pdf',
      size: 10,
    };
    const refused = await signUp(
      ctx,
      meeting.publicId,
      generalBody(602, { answers: { ...everyTypeAnswers, membership: never } }),
      602,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields).toEqual({
      'answers.membership': 'Proof of membership must be a PDF, JPEG or PNG file',
    });
    const otherType = await signUp(
      ctx,
      meeting.publicId,
      generalBody(603, {
        answers: { ...everyTypeAnswers, membership: { ...membership, mime: 'image/png' } },
      }),
      603,
      'zh-TW',
    );
    expect(otherType.json().data.fields).toEqual({
      'answers.membership': '「會員證明」：請上載 PDF、JPEG 或 PNG 檔案',
    });
    const guests = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(guests).toHaveLength(1);
  });
});
