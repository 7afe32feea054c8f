import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { answerTermsOutOfStep } from './answer-terms-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  bookGroup,
  clientIp,
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  groupPage,
  signUp,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';
import { GROUP_PAGE_LIMITS } from '../src/modules/groups/group-page.ts';

/*
 * Group bookings (issue 45): one contact, several attendees, all seated or none, on both databases;
 * the contact's page (X-Group-Token) lists the codes, cancels one attendee and re-sends a mail.
 */
describe(`group bookings (${TEST_DB})`, () => {
  let ctx: TestContext;
  let smtp: SmtpFixture;
  let org: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    org = await createOrganization(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const contact = (n: number) => ({
    name: `Secretary ${n}`,
    area_code: '853',
    phone: `6${String(n).padStart(7, '0')}`,
    email: `secretary${n}@example.com`,
  });

  async function groupMeeting(limit: number, groupMax = 5, type: 'general' | 'date_schedule' = 'general') {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: limit, meeting_type: type });
    await ctx.db.updateTable('meetings').set({ group_max: groupMax }).where('id', '=', meeting.id).execute();
    return meeting;
  }

  const book = (publicId: string, body: object, n = 0) => bookGroup(ctx, publicId, body, n);
  const page = (token: string, method: 'GET' | 'POST' = 'GET', url?: string) =>
    groupPage(ctx, token, method, url);

  /** The meeting's seat counter, its live guest rows, and its group rows. */
  async function counts(meetingId: number) {
    const meeting = await ctx.db
      .selectFrom('meetings')
      .select('registered_count')
      .where('id', '=', meetingId)
      .executeTakeFirstOrThrow();
    const guests = await ctx.db
      .selectFrom('guests')
      .select(['id', 'group_id'])
      .where('meeting_id', '=', meetingId)
      .where('cancelled_at', 'is', null)
      .execute();
    const groups = await ctx.db
      .selectFrom('guest_groups')
      .select(['id', 'size'])
      .where('meeting_id', '=', meetingId)
      .execute();
    return { counter: meeting.registered_count, guests, groups };
  }

  it('a group of 4 for 3 free seats takes none of them', async () => {
    const meeting = await groupMeeting(3);
    const res = await book(meeting.publicId, {
      contact: contact(1),
      attendees: [1, 2, 3, 4].map((n) => generalBody(100 + n)),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe(ERRORS.GROUP_SEATS_SHORT.code);
    const after = await counts(meeting.id);
    expect(after.counter).toBe(0);
    expect(after.guests).toHaveLength(0);
    expect(after.groups).toHaveLength(0);
    // The same three seats still take a group of three.
    const three = await book(meeting.publicId, {
      contact: contact(1),
      attendees: [1, 2, 3].map((n) => generalBody(100 + n)),
    });
    expect(three.statusCode, three.body).toBe(200);
    expect((await counts(meeting.id)).counter).toBe(3);
  });

  it('a full session or a phone already signed up rolls the whole group back', async () => {
    const meeting = await groupMeeting(0, 5, 'date_schedule');
    const small = await createSchedule(ctx.db, meeting.id, 2, 'Small');
    const open = await createSchedule(ctx.db, meeting.id, 0, 'Open');
    const type = await createUserType(ctx.db, meeting.id, [small, open]);
    const full = await book(meeting.publicId, {
      contact: contact(2),
      attendees: [1, 2, 3].map((n) => dateScheduleBody(200 + n, type, [open, small])),
    });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().code).toBe(ERRORS.GROUP_SEATS_SHORT.code);
    expect(full.json().data).toEqual({ schedule_id: small, attendee: 2 });
    const sessions = await ctx.db
      .selectFrom('schedules')
      .select(['id', 'signup_count'])
      .where('meeting_id', '=', meeting.id)
      .orderBy('id')
      .execute();
    expect(sessions.map((s) => s.signup_count)).toEqual([0, 0]);
    expect((await counts(meeting.id)).guests).toHaveLength(0);

    // One attendee's phone is already a guest: named by index, nothing written.
    expect((await signUp(ctx, meeting.publicId, dateScheduleBody(302, type, [open]), 1)).statusCode).toBe(
      200,
    );
    const taken = await book(meeting.publicId, {
      contact: contact(2),
      attendees: [301, 302].map((n) => dateScheduleBody(n, type, [open])),
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({ code: ERRORS.ALREADY_SIGNED_UP.code, data: { attendee: 1 } });
    expect((await counts(meeting.id)).guests).toHaveLength(1);
  });

  it('answers each attendee’s own refusals by index and refuses what groups do not take', async () => {
    const meeting = await groupMeeting(0, 3);
    const bad = await book(meeting.publicId, {
      contact: contact(3),
      attendees: [generalBody(401), generalBody(402, { email: 'not-an-address' })],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields)).toEqual(['attendees.1.email']);
    const twins = await book(meeting.publicId, {
      contact: contact(3),
      attendees: [generalBody(403), generalBody(403, { name: 'Twin' })],
    });
    expect(twins.statusCode).toBe(400);
    expect(twins.json().data.fields).toEqual({ 'attendees.1.phone': expect.any(String) });
    const big = await book(meeting.publicId, {
      contact: contact(3),
      attendees: [1, 2, 3, 4].map((n) => generalBody(410 + n)),
    });
    expect(big.json()).toMatchObject({ code: ERRORS.GROUP_TOO_LARGE.code, data: { max: 3 } });

    const none = await createMeeting(ctx.db, org);
    const refused = await book(none.publicId, {
      contact: contact(3),
      attendees: [generalBody(420), generalBody(421)],
    });
    expect(refused.json().code).toBe(ERRORS.GROUPS_NOT_OFFERED.code);
    await ctx.db
      .updateTable('meetings')
      .set({ group_max: 4, approval: 'all' })
      .where('id', '=', none.id)
      .execute();
    const approval = await book(none.publicId, {
      contact: contact(3),
      attendees: [generalBody(420), generalBody(421)],
    });
    expect(approval.json().code).toBe(ERRORS.GROUPS_NEED_APPROVAL.code);
    await ctx.db
      .updateTable('meetings')
      .set({ approval: 'none', currency: 'MOP' })
      .where('id', '=', none.id)
      .execute();
    // A paid meeting takes groups (decision 0106, groups-paid.test.ts); one with nothing priced
    // for them books them as a free meeting does, with no order.
    const paid = await book(none.publicId, {
      contact: contact(3),
      attendees: [generalBody(420), generalBody(421)],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.group.order).toBeNull();
    expect((await counts(none.id)).guests).toHaveLength(2);
  });

  it('groups and single sign-ups racing for the last seats never oversell, each group all or none', async () => {
    const meeting = await groupMeeting(10, 4);
    // 6 groups of 3 and 12 single sign-ups for 10 seats, all at once.
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, g) =>
        book(
          meeting.publicId,
          { contact: contact(500 + g), attendees: [0, 1, 2].map((k) => generalBody(500 + g * 10 + k)) },
          500 + g,
        ),
      ),
      ...Array.from({ length: 12 }, (_, i) => signUp(ctx, meeting.publicId, generalBody(600 + i), 600 + i)),
    ]);
    for (const r of answers) expect([200, 409], r.body).toContain(r.statusCode);
    const groupsIn = answers.slice(0, 6).filter((r) => r.statusCode === 200).length;
    const singlesIn = answers.slice(6).filter((r) => r.statusCode === 200).length;
    const after = await counts(meeting.id);
    expect(after.counter).toBe(after.guests.length);
    expect(after.counter).toBeLessThanOrEqual(10);
    expect(after.counter).toBe(groupsIn * 3 + singlesIn);
    // Each group row stands with all three of its guests; a refused group left nothing.
    expect(after.groups).toHaveLength(groupsIn);
    for (const group of after.groups) {
      expect(after.guests.filter((g) => g.group_id === group.id)).toHaveLength(3);
    }
    // Every seat was taken: a group is refused only when fewer than three were left.
    expect(after.counter).toBeGreaterThan(7);
    console.warn(`race (${TEST_DB}): ${groupsIn} groups of 3 and ${singlesIn} single sign-ups seated of 10`);
  }, 60_000);

  it('the group page and its cancel are rate-limited per address, bad tokens counted', async () => {
    const from = (ip: string, method: 'GET' | 'POST', url: string) =>
      ctx.app.inject({ method, url, remoteAddress: ip, headers: { 'x-group-token': 'y'.repeat(43) } });
    const views = [];
    for (let i = 0; i < GROUP_PAGE_LIMITS.viewPerIp.points + 1; i++) {
      views.push((await from(clientIp(9001), 'GET', '/api/public/group')).json().code);
    }
    expect(views.slice(0, -1).every((code) => code === ERRORS.GROUP_TOKEN_INVALID.code)).toBe(true);
    expect(views.at(-1)).toBe(ERRORS.RATE_LIMITED.code);
    const cancels = [];
    for (let i = 0; i < GROUP_PAGE_LIMITS.cancelPerIp.points + 1; i++) {
      cancels.push((await from(clientIp(9002), 'POST', '/api/public/group/attendees/1/cancel')).json().code);
    }
    expect(cancels.slice(0, -1).every((code) => code === ERRORS.GROUP_TOKEN_INVALID.code)).toBe(true);
    expect(cancels.at(-1)).toBe(ERRORS.RATE_LIMITED.code);
    // Another address is not held back.
    expect((await from(clientIp(9003), 'GET', '/api/public/group')).json().code).toBe(
      ERRORS.GROUP_TOKEN_INVALID.code,
    );
  });

  it("counts a group's size against its address's sign-up limit", async () => {
    // Each attempt of five attendees counts five: 60 sign-ups a minute make 12 groups of five.
    const groupOfFive = {
      contact: contact(8),
      attendees: [1, 2, 3, 4, 5].map((n) => generalBody(800 + n)),
    };
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push((await book('no-such-meeting', groupOfFive, 8000)).json().code);
    expect(answers.slice(0, 12).every((code) => code === ERRORS.NO_MEETING.code)).toBe(true);
    expect(answers.at(-1)).toBe(ERRORS.RATE_LIMITED.code);
  });

  it("limits re-sending one attendee's mail, whatever the address, and not the others'", async () => {
    const meeting = await groupMeeting(5);
    const res = await book(meeting.publicId, {
      contact: contact(9),
      attendees: [1, 2].map((n) => generalBody(900 + n)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.group_token as string;
    const [first, second] = res.json().data.group.attendees as { id: number }[];
    const resend = (id: number, n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/group/attendees/${id}/resend`,
        remoteAddress: clientIp(9100 + n),
        headers: { 'x-group-token': token },
      });
    const codes = [];
    for (let n = 0; n <= GROUP_PAGE_LIMITS.resendPerAttendee.points; n++) {
      codes.push((await resend(first!.id, n)).statusCode);
    }
    expect(codes.slice(0, -1).every((code) => code === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await resend(second!.id, 50)).statusCode).toBe(200);
  });

  it('the contact page lists the codes, cancels one attendee (seat freed) and re-sends a mail', async () => {
    const meeting = await groupMeeting(3);
    const res = await book(meeting.publicId, {
      contact: contact(7),
      attendees: [1, 2, 3].map((n) => generalBody(700 + n)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.group_token as string;
    expect(res.body).not.toContain('guest701@example.com');
    const view = await page(token);
    expect(view.statusCode, view.body).toBe(200);
    const attendees = view.json().data.attendees as { id: number; guest_code: string; state: string }[];
    expect(attendees).toHaveLength(3);
    expect(new Set(attendees.map((a) => a.guest_code)).size).toBe(3);
    expect(attendees.every((a) => a.state === 'registered')).toBe(true);
    // A wrong token opens nothing.
    expect((await page('x'.repeat(43))).json().code).toBe(ERRORS.GROUP_TOKEN_INVALID.code);

    // Each attendee's own confirmation, with their own code.
    await ctx.app.jobs.runDue();
    // The contact's mail, in the language of the booking, links to the group's page by its token.
    const contactMails = smtp.received.filter((m) => JSON.stringify(m.to).includes('secretary7@example.com'));
    expect(contactMails).toHaveLength(1);
    expect(contactMails[0]!.subject).toContain('Group booking done');
    expect(contactMails[0]!.text).toContain('You have registered 3 attendees');
    expect(contactMails[0]!.text).toContain(`/#/group/${token}`);
    expect(contactMails[0]!.attachments.map((a) => a.filename)).not.toContain('qr-code.png');
    for (const n of [701, 702, 703]) {
      const mails = smtp.received.filter((m) => JSON.stringify(m.to).includes(`guest${n}@example.com`));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`Guest ${n}`);
      expect(mails[0]!.attachments.map((a) => a.filename)).toContain('qr-code.png');
    }

    // The meeting is full; cancelling one attendee frees exactly one seat.
    expect((await signUp(ctx, meeting.publicId, generalBody(710), 710)).json().code).toBe(
      ERRORS.MEETING_FULL.code,
    );
    const cancelled = await page(token, 'POST', `/api/public/group/attendees/${attendees[1]!.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.attendees[1]).toMatchObject({
      state: 'cancelled',
      guest_code: null,
      masked_phone: '+853 ****0702',
    });
    expect((await counts(meeting.id)).counter).toBe(2);
    expect((await signUp(ctx, meeting.publicId, generalBody(710), 710)).statusCode).toBe(200);
    const again = await page(token, 'POST', `/api/public/group/attendees/${attendees[1]!.id}/cancel`);
    expect(again.json().code).toBe(ERRORS.GROUP_ATTENDEE_CANCELLED.code);
    // Another group's guest is not this contact's to cancel.
    const stranger = await page(token, 'POST', `/api/public/group/attendees/999999/cancel`);
    expect(stranger.json().code).toBe(ERRORS.GROUP_ATTENDEE_UNKNOWN.code);

    const resent = await page(token, 'POST', `/api/public/group/attendees/${attendees[0]!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes('guest701@example.com'))).toHaveLength(
      2,
    );

    const audit = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', 'like', 'groups.%')
      .execute();
    expect(audit.map((a) => a.message_key)).toEqual(
      expect.arrayContaining(['groups.registered', 'groups.attendee_cancelled', 'groups.mail_resent']),
    );
    // Five mails rendered through the SMTP server: 10–20 s on a loaded two-core machine.
  }, 60_000);

  it('keeps the answer terms the list filters on in step with every answer written', async () => {
    expect(await answerTermsOutOfStep(ctx.db)).toEqual([]);
  });
});
