import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { multipart, pdf, png } from './file-fixtures.ts';
import { everyTypeAnswers, everyTypeForm, saveForm } from './form-fixtures.ts';
import {
  clientIp,
  createMeeting,
  createOrganization,
  generalBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

const HOUR = 3_600_000;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
type FileAnswer = { id: string; name: string; mime: string; size: number };

/*
 * Issue 42: a visitor's file answer (proof of membership) is personal data. The public file route
 * serves banners and PDFs only; the back office opens a guest's file through that guest; uploads no
 * sign-up named within a day are swept away.
 */
describe(`private answer files (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let organiser: Api;
  let outsider: Api;
  let doorStaff: Api;
  let meeting: MeetingFixture;
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    const org = await createOrganization(ctx.db);
    const elsewhere = await createOrganization(ctx.db);
    const adminToken = (await ctx.login()).access_token;
    admin = adminApi(ctx, adminToken);
    organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', org));
    outsider = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', elsewhere));
    doorStaff = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', org));
    meeting = await createMeeting(ctx.db, org);
    expect((await saveForm(ctx, adminToken, meeting.id, everyTypeForm(), 0)).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  /** The visitor's upload: what the answer names. */
  async function upload(bytes: Buffer, name: string): Promise<FileAnswer> {
    n += 1;
    const body = multipart([{ name: 'file', value: bytes, filename: name, contentType: 'application/pdf' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${meeting.publicId}/uploads`,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: clientIp(n),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as FileAnswer;
  }

  /** An organiser's upload through the back office (a banner or a PDF for the public pages). */
  async function organiserUpload(kind: 'banner' | 'pdf', bytes: Buffer) {
    const body = multipart([
      { name: 'kind', value: kind },
      { name: 'file', value: bytes, filename: 'x', contentType: 'application/octet-stream' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${(await ctx.login()).access_token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string };
  }

  /** A guest who answered the file field with `membership`: their id. */
  async function guestWith(membership: FileAnswer): Promise<number> {
    n += 1;
    const res = await signUp(
      ctx,
      meeting.publicId,
      generalBody(700 + n, { answers: { ...everyTypeAnswers, membership } }),
      n,
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .where('answers', 'like', `%${membership.id}%`)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const publicGet = (id: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/files/${id}`, headers });

  it('keeps a visitor’s upload off the public file route, also for a revalidation; a banner stays public', async () => {
    const proof = await upload(pdf('% private proof A\n'), 'proof.pdf');
    const miss = await publicGet(proof.id);
    expect(miss.statusCode).toBe(404);
    expect(miss.json().code).toBe(ERRORS.NOT_FOUND.code);
    expect(miss.headers['cache-control'] ?? '').not.toContain('immutable');
    expect(miss.headers.etag).toBeUndefined();
    const revalidate = await publicGet(proof.id, { 'if-none-match': `"${proof.id}"` });
    expect(revalidate.statusCode).toBe(404);
    expect(revalidate.json().code).toBe(ERRORS.NOT_FOUND.code);

    const bannerBytes = png(40, 20);
    const banner = await organiserUpload('banner', bannerBytes);
    const served = await publicGet(banner.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await publicGet(banner.id, { 'if-none-match': `"${banner.id}"` })).statusCode).toBe(304);
    // The same bytes sent by a visitor stay public: they were already.
    const again = await upload(bannerBytes, 'card.png');
    expect(again.id).toBe(banner.id);
    expect((await publicGet(banner.id)).statusCode).toBe(200);

    // Bytes a visitor once uploaded, later uploaded by an organiser as the meeting's PDF, are public.
    const shared = pdf('% programme, once a visitor upload\n');
    const visitors = await upload(shared, 'programme.pdf');
    expect((await publicGet(visitors.id)).statusCode).toBe(404);
    await organiserUpload('pdf', shared);
    expect((await publicGet(visitors.id)).statusCode).toBe(200);
  });

  it('serves a guest’s file to the back office through that guest, audited without the file’s name', async () => {
    const bytes = pdf('% membership card of guest one\n');
    const proof = await upload(bytes, '會員證 Chan card.pdf');
    expect(proof.name).toBe('會員證 Chan card.pdf');
    const guest = await guestWith(proof);
    const other = await upload(pdf('% membership card of guest two\n'), 'other.pdf');
    const otherGuest = await guestWith(other);
    const url = (guestId: number, fileId: string) => `/api/guests/${guestId}/answer-files/${fileId}`;

    const res = await organiser('GET', url(guest, proof.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="___ Chan card.pdf"; filename*=UTF-8''${encodeURIComponent(proof.name)}`,
    );
    const audit = await ctx.db
      .selectFrom('system_logs')
      .selectAll()
      .where('message_key', '=', 'guest.answer_file_downloaded')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action_type).toBe('export');
    expect(JSON.parse(audit[0]!.message_params as string)).toEqual({
      guest_id: guest,
      meeting_id: meeting.id,
      key: 'membership',
    });
    expect(JSON.stringify(audit[0])).not.toContain('Chan');
    expect(JSON.stringify(audit[0])).not.toContain(proof.id);

    // Only the guest's own file: another guest's, or a public banner's id, is 404.
    expect((await organiser('GET', url(guest, other.id))).statusCode).toBe(404);
    expect((await organiser('GET', url(otherGuest, other.id))).statusCode).toBe(200);
    const banner = await organiserUpload('banner', png(30, 30));
    expect((await organiser('GET', url(guest, banner.id))).statusCode).toBe(404);
    expect((await organiser('GET', url(guest, sha(Buffer.from('never'))))).statusCode).toBe(404);
    expect((await organiser('GET', url(guest, 'not-a-hash'))).statusCode).toBe(400);
    // Outside the user's organisations, without guest:view, without a token.
    expect((await outsider('GET', url(guest, proof.id))).statusCode).toBe(404);
    const door = await doorStaff('GET', url(guest, proof.id));
    expect(door.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: url(guest, proof.id) });
    expect(anonymous.statusCode).toBe(401);
    // None of the refused requests was audited.
    const count = await ctx.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('message_key', '=', 'guest.answer_file_downloaded')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('deletes uploads no sign-up named within a day, keeps answered and fresh ones', async () => {
    const orphan = await upload(pdf('% never signed up with\n'), 'orphan.pdf');
    const answered = await upload(pdf('% signed up with\n'), 'answered.pdf');
    await guestWith(answered);
    const banner = await organiserUpload('banner', png(50, 50));
    ctx.advance(25 * HOUR);
    const fresh = await upload(pdf('% uploaded just now\n'), 'fresh.pdf');

    await ctx.app.jobs.runDue();
    const left = new Set((await ctx.db.selectFrom('files').select('id').execute()).map((r) => r.id));
    expect(left.has(orphan.id)).toBe(false);
    expect(left.has(answered.id)).toBe(true);
    expect(left.has(fresh.id)).toBe(true);
    expect(left.has(banner.id)).toBe(true);
    const swept = await ctx.db
      .selectFrom('system_logs')
      .select('message_params')
      .where('message_key', '=', 'privacy.uploads_swept')
      .execute();
    expect(swept).toHaveLength(1);

    // A day later the upload that was fresh is swept too, the answered one never.
    ctx.advance(25 * HOUR);
    await ctx.app.jobs.runDue();
    const after = new Set((await ctx.db.selectFrom('files').select('id').execute()).map((r) => r.id));
    expect(after.has(fresh.id)).toBe(false);
    expect(after.has(answered.id)).toBe(true);
  });
});
