import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type {
  DiscountCode,
  MeetingPaymentSetup,
  PriceItem,
  PriceList,
} from '@meetflow/shared/schemas/payments';
import { useDiscountCode } from '../src/modules/payments/pricing.repository.ts';
import { account, code, emptyText, insertTestOrder, price, settings } from './payments-setup-fixtures.ts';
import { adminApi, signUpGuest, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  generalBody,
  type MeetingFixture,
} from './registration-fixtures.ts';

const DAY = 86_400_000;

/**
 * The organiser's setup of a paid meeting (issue 44): payment settings, the organisation's payment
 * account, prices and discount codes — what each refuses and in which words, who may do it, and
 * what orders fix (the currency, a price named by an order line, a used code).
 */
describe(`setting up a paid meeting (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let organiser: Api;
  let otherOrganiser: Api;
  let door: Api;
  let orgId: number;
  let general: MeetingFixture;
  let dated: MeetingFixture;
  let elsewhere: MeetingFixture;
  let workshop: number;
  let foreignSession: number;
  let doctor: number;
  let nurse: number;
  let guestId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: 'Asia/Hong_Kong' });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgId = await createOrganization(ctx.db);
    const otherOrg = await createOrganization(ctx.db);
    organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgId));
    otherOrganiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', otherOrg));
    door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', orgId));
    general = await createMeeting(ctx.db, orgId, { name: '收費年會' });
    dated = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule' });
    elsewhere = await createMeeting(ctx.db, orgId);
    workshop = await createSchedule(ctx.db, general.id, 0, 'Workshop');
    foreignSession = await createSchedule(ctx.db, elsewhere.id, 0, 'Elsewhere');
    doctor = await createUserType(ctx.db, dated.id, [], 'Doctor');
    nurse = await createUserType(ctx.db, dated.id, [], 'Nurse');
    await createUserType(ctx.db, elsewhere.id, [], 'Foreign');
    // A guest signed up while the meeting was free: the orders below are theirs.
    const code = await signUpGuest(ctx, general.publicId, generalBody(1), 1);
    guestId = (
      await ctx.db.selectFrom('guests').select('id').where('guest_code', '=', code).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => ctx.close());

  const logs = (key: string) =>
    ctx.db.selectFrom('system_logs').selectAll().where('message_key', '=', key).orderBy('id').execute();
  const settingsUrl = (m: MeetingFixture) => `/api/meetings/${m.id}/payment-settings`;
  const accountUrl = () => `/api/organizations/${orgId}/payment-account`;
  it('answers a free meeting with the defaults and says what its methods need', async () => {
    const res = await organiser('GET', settingsUrl(general));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data as MeetingPaymentSetup).toEqual({
      currency: null,
      hold_minutes: 30,
      methods: [],
      transfer_note: emptyText,
      meeting_id: general.id,
      organization_id: orgId,
      meeting_type: 'general',
      has_orders: false,
      fps_proxy_set: false,
      bank_account_set: false,
      stripe_configured: false,
    });
  });

  it('refuses FPS without HKD and an FPS proxy, and Stripe without its keys, in the reader’s language', async () => {
    const mop = await organiser('PUT', settingsUrl(general), settings({ currency: 'MOP', methods: ['fps'] }));
    expect(mop.statusCode).toBe(400);
    expect(mop.json().data.fields).toEqual({ 'methods.fps': 'FPS takes Hong Kong dollars only' });
    const zh = await organiser(
      'PUT',
      settingsUrl(general),
      settings({ methods: ['fps', 'stripe'] }),
      'zh-TW',
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().data.fields).toEqual({
      'methods.fps': '請先在組織的收款帳戶設定轉數快識別碼',
      'methods.stripe': '此伺服器未設定 Stripe 網上付款',
    });
    const hold = await organiser('PUT', settingsUrl(general), settings({ hold_minutes: 2, currency: 'EUR' }));
    expect(hold.statusCode).toBe(400);
    expect(Object.keys(hold.json().data.fields).sort()).toEqual(['currency', 'hold_minutes']);
    expect(await ctx.db.selectFrom('meeting_payment_settings').selectAll().execute()).toEqual([]);
  });

  it('checks the payment account: FPS proxy forms, EMVCo ASCII and lengths', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ fps_proxy_type: 'fps_id', fps_proxy: '123456' }, { fps_proxy: 'An FPS ID has 7 to 9 digits' }],
      [{ fps_proxy_type: 'fps_id', fps_proxy: '1234567890' }, { fps_proxy: 'An FPS ID has 7 to 9 digits' }],
      [
        { fps_proxy_type: 'mobile', fps_proxy: '+853 6612 3456' },
        { fps_proxy: 'A Hong Kong mobile number: +852 and 8 digits' },
      ],
      [{ fps_proxy_type: 'email', fps_proxy: 'pay@' }, { fps_proxy: 'The email address is not valid' }],
      [{ fps_proxy_type: '', fps_proxy: '1234567' }, { fps_proxy_type: 'Choose the kind of FPS proxy' }],
      [
        { fps_proxy_type: 'mobile', fps_proxy: '' },
        { fps_proxy: 'Enter the FPS ID, mobile number or e-mail address' },
      ],
      [
        { merchant_name: '香港醫學會', merchant_city: '香港' },
        {
          merchant_name: 'FPS QR codes take English letters, digits and punctuation only',
          merchant_city: 'FPS QR codes take English letters, digits and punctuation only',
        },
      ],
      [
        { merchant_name: 'A'.repeat(26), merchant_city: 'B'.repeat(16) },
        { merchant_name: 'At most 25 characters', merchant_city: 'At most 15 characters' },
      ],
    ];
    for (const [overrides, fields] of cases) {
      const res = await organiser('PUT', accountUrl(), account(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().data.fields, JSON.stringify(overrides)).toEqual(fields);
    }
    const zh = await organiser(
      'PUT',
      accountUrl(),
      account({ fps_proxy_type: 'fps_id', fps_proxy: '12' }),
      'zh-CN',
    );
    expect(zh.json().data.fields).toEqual({ fps_proxy: '转数快识别码须为 7 至 9 位数字' });

    const saved = await organiser(
      'PUT',
      accountUrl(),
      account({ fps_proxy_type: 'mobile', fps_proxy: '9123 4567' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ fps_proxy: '+852-91234567', organization_id: orgId });
    expect((await organiser('GET', accountUrl())).json().data.fps_proxy).toBe('+852-91234567');
    const [entry] = await logs('payments.account_updated');
    const changes = JSON.parse(entry!.changes!) as { field: string; before: string; after: string }[];
    // The proxy and the account number are masked in the audit trail.
    expect(changes.find((c) => c.field === 'fps_proxy')?.after).toBe('****4567');
    expect(changes.find((c) => c.field === 'bank_account_number')?.after).toBe('****9001');
    expect(changes.find((c) => c.field === 'receipt_issuer.en')?.after).toBe('HK Medical Association');
  });

  it('saves HKD with FPS once the account has a proxy, and audits each change', async () => {
    const body = settings({
      methods: ['desk', 'fps', 'transfer'],
      hold_minutes: 45,
      transfer_note: { 'zh-tw': '請註明參考編號', 'zh-cn': '请注明参考编号', en: 'Quote the reference' },
    });
    const res = await organiser('PUT', settingsUrl(general), body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      currency: 'HKD',
      hold_minutes: 45,
      methods: ['transfer', 'fps', 'desk'],
      fps_proxy_set: true,
      bank_account_set: true,
    });
    const meeting = await ctx.db
      .selectFrom('meetings')
      .select('currency')
      .where('id', '=', general.id)
      .executeTakeFirstOrThrow();
    expect(meeting.currency).toBe('HKD');
    const [entry] = await logs('payments.settings_updated');
    expect(JSON.parse(entry!.changes!)).toEqual(
      expect.arrayContaining([
        { field: 'currency', before: null, after: 'HKD' },
        { field: 'hold_minutes', before: '30', after: '45' },
        { field: 'transfer_note.en', before: '', after: 'Quote the reference' },
      ]),
    );
    expect(entry!.content).toContain('changed currency, hold_minutes, methods, transfer_note');
  });

  it('keeps setup to payment managers of the meeting’s organisation', async () => {
    for (const [method, url, payload] of [
      ['GET', settingsUrl(general), undefined],
      ['PUT', settingsUrl(general), settings()],
      ['GET', accountUrl(), undefined],
      ['PUT', accountUrl(), account()],
      ['GET', `/api/meetings/${general.id}/prices`, undefined],
      ['POST', `/api/meetings/${general.id}/prices`, price()],
      ['GET', `/api/meetings/${general.id}/discount-codes`, undefined],
      ['POST', `/api/meetings/${general.id}/discount-codes`, code()],
    ] as const) {
      const foreign = await otherOrganiser(method, url, payload);
      expect(foreign.statusCode, `other organiser ${method} ${url}`).toBe(404);
      const staff = await door(method, url, payload);
      expect(staff.statusCode, `door staff ${method} ${url}`).toBe(403);
      expect(staff.json().code).toBe(ERRORS.FORBIDDEN.code);
    }
  });

  it('checks a general meeting’s ticket kinds and sessions, amounts in minor units', async () => {
    const url = `/api/meetings/${general.id}/prices`;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '' }, { name: 'Name the ticket (at least in Traditional Chinese)' }],
      [{ user_type_id: doctor }, { user_type_id: 'Not one of the allowed values' }],
      [{ amount: 125.5 }, { amount: 'An amount of 0 or more, with at most two decimals' }],
      [{ amount: -1 }, { amount: 'An amount of 0 or more, with at most two decimals' }],
      [
        { early_amount: 90_000, early_until: ctx.now() + DAY },
        { early_amount: 'The early-bird price must be lower than the price' },
      ],
      [{ early_amount: 60_000 }, { early_until: 'Give the early-bird price and its last day together' }],
      [
        { item_type: 'session', name: 'WS', schedule_id: foreignSession },
        { schedule_id: 'The selected session does not belong to this meeting' },
      ],
      [{ item_type: 'session', schedule_id: null }, { schedule_id: 'Please check schedule' }],
    ];
    for (const [overrides, fields] of cases) {
      const res = await organiser('POST', url, price(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().data.fields, JSON.stringify(overrides)).toEqual(fields);
    }
    const zh = await organiser('POST', url, price({ name: '   ' }), 'zh-TW');
    expect(zh.json().data.fields).toEqual({ name: '請輸入票種名稱（至少繁體中文）' });

    const until = ctx.now() + 10 * DAY;
    const member = await organiser('POST', url, price({ early_amount: 60_000, early_until: until }));
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().data as PriceItem).toMatchObject({
      amount: 80_000,
      early_amount: 60_000,
      early_until: until,
      retired: false,
      in_use: false,
    });
    const nonMember = await organiser(
      'POST',
      url,
      price({ name: '非會員', name_cn: '', name_en: '', amount: 120_000 }),
    );
    expect(nonMember.statusCode, nonMember.body).toBe(200);
    const session = await organiser(
      'POST',
      url,
      price({ item_type: 'session', schedule_id: workshop, amount: 30_000 }),
    );
    expect(session.statusCode, session.body).toBe(200);
    const twice = await organiser(
      'POST',
      url,
      price({ item_type: 'session', schedule_id: workshop, amount: 1 }),
    );
    expect(twice.json().data.fields).toEqual({ schedule_id: 'This session already has a price' });

    const list = (await organiser('GET', url)).json().data as PriceList;
    expect(list.currency).toBe('HKD');
    expect(list.items.map((i) => i.name_en || i.name)).toEqual(['Member', '非會員', 'Member']);
    expect(list.sessions.map((s) => s.name)).toEqual(['Workshop']);
    const [entry] = await logs('payments.price_saved');
    expect(entry!.content).toContain('(HKD 800.00)');
  });

  it('prices a date-schedule meeting per registration type, one live price each', async () => {
    const url = `/api/meetings/${dated.id}/prices`;
    const none = await organiser('POST', url, price());
    expect(none.json().data.fields).toEqual({ user_type_id: 'Please select the registration type' });
    const foreignType = await ctx.db
      .selectFrom('user_types')
      .select('id')
      .where('meeting_id', '=', elsewhere.id)
      .executeTakeFirstOrThrow();
    const foreign = await organiser('POST', url, price({ user_type_id: foreignType.id }));
    expect(foreign.json().data.fields).toEqual({
      user_type_id: 'This user type does not belong to this meeting',
    });
    const first = await organiser('POST', url, price({ user_type_id: doctor, name: '' }));
    expect(first.statusCode, first.body).toBe(200);
    const second = await organiser('POST', url, price({ user_type_id: doctor, name: '' }));
    expect(second.json().data.fields).toEqual({ user_type_id: 'This registration type already has a price' });
    const nurses = await organiser('POST', url, price({ user_type_id: nurse, name: '', amount: 50_000 }));
    expect(nurses.statusCode).toBe(200);
    const moved = await organiser(
      'PUT',
      `/api/prices/${nurses.json().data.id}`,
      price({ user_type_id: doctor }),
    );
    expect(moved.json().data.fields).toEqual({ user_type_id: 'This registration type already has a price' });
    // Retired, the type's price is free for a new one.
    const firstId = first.json().data.id as number;
    const retired = await organiser('POST', `/api/prices/${firstId}/retire`);
    expect(retired.json().data).toMatchObject({ id: firstId, retired: true });
    const again = await organiser('POST', url, price({ user_type_id: doctor, name: '', amount: 90_000 }));
    expect(again.statusCode, again.body).toBe(200);
    const list = (await organiser('GET', url)).json().data as PriceList;
    expect(list.user_types.map((t) => t.name)).toEqual(['Doctor', 'Nurse']);
    expect(list.items).toHaveLength(3);
  });

  it('fixes a price an order names: retired, never changed or deleted (PRICE_ITEM_IN_USE)', async () => {
    const url = `/api/meetings/${general.id}/prices`;
    const [member, nonMember] = ((await organiser('GET', url)).json().data as PriceList).items;
    await insertTestOrder(ctx.db, ctx.now(), general.id, guestId, [member!.id]);
    const changed = await organiser('PUT', `/api/prices/${member!.id}`, price({ amount: 1 }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe(ERRORS.PRICE_ITEM_IN_USE.code);
    const deleted = await organiser('DELETE', `/api/prices/${member!.id}`, undefined, 'zh-TW');
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('此收費項目已有訂單，只能停用，不能刪除或更改');
    const retired = await organiser('POST', `/api/prices/${member!.id}/retire`);
    expect(retired.json().data).toMatchObject({ retired: true, in_use: true, amount: 80_000 });
    // A price no order names changes and goes.
    const edited = await organiser(
      'PUT',
      `/api/prices/${nonMember!.id}`,
      price({ name: '非會員', amount: 100_000 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.amount).toBe(100_000);
    const [entry] = (await logs('payments.price_saved')).slice(-1);
    expect(JSON.parse(entry!.changes!)).toEqual(
      expect.arrayContaining([{ field: 'amount', before: '120000', after: '100000' }]),
    );
  });

  it('fixes the currency once orders exist (CURRENCY_LOCKED), other settings still change', async () => {
    for (const currency of ['MOP', null]) {
      const res = await organiser('PUT', settingsUrl(general), settings({ currency, methods: ['transfer'] }));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(ERRORS.CURRENCY_LOCKED.code);
    }
    const same = await organiser('PUT', settingsUrl(general), settings({ hold_minutes: 60 }));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ currency: 'HKD', hold_minutes: 60, has_orders: true });
  });

  it('keeps discount codes upper case and unique per meeting (DISCOUNT_CODE_TAKEN on the field)', async () => {
    const url = `/api/meetings/${general.id}/discount-codes`;
    const created = await organiser('POST', url, code({ max_uses: 10 }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data as DiscountCode).toMatchObject({
      code: 'SPONSOR100',
      kind: 'percent',
      value: 100,
      price_item_ids: [],
      max_uses: 10,
      used_count: 0,
      enabled: true,
    });
    const taken = await organiser('POST', url, code({ code: ' Sponsor100 ' }), 'zh-TW');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(ERRORS.DISCOUNT_CODE_TAKEN.code);
    expect(taken.json().data.fields).toEqual({ code: '此會議已有相同的優惠碼' });
    // Another meeting may have the same code.
    const other = await organiser('POST', `/api/meetings/${elsewhere.id}/discount-codes`, code());
    expect(other.statusCode, other.body).toBe(200);
    const renamed = await organiser('POST', url, code({ code: 'EARLY10', value: 10 }));
    const clash = await organiser('PUT', `/api/discount-codes/${renamed.json().data.id}`, code());
    expect(clash.statusCode).toBe(409);
    expect(clash.json().data.fields).toEqual({ code: 'This meeting already has that code' });
  });

  it('checks a code’s value, prices and window', async () => {
    const url = `/api/meetings/${general.id}/discount-codes`;
    const foreignPrice = await organiser(
      'POST',
      `/api/meetings/${elsewhere.id}/prices`,
      price({ name: 'Foreign' }),
    );
    const now = ctx.now();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ code: 'x!' }, { code: 'A code of 3 to 40 letters, digits, _ or -' }],
      [{ code: 'OVER', value: 101 }, { value: 'A percentage from 1 to 100' }],
      [
        { code: 'ZERO', kind: 'fixed', value: 0 },
        { value: 'An amount of 0 or more, with at most two decimals' },
      ],
      [
        { code: 'FOREIGN', price_item_ids: [foreignPrice.json().data.id] },
        { price_item_ids: 'A chosen price does not belong to this meeting' },
      ],
      [
        { code: 'WINDOW', valid_from: now + DAY, valid_until: now },
        { valid_until: 'The end must come after the start' },
      ],
      [
        { code: 'SPONSOR100', value: 101 },
        { value: 'A percentage from 1 to 100', code: 'This meeting already has that code' },
      ],
    ];
    for (const [overrides, fields] of cases) {
      const res = await organiser('POST', url, code(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().data.fields, JSON.stringify(overrides)).toEqual(fields);
    }
    const fixed = await organiser(
      'POST',
      url,
      code({ code: 'minus50', kind: 'fixed', value: 5_000, valid_from: now, valid_until: now + DAY }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('disables a used code rather than deleting it, and never sets its maximum below its uses', async () => {
    const url = `/api/meetings/${general.id}/discount-codes`;
    const codes = (await organiser('GET', url)).json().data as DiscountCode[];
    const sponsor = codes.find((c) => c.code === 'SPONSOR100')!;
    for (let n = 0; n < 3; n++) expect(await useDiscountCode(ctx.db, sponsor.id)).toBe(true);
    const below = await organiser('PUT', `/api/discount-codes/${sponsor.id}`, code({ max_uses: 2 }));
    expect(below.statusCode).toBe(400);
    expect(below.json().data.fields).toEqual({
      max_uses: 'At least the number of uses so far (0: no maximum)',
    });
    const deleted = await organiser('DELETE', `/api/discount-codes/${sponsor.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe(ERRORS.DISCOUNT_CODE_IN_USE.code);
    const disabled = await organiser(
      'PUT',
      `/api/discount-codes/${sponsor.id}`,
      code({ max_uses: 3, enabled: false }),
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data).toMatchObject({ enabled: false, max_uses: 3, used_count: 3 });
    const unused = codes.find((c) => c.code === 'EARLY10')!;
    expect((await organiser('DELETE', `/api/discount-codes/${unused.id}`)).statusCode).toBe(200);
    expect(((await organiser('GET', url)).json().data as DiscountCode[]).map((c) => c.code)).toEqual([
      'MINUS50',
      'SPONSOR100',
    ]);
    expect((await logs('payments.code_deleted')).map((e) => JSON.parse(e.message_params!).code)).toEqual([
      'EARLY10',
    ]);
  });

  it('narrows the codes limited to a price that is deleted, switching off one left with none', async () => {
    const prices = `/api/meetings/${elsewhere.id}/prices`;
    const a = (await organiser('POST', prices, price({ name: 'A' }))).json().data.id as number;
    const b = (await organiser('POST', prices, price({ name: 'B' }))).json().data.id as number;
    const url = `/api/meetings/${elsewhere.id}/discount-codes`;
    const both = await organiser('POST', url, code({ code: 'BOTH', price_item_ids: [a, b] }));
    const onlyA = await organiser('POST', url, code({ code: 'ONLYA', price_item_ids: [a] }));
    expect((await organiser('DELETE', `/api/prices/${a}`)).statusCode).toBe(200);
    const after = (await organiser('GET', url)).json().data as DiscountCode[];
    expect(after.find((c) => c.id === both.json().data.id)).toMatchObject({
      price_item_ids: [b],
      enabled: true,
    });
    expect(after.find((c) => c.id === onlyA.json().data.id)).toMatchObject({ enabled: false });
  });
});
