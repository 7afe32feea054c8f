import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { adminApi } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { addPrice, createPaidMeeting, guestIdOf } from './payments-fixtures.ts';
import {
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/**
 * The guest code (the QR) is a paid guest's ticket (issue 44): no mail carries it while the guest's
 * order is unpaid — neither a confirmation sent again nor an enrolment update — whoever asks.
 */
describe(`an unpaid guest's mails (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('refuses sending the confirmation again and shows no code in an enrolment update', async () => {
    const meeting = await createPaidMeeting(ctx.db, await createOrganization(ctx.db), {
      meeting_type: 'date_schedule',
    });
    const lecture = await createSchedule(ctx.db, meeting.id, 5, 'Lecture');
    const panel = await createSchedule(ctx.db, meeting.id, 5, 'Panel');
    const doctor = await createUserType(ctx.db, meeting.id, [lecture, panel], 'Doctor');
    await addPrice(ctx.db, meeting.id, { user_type_id: doctor, amount: 300_00 });
    const res = await signUp(ctx, meeting.publicId, dateScheduleBody(8001, doctor, [lecture]), 8001);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.guest_token as string;
    const guestId = await guestIdOf(ctx.db, token);
    const { guest_code: code, unpaid } = await ctx.db
      .selectFrom('guests')
      .select(['guest_code', 'unpaid'])
      .where('id', '=', guestId)
      .executeTakeFirstOrThrow();
    expect(unpaid).toBe(1);

    const line = await guestRequest(ctx, token, 'GET', '/api/public/guest/confirmation-mail');
    expect(line.json().data.awaiting, line.body).toBe('payment');
    const byGuest = await guestRequest(ctx, token, 'POST', '/api/public/guest/confirmation-mail/resend');
    expect(byGuest.json().code, byGuest.body).toBe(ERRORS.GUEST_UNPAID.code);
    const admin = adminApi(ctx, (await ctx.login()).access_token);
    const byStaff = await admin('POST', `/api/guests/${guestId}/messages/resend`);
    expect(byStaff.json().code, byStaff.body).toBe(ERRORS.GUEST_UNPAID.code);

    // An unpriced session enrolled from the page: its update mail goes, without the code.
    expect(
      (await guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', { schedule_id: panel }))
        .statusCode,
    ).toBe(200);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.text).toContain('Panel');
    expect(mail!.text).not.toContain(code);
    expect(String(mail!.html)).not.toContain(code);
    expect(mail!.attachments.map((a) => a.filename)).not.toContain('qr-code.png');
    for (const calendar of mail!.attachments.filter((a) => a.contentType.startsWith('text/calendar'))) {
      expect(calendar.content.toString()).not.toContain(code);
    }
  });
});
