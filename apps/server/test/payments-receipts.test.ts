import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/core/password.ts';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { ADMIN, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { guestRequest } from './registration-fixtures.ts';
import {
  chargeFor,
  DISCOUNT,
  dropQueuedMail,
  FEE,
  numbersOf,
  orderFor,
  paidMeeting,
  pay,
  pdfFonts,
  pdfToText,
  secondApp,
  signUpGuest,
  type PaidGuest,
} from './receipt-fixtures.ts';
import { call, freePort, startInstance, stopInstance } from './server-process.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

const MINUTE = 60_000;
/** 10 December 2026, 10:00 in Macao. */
const T0 = Date.UTC(2026, 11, 10, 2);
/** 31 December 2026, 23:59 in Macao: still 15:59 on the 31st in UTC, as is 00:01 on 1 January. */
const LAST_MINUTE = Date.UTC(2026, 11, 31, 15, 59);
const FIRST_MINUTE = Date.UTC(2026, 11, 31, 16, 1);

/*
 * Receipts (issue 44): numbered without gaps per organisation and year under the counter row's lock
 * (50 payments at once across two instances; a rolled-back payment gives its number back), the year
 * of TIME_ZONE's day, the trilingual PDF as poppler reads it, frozen at issue, the guest's and the
 * back office's downloads, and the mail that carries it, queued in the payment's transaction.
 */
describe(`receipts (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let admin: Api;

  const receiptsOf = (orderId: number) =>
    ctx.db
      .selectFrom('receipts')
      .select(['id', 'kind', 'year', 'number', 'amount', 'content'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const guestPdf = (token: string | undefined, receiptId: number) =>
    guestRequest(ctx, token, 'GET', `/api/public/guest/receipts/${receiptId}/pdf`);

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({
      TIME_ZONE: 'Asia/Macau',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MeetFlow <no-reply@meetflow.test>',
    });
    ctx.advance(T0 - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('numbers 50 receipts paid at once across two instances 1..50, no gap, no duplicate; a rolled-back payment gives its number back', async () => {
    const { organizationId, meeting } = await paidMeeting(ctx);
    const guests: PaidGuest[] = [];
    for (let n = 0; n < 51; n++) guests.push(await signUpGuest(ctx, meeting, 100 + n));
    const item = await chargeFor(ctx, meeting.id);
    const orders: { id: number }[] = [];
    for (const guest of guests) orders.push(await orderFor(ctx, meeting.id, item, guest));

    // A payment whose transaction fails after its receipt was issued: nothing of it stays.
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await ctx.app.payments.confirmIn(trx, {
          orderId: orders[50]!.id,
          method: 'transfer',
          amount: FEE,
          providerRef: null,
          userId: null,
          auditName: null,
          ip: null,
        });
        throw new Error('the payment is rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await receiptsOf(orders[50]!.id)).toEqual([]);

    const other = await secondApp(ctx);
    try {
      const outcomes = await Promise.all(
        orders
          .slice(0, 50)
          .map((o, i) => (i % 2 ? pay(ctx.app, ctx.db, o.id, FEE) : pay(other.app, other.db, o.id, FEE))),
      );
      expect(outcomes.every((o) => o === 'paid')).toBe(true);
    } finally {
      await other.close();
    }
    expect(await numbersOf(ctx.db, organizationId, 'receipt', 2026)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    // Each order has its one receipt, printed with its number; the rolled-back one then takes 51.
    const printed = new Set<string>();
    for (const order of orders.slice(0, 50)) {
      const [receipt] = await receiptsOf(order.id);
      const content = JSON.parse(receipt!.content) as { number: string; amount: number };
      expect(content.number).toBe(`R-2026-${String(receipt!.number).padStart(6, '0')}`);
      expect(content.amount).toBe(FEE);
      printed.add(content.number);
    }
    expect(printed.size).toBe(50);
    expect(await pay(ctx.app, ctx.db, orders[50]!.id, FEE)).toBe('paid');
    expect((await receiptsOf(orders[50]!.id))[0]!.number).toBe(51);
    // Another organisation counts on its own.
    const second = await paidMeeting(ctx);
    const guest = await signUpGuest(ctx, second.meeting, 300);
    const order = await orderFor(ctx, second.meeting.id, await chargeFor(ctx, second.meeting.id), guest);
    await pay(ctx.app, ctx.db, order.id, FEE);
    expect(await numbersOf(ctx.db, second.organizationId, 'receipt', 2026)).toEqual([1]);
    await dropQueuedMail(ctx, meeting.id);
  }, 120_000);

  it('numbers credit notes 1..50 when 50 refunds arrive at once over two server processes', async () => {
    const { organizationId, meeting } = await paidMeeting(ctx);
    const guests: PaidGuest[] = [];
    for (let n = 0; n < 50; n++) guests.push(await signUpGuest(ctx, meeting, 800 + n));
    const item = await chargeFor(ctx, meeting.id);
    const orders: { id: number }[] = [];
    for (const guest of guests) orders.push(await orderFor(ctx, meeting.id, item, guest));
    for (const order of orders) await pay(ctx.app, ctx.db, order.id, FEE);
    const ports = await Promise.all([freePort(), freePort()]);
    const instances = await Promise.all(ports.map((port) => startInstance(ctx, port)));
    try {
      // An organiser who logs in only here: the processes keep the real clock, this file moves its own.
      const account = `processes_${organizationId}`;
      const role = await ctx.db
        .selectFrom('roles')
        .select('id')
        .where('code', '=', 'organiser')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('users')
        .values({
          account,
          name: account,
          password_hash: await hashPassword(ADMIN.password),
          role_id: role.id,
          organization_id: organizationId,
          enabled: 1,
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .execute();
      const captcha = await call(instances[0]!.url, '/api/captcha');
      const login = await call(instances[0]!.url, '/api/login', {
        body: {
          account,
          password: ADMIN.password,
          captcha_id: captcha.body.data.captcha_id,
          verify_code: CAPTCHA_ANSWER,
        },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const headers = { authorization: `Bearer ${login.body.data.token.access_token}` };
      const answers = await Promise.all(
        orders.map((o, i) =>
          call(instances[i % 2]!.url, `/api/orders/${o.id}/refunds`, { body: { amount: 10_000 }, headers }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    } finally {
      await Promise.all(instances.map(stopInstance));
    }
    // The processes keep the real clock: the year is theirs.
    const years = await ctx.db
      .selectFrom('receipts')
      .select('year')
      .distinct()
      .where('organization_id', '=', organizationId)
      .where('kind', '=', 'credit_note')
      .execute();
    expect(years).toHaveLength(1);
    expect(await numbersOf(ctx.db, organizationId, 'credit_note', years[0]!.year)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    await dropQueuedMail(ctx, meeting.id);
  }, 120_000);

  it("starts each year at 1 on TIME_ZONE's New Year, not UTC's", async () => {
    const { organizationId, meeting } = await paidMeeting(ctx);
    const [a, b, c] = [
      await signUpGuest(ctx, meeting, 400),
      await signUpGuest(ctx, meeting, 401),
      await signUpGuest(ctx, meeting, 402),
    ];
    const item = await chargeFor(ctx, meeting.id);
    const orders = [
      await orderFor(ctx, meeting.id, item, a!),
      await orderFor(ctx, meeting.id, item, b!),
      await orderFor(ctx, meeting.id, item, c!),
    ];
    ctx.advance(LAST_MINUTE - ctx.now());
    await pay(ctx.app, ctx.db, orders[0]!.id, FEE);
    await pay(ctx.app, ctx.db, orders[1]!.id, FEE);
    ctx.advance(FIRST_MINUTE - ctx.now());
    await pay(ctx.app, ctx.db, orders[2]!.id, FEE);
    ctx.advance(T0 - ctx.now());
    expect(await numbersOf(ctx.db, organizationId, 'receipt', 2026)).toEqual([1, 2]);
    expect(await numbersOf(ctx.db, organizationId, 'receipt', 2027)).toEqual([1]);
    const content = (orderId: number) =>
      receiptsOf(orderId).then((r) => JSON.parse(r[0]!.content) as { number: string; issued_on: string });
    expect(await content(orders[1]!.id)).toMatchObject({ number: 'R-2026-000002', issued_on: '2026-12-31' });
    expect(await content(orders[2]!.id)).toMatchObject({ number: 'R-2027-000001', issued_on: '2027-01-01' });
    await dropQueuedMail(ctx, meeting.id);
  });

  it('prints a trilingual PDF made out to the institution, with subset fonts embedded, the same after its order, meeting and issuer change', async () => {
    const { meeting } = await paidMeeting(ctx);
    const guest = await signUpGuest(ctx, meeting, 500, 'zh-tw', { name: '陳大文' });
    const item = await chargeFor(ctx, meeting.id);
    const order = await orderFor(ctx, meeting.id, item, guest, {
      discounted: true,
      payerName: '陳大文',
      institution: '鏡湖醫院 Kiang Wu Hospital',
    });
    expect(await pay(ctx.app, ctx.db, order.id, FEE - DISCOUNT, 'fps')).toBe('paid');
    const [receipt] = await receiptsOf(order.id);
    const res = await guestPdf(guest.token, receipt!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = JSON.parse(receipt!.content).number as string;
    expect(res.headers['content-disposition']).toContain(`${number}.pdf`);
    const text = pdfToText(res.rawPayload);
    for (const expected of [
      number,
      'MOP 1,000.00', // the amount received: the fee less the discount
      '1,200.00',
      '-200.00',
      '收據',
      '收据',
      'Receipt',
      '第十屆醫學年會',
      '第十届医学年会',
      '10th Annual Medical Congress',
      '會員報名費',
      'Member registration',
      '澳門醫學會',
      'Macao Medical Association',
      '鏡湖醫院 Kiang Wu Hospital',
      '陳大文',
      '轉數快',
      'FPS',
      order.reference,
    ])
      expect(text).toContain(expected);
    const fonts = pdfFonts(res.rawPayload);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.embedded && f.subset && /^[A-Z]{6}\+NotoSans/.test(f.name))).toBe(true);
    expect(fonts.some((f) => f.name.includes('NotoSansTC'))).toBe(true);

    // Immutable: what the receipt printed stays, whatever happens to the rows it was made from.
    await ctx.db
      .updateTable('meetings')
      .set({ name: '改名', name_en: 'Renamed' })
      .where('id', '=', meeting.id)
      .execute();
    await ctx.db
      .updateTable('orders')
      .set({ payer_institution: 'Another', total: 1 })
      .where('id', '=', order.id)
      .execute();
    await ctx.db
      .updateTable('payment_accounts')
      .set({ receipt_issuer: '{}' })
      .where(
        'organization_id',
        '=',
        (
          await ctx.db
            .selectFrom('meetings')
            .select('organization_id')
            .where('id', '=', meeting.id)
            .executeTakeFirstOrThrow()
        ).organization_id,
      )
      .execute();
    const again = await guestPdf(guest.token, receipt!.id);
    expect(pdfToText(again.rawPayload)).toBe(text);
    await dropQueuedMail(ctx, meeting.id);
  });

  it('lets the guest download only their own receipts; the back office with payment:view inside its organisations, audited', async () => {
    const { organizationId, meeting } = await paidMeeting(ctx);
    const [mine, theirs] = [await signUpGuest(ctx, meeting, 600), await signUpGuest(ctx, meeting, 601)];
    const item = await chargeFor(ctx, meeting.id);
    const order = await orderFor(ctx, meeting.id, item, mine!);
    await orderFor(ctx, meeting.id, item, theirs!);
    await pay(ctx.app, ctx.db, order.id, FEE);
    const [receipt] = await receiptsOf(order.id);
    expect((await guestPdf(mine!.token, receipt!.id)).statusCode).toBe(200);
    // Another guest, no token, a bad token, an unknown receipt: nothing is given away.
    const refused = await guestPdf(theirs!.token, receipt!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toContain('application/json');
    expect((await guestPdf(undefined, receipt!.id)).statusCode).toBe(401);
    expect((await guestPdf('not-a-token', receipt!.id)).statusCode).toBe(401);
    expect((await guestPdf(mine!.token, receipt!.id + 100_000)).statusCode).toBe(404);

    const url = `/api/receipts/${receipt!.id}/pdf`;
    const download = await admin('GET', url);
    expect(download.statusCode, download.body).toBe(200);
    const number = JSON.parse(receipt!.content).number as string;
    expect(pdfToText(download.rawPayload)).toContain(number);
    const audit = await ctx.db
      .selectFrom('system_logs')
      .select(['action_type', 'message_params', 'username'])
      .where('message_key', '=', 'payments.receipt_downloaded')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!).toMatchObject({ action_type: 'export', username: 'admin' });
    expect(JSON.parse(audit[0]!.message_params!)).toEqual({ number, reference: order.reference });
    const organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', organizationId));
    expect((await organiser('GET', url)).statusCode).toBe(200);
    const stranger = adminApi(
      ctx,
      await userWithRole(ctx, admin, 'organiser', (await paidMeeting(ctx)).organizationId),
    );
    expect((await stranger('GET', url)).statusCode).toBe(404);
    const door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', organizationId));
    expect((await door('GET', url)).statusCode).toBe(403);
    await dropQueuedMail(ctx, meeting.id);
  });

  it('mails the receipt with its PDF to the guest in their language, queued with the payment: a rolled-back payment sends nothing', async () => {
    const { meeting } = await paidMeeting(ctx);
    const [english, rolledBack] = [
      await signUpGuest(ctx, meeting, 700, 'en'),
      await signUpGuest(ctx, meeting, 701, 'zh-cn'),
    ];
    const item = await chargeFor(ctx, meeting.id);
    const order = await orderFor(ctx, meeting.id, item, english!);
    const lost = await orderFor(ctx, meeting.id, item, rolledBack!);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await ctx.app.payments.confirmIn(trx, {
          orderId: lost.id,
          method: 'cash',
          amount: FEE,
          providerRef: null,
          userId: null,
          auditName: null,
          ip: null,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    await pay(ctx.app, ctx.db, order.id, FEE, 'cash');
    ctx.advance(MINUTE);
    await ctx.app.jobs.runDue();
    const receipts = smtp.received.filter((m) => m.subject?.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    const [mail] = receipts;
    const [receipt] = await receiptsOf(order.id);
    const number = JSON.parse(receipt!.content).number as string;
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe('guest700@example.com');
    expect(mail!.subject).toBe(`Receipt ${number}: 10th Annual Medical Congress`);
    expect(mail!.text).toContain('MOP 1,200.00');
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`${number}.pdf`);
    expect(pdfToText(pdf!.content)).toContain(number);
    // Nothing for the rolled-back payment: no mail, no job, no receipt.
    expect(smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === 'guest701@example.com')).toBe(
      false,
    );
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('guest_id', '=', rolledBack!.id)
      .where('idempotency_key', 'like', 'receipt:%')
      .execute();
    expect(jobs).toEqual([]);
    ctx.advance(T0 - ctx.now());
  });
});
