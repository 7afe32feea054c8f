import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import type { Api } from './api.ts';
import { createPublicMeeting, type Created } from './public-meetings.ts';

/**
 * Paid meetings (issue 44) for the visitor-page tests, set up through the back office's payment
 * routes: the organisation's payment account (FPS proxy, bank account), the meeting's currency and
 * ways to pay, its prices; and what a test reads back: the guest's order, a QR code on screen.
 */

export interface TicketKind {
  name: string;
  name_cn: string;
  name_en: string;
  /** Minor units: 80000 = HKD 800.00. */
  amount: number;
  early_amount?: number;
  early_until?: number;
}

export interface PaidMeeting extends Created {
  organizationId: number;
  /** The ticket kinds' price item ids, in the order given. */
  priceIds: number[];
}

/** The organisation's FPS proxy and bank account (a test's own, made up). */
export const ACCOUNT = {
  fps_proxy_type: 'fps_id' as const,
  fps_proxy: '1234567',
  merchant_name: 'Macao Medical Assoc',
  merchant_city: 'Hong Kong',
  bank_name: 'Bank of East Asia',
  bank_account_name: 'Macao Medical Association',
  bank_account_number: '015-123-45678-9',
  receipt_issuer: {
    'zh-tw': '澳門醫學會',
    'zh-cn': '澳门医学会',
    en: 'Macao Medical Association',
  },
};

/**
 * Makes a meeting paid: its organisation's account (FPS proxy, bank account), HKD, the ways to pay
 * and the hold. Answers the organisation's id.
 */
export async function setUpPayments(
  api: Api,
  meetingId: number,
  options: { methods?: string[]; holdMinutes?: number } = {},
): Promise<number> {
  const { organization_id: organizationId } = await api.call<{ organization_id: number }>(
    'GET',
    `/meetings/${meetingId}`,
  );
  await api.call('PUT', `/organizations/${organizationId}/payment-account`, ACCOUNT);
  await api.call('PUT', `/meetings/${meetingId}/payment-settings`, {
    currency: 'HKD',
    hold_minutes: options.holdMinutes ?? 30,
    methods: options.methods ?? ['fps', 'transfer'],
    transfer_note: {
      'zh-tw': '請在轉賬附言填寫參考編號。',
      'zh-cn': '请在转账附言填写参考编号。',
      en: 'Put the reference in the transfer message.',
    },
  });
  return organizationId;
}

/** A price of the meeting: a ticket kind, a registration type's fee or a priced session. Answers its id. */
export async function addPrice(
  api: Api,
  meetingId: number,
  price: Partial<TicketKind> & {
    amount: number;
    item_type?: 'registration' | 'session';
    user_type_id?: number;
    schedule_id?: number;
    sort?: number;
  },
): Promise<number> {
  const item = await api.call<{ id: number }>('POST', `/meetings/${meetingId}/prices`, {
    item_type: price.item_type ?? 'registration',
    user_type_id: price.user_type_id ?? null,
    schedule_id: price.schedule_id ?? null,
    name: price.name ?? '',
    name_cn: price.name_cn ?? '',
    name_en: price.name_en ?? '',
    amount: price.amount,
    early_amount: price.early_amount ?? null,
    early_until: price.early_until ?? null,
    sort: price.sort ?? 0,
  });
  return item.id;
}

/** A general meeting charging in HKD, paid by FPS or transfer, with these ticket kinds. */
export async function createPaidMeeting(
  api: Api,
  options: { name: string; tickets: TicketKind[]; methods?: string[]; holdMinutes?: number },
): Promise<PaidMeeting> {
  const meeting = await createPublicMeeting(api, { type: 'general', name: options.name });
  const organizationId = await setUpPayments(api, meeting.id, options);
  const priceIds: number[] = [];
  for (const [sort, ticket] of options.tickets.entries())
    priceIds.push(await addPrice(api, meeting.id, { ...ticket, sort }));
  return { ...meeting, organizationId, priceIds };
}

export interface OrderSeen {
  id: number;
  reference: string;
  status: string;
  total: number;
  proof_uploaded: boolean;
  payer_kind: string;
  payer_institution: string;
  methods: { method: string; reference: string | null; fps_payload: string | null }[];
  receipts: { id: number; number: string; kind: string; amount: number }[];
}

/** The guest's orders as their page reads them (X-Guest-Token), newest first. */
export async function guestOrders(request: APIRequestContext, token: string): Promise<OrderSeen[]> {
  const response = await request.get('/api/public/guest/orders', { headers: { 'X-Guest-Token': token } });
  const body = (await response.json()) as { code: number; message: string; data: OrderSeen[] };
  expect(body.code, body.message).toBe(0);
  return [...body.data].sort((a, b) => b.id - a.id);
}

/**
 * What a QR code on screen says: a screenshot of the element, read by zbarimg (the zbar tools), as
 * a banking app would read it — not the payload the page was given.
 */
export async function readQrCode(element: Locator): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-qr-')), 'qr.png');
  await element.screenshot({ path: file });
  try {
    return execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file], {
      encoding: 'utf8',
    }).replace(/\n$/, '');
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** A discount code of the meeting (percent off, or a fixed amount in minor units). */
export async function addDiscountCode(
  api: Api,
  meetingId: number,
  code: { code: string; kind: 'percent' | 'fixed'; value: number; max_uses?: number },
) {
  return api.call<{ id: number }>('POST', `/meetings/${meetingId}/discount-codes`, code);
}

/**
 * The organiser's bank statement as their bank exports it (CSV: date, money in, the transfer's
 * text), for the orders page's statement import.
 */
export function statementCsv(lines: { bookedOn: string; amount: string; text: string }[]) {
  const rows = ['日期,存入金額,附言', ...lines.map((l) => `${l.bookedOn},"${l.amount}",${l.text}`)];
  return { name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(`${rows.join('\n')}\n`, 'utf8') };
}

/** A top-level field of an EMVCo merchant-presented payload (two-digit tag, two-digit length). */
export function emvField(payload: string, tag: string): string | undefined {
  for (let at = 0; at + 4 <= payload.length;) {
    const length = Number(payload.slice(at + 2, at + 4));
    if (payload.slice(at, at + 2) === tag) return payload.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return undefined;
}
