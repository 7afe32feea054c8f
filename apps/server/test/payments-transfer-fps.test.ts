import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { findOrder } from '../src/modules/payments/orders.repository.ts';
import { crc16 } from '../src/modules/payments/providers/fps-payload.ts';
import { instructionsFor, providerFor, providers } from '../src/modules/payments/providers/registry.ts';
import { createPaidMeeting, pendingGuest, setPaymentAccount } from './door-payments-fixtures.ts';
import { multipart, pdf, png } from './file-fixtures.ts';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { clientIp, createOrganization } from './registration-fixtures.ts';

const HOUR = 3_600_000;

/*
 * Issue 44, bank transfer and FPS: what the guest's page shows for each method the meeting offers
 * (FPS only in HKD, with an FPS proxy), the guest's proof of payment and the organiser's download.
 */
describe(`transfer and FPS (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;
  let bare: number;
  let organiser: Api;
  let outsider: Api;
  let doorStaff: Api;
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
    bare = await createOrganization(ctx.db);
    const elsewhere = await createOrganization(ctx.db);
    const admin = adminApi(ctx, (await ctx.login()).access_token);
    organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', org));
    outsider = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', elsewhere));
    doorStaff = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', org));
    await setPaymentAccount(ctx, org, {
      fps_proxy_type: 'fps_id',
      fps_proxy: '1234567',
      merchant_name: 'HK Medical Assoc',
      merchant_city: 'Hong Kong',
      bank_name: 'Bank of Test',
      bank_account_name: 'HK Medical Association',
      bank_account_number: '012-345678-001',
    });
  });
  afterAll(() => ctx.close());

  async function orderOf(guest: { orderId: number }) {
    return (await findOrder(ctx.db, guest.orderId))!;
  }

  describe('instructions', () => {
    it('answers each method the meeting offers, in order, built by its provider', async () => {
      const meeting = await createPaidMeeting(ctx, org, { transferNote: '請註明參考編號' });
      const guest = await pendingGuest(ctx, meeting, ++n, 1_234_50);
      const methods = await instructionsFor(ctx.db, await orderOf(guest), 'zh-tw');
      expect(methods.map((m) => m.method)).toEqual(['transfer', 'fps', 'stripe', 'desk']);
      const [transfer, fps, stripe, desk] = methods;
      expect(transfer).toEqual({
        method: 'transfer',
        reference: guest.reference,
        bank: {
          bank_name: 'Bank of Test',
          account_name: 'HK Medical Association',
          account_number: '012-345678-001',
        },
        note: { 'zh-tw': '請註明參考編號', 'zh-cn': '請註明參考編號', en: '請註明參考編號' },
        fps_payload: null,
        checkout_url: null,
      });
      expect(fps!.reference).toBe(guest.reference);
      const payload = fps!.fps_payload!;
      expect(payload).toMatch(/^000201010212/);
      expect(payload).toContain('0012hk.com.hkicl02071234567');
      // HKD (344), then the amount as EMVCo text.
      expect(payload).toContain('5303344' + '5407' + '1234.50');
      // The reference as the reference label (62 → 05).
      const label = `05${String(guest.reference.length).padStart(2, '0')}${guest.reference}`;
      expect(payload).toContain(`62${String(label.length).padStart(2, '0')}${label}`);
      expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
      expect(stripe).toEqual({
        method: 'stripe',
        reference: null,
        bank: null,
        note: null,
        fps_payload: null,
        checkout_url: null,
      });
      expect(desk).toEqual({ ...stripe, method: 'desk' });
    });

    it('offers FPS only in HKD, and only with an FPS proxy on the account', async () => {
      for (const currency of ['MOP', 'CNY', 'TWD', 'USD'] as const) {
        const meeting = await createPaidMeeting(ctx, org, { currency, methods: ['transfer', 'fps'] });
        const guest = await pendingGuest(ctx, meeting, ++n, 500_00, currency);
        const methods = await instructionsFor(ctx.db, await orderOf(guest), 'en');
        expect(methods.map((m) => m.method)).toEqual(['transfer']);
      }
      // An organisation without a payment account: a transfer without bank details, no FPS.
      const meeting = await createPaidMeeting(ctx, bare, { methods: ['fps', 'transfer'] });
      const guest = await pendingGuest(ctx, meeting, ++n, 500_00);
      const methods = await instructionsFor(ctx.db, await orderOf(guest), 'en');
      expect(methods).toEqual([
        {
          method: 'transfer',
          reference: guest.reference,
          bank: null,
          note: null,
          fps_payload: null,
          checkout_url: null,
        },
      ]);
    });

    it('answers only the methods offered, and none once the order no longer awaits payment', async () => {
      const meeting = await createPaidMeeting(ctx, org, { methods: ['desk'] });
      const guest = await pendingGuest(ctx, meeting, ++n, 300_00);
      expect((await instructionsFor(ctx.db, await orderOf(guest), 'en')).map((m) => m.method)).toEqual([
        'desk',
      ]);
      await ctx.db.updateTable('orders').set({ status: 'expired' }).where('id', '=', guest.orderId).execute();
      expect(await instructionsFor(ctx.db, await orderOf(guest), 'en')).toEqual([]);
    });

    it('keeps one provider per method in a plain map', () => {
      for (const method of ['transfer', 'fps', 'stripe', 'desk'] as const) {
        expect(providerFor(method).method).toBe(method);
      }
      expect(Object.keys(providers).sort()).toEqual(['desk', 'fps', 'stripe', 'transfer']);
    });
  });

  describe('proof of payment', () => {
    const proofUrl = (orderId: number) => `/api/public/guest/orders/${orderId}/proof`;

    async function uploadProof(
      token: string | undefined,
      orderId: number,
      bytes: Buffer,
      ip = clientIp(++n),
    ) {
      const body = multipart([
        { name: 'file', value: bytes, filename: 'receipt.pdf', contentType: 'application/pdf' },
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: proofUrl(orderId),
        payload: body.payload,
        headers: { ...body.headers, ...(token ? { 'x-guest-token': token } : {}), 'accept-language': 'en' },
        remoteAddress: ip,
      });
    }

    it('answers 404 for an order without a proof or unknown', async () => {
      const meeting = await createPaidMeeting(ctx, org);
      const guest = await pendingGuest(ctx, meeting, ++n, 100_00);
      expect((await organiser('GET', `/api/orders/${guest.orderId}/proof`)).statusCode).toBe(404);
      expect((await organiser('GET', `/api/orders/999999/proof`)).statusCode).toBe(404);
    });

    it('takes an image or PDF for the guest’s pending order, names it, audits it; the organiser downloads it', async () => {
      const meeting = await createPaidMeeting(ctx, org);
      const guest = await pendingGuest(ctx, meeting, ++n, 800_00);
      const bytes = pdf('% bank slip\n');
      const res = await uploadProof(guest.token, guest.orderId, bytes);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        order_id: guest.orderId,
        proof_uploaded: true,
        mime: 'application/pdf',
        size: bytes.length,
      });
      const order = await orderOf(guest);
      expect(order.proof_file_id).toMatch(/^[0-9a-f]{64}$/);
      const file = await ctx.db
        .selectFrom('files')
        .select(['private', 'mime'])
        .where('id', '=', order.proof_file_id!)
        .executeTakeFirstOrThrow();
      expect(Number(file.private)).toBe(1);
      const uploaded = await ctx.db
        .selectFrom('system_logs')
        .selectAll()
        .where('message_key', '=', 'payments.proof_uploaded')
        .execute();
      expect(uploaded).toHaveLength(1);
      expect(JSON.parse(uploaded[0]!.message_params as string)).toEqual({ reference: guest.reference });

      // A PNG replaces the PDF.
      const image = png(40, 40);
      const second = await uploadProof(guest.token, guest.orderId, image);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().data.mime).toBe('image/png');

      const download = await organiser('GET', `/api/orders/${guest.orderId}/proof`);
      expect(download.statusCode, download.body).toBe(200);
      expect(download.rawPayload.equals(image)).toBe(true);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['cache-control']).toBe('no-store');
      expect(download.headers['content-disposition']).toContain(`proof-${guest.reference}.png`);
      const downloaded = await ctx.db
        .selectFrom('system_logs')
        .selectAll()
        .where('message_key', '=', 'payments.proof_downloaded')
        .execute();
      expect(downloaded).toHaveLength(1);
      expect(downloaded[0]!.action_type).toBe('export');

      // Without payment:view, outside the organisation, anonymous: refused, not audited.
      expect((await doorStaff('GET', `/api/orders/${guest.orderId}/proof`)).statusCode).toBe(403);
      expect((await outsider('GET', `/api/orders/${guest.orderId}/proof`)).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/orders/${guest.orderId}/proof` })).statusCode,
      ).toBe(401);
      const count = await ctx.db
        .selectFrom('system_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('message_key', '=', 'payments.proof_downloaded')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);

      // The proof outlives the daily sweep of uploads no sign-up named; the replaced PDF does not.
      const replaced = (
        await ctx.db.selectFrom('files').select('id').where('mime', '=', 'application/pdf').execute()
      ).map((r) => r.id);
      ctx.advance(25 * HOUR);
      await ctx.app.jobs.runDue();
      const left = new Set((await ctx.db.selectFrom('files').select('id').execute()).map((r) => r.id));
      expect(left.has((await orderOf(guest)).proof_file_id!)).toBe(true);
      for (const id of replaced) expect(left.has(id)).toBe(false);
    });

    it('refuses a missing or foreign token, another guest’s order and an order no longer pending', async () => {
      const meeting = await createPaidMeeting(ctx, org);
      const guest = await pendingGuest(ctx, meeting, ++n, 100_00);
      const other = await pendingGuest(ctx, meeting, ++n, 100_00);
      const bytes = pdf('% slip\n');
      const anonymous = await uploadProof(undefined, guest.orderId, bytes);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe(ERRORS.GUEST_TOKEN_INVALID.code);
      expect((await uploadProof('not-a-token', guest.orderId, bytes)).statusCode).toBe(401);
      const foreign = await uploadProof(other.token, guest.orderId, bytes);
      expect(foreign.statusCode).toBe(404);
      expect((await uploadProof(guest.token, 999_999, bytes)).statusCode).toBe(404);
      await ctx.db.updateTable('orders').set({ status: 'expired' }).where('id', '=', other.orderId).execute();
      const late = await uploadProof(other.token, other.orderId, bytes);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe(ERRORS.ORDER_NOT_PENDING.code);
      expect((await orderOf(guest)).proof_file_id).toBeNull();
      expect((await orderOf(other)).proof_file_id).toBeNull();
    });

    it('refuses what is not a PDF, JPEG or PNG, an empty body and a file over 5 MB', async () => {
      const meeting = await createPaidMeeting(ctx, org);
      const guest = await pendingGuest(ctx, meeting, ++n, 100_00);
      const text = await uploadProof(guest.token, guest.orderId, Buffer.from('just some text, no proof'));
      expect(text.statusCode).toBe(415);
      expect(text.json().code).toBe(ERRORS.FILE_TYPE_NOT_ALLOWED.code);
      const large = await uploadProof(guest.token, guest.orderId, pdf('%'.repeat(5 * 1024 * 1024)));
      expect(large.statusCode).toBe(413);
      const none = multipart([{ name: 'note', value: 'no file' }]);
      const missing = await ctx.app.inject({
        method: 'POST',
        url: proofUrl(guest.orderId),
        payload: none.payload,
        headers: { ...none.headers, 'x-guest-token': guest.token },
        remoteAddress: clientIp(++n),
      });
      expect(missing.statusCode).toBe(400);
      expect((await orderOf(guest)).proof_file_id).toBeNull();
    });

    it('limits uploads per order', async () => {
      const meeting = await createPaidMeeting(ctx, org);
      const guest = await pendingGuest(ctx, meeting, ++n, 100_00);
      for (let i = 0; i < 10; i++) {
        const res = await uploadProof(guest.token, guest.orderId, pdf(`% try ${i}\n`));
        expect(res.statusCode, res.body).toBe(200);
      }
      const limited = await uploadProof(guest.token, guest.orderId, pdf('% one too many\n'));
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe(ERRORS.RATE_LIMITED.code);
    });

    it('limits uploads per address', async () => {
      const meeting = await createPaidMeeting(ctx, org);
      const ip = '10.99.99.99';
      let last = 0;
      for (let i = 0; i < 31; i++) {
        const guest = await pendingGuest(ctx, meeting, ++n, 100_00);
        last = (await uploadProof(guest.token, guest.orderId, pdf(`% address ${i}\n`), ip)).statusCode;
        if (i < 30) expect(last).toBe(200);
      }
      expect(last).toBe(429);
    });
  });
});
