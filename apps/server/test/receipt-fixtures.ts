import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { RecordedMethod } from '@meetflow/shared/schemas/payments';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Db } from '../src/db/database.ts';
import * as orders from '../src/modules/payments/orders.repository.ts';
import { TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

/*
 * Paid orders for the receipts' and refunds' tests, made the way the payments module's contract
 * allows before the paid sign-up is there: guests sign up while the meeting is still free (so the
 * sign-up is the plain one), then the meeting gets its currency, each guest an order written
 * through orders.repository.ts, and payments are confirmed by `confirmIn` (confirm-payment.ts).
 */

export const ISSUER = {
  'zh-tw': '澳門醫學會\n澳門新馬路 1 號',
  'zh-cn': '澳门医学会\n澳门新马路 1 号',
  en: 'Macao Medical Association\n1 Avenida de Almeida Ribeiro, Macao',
};
export const FEE = 120_000; // MOP 1,200.00
export const DISCOUNT = 20_000; // MOP 200.00

export interface PaidGuest {
  id: number;
  token: string;
  code: string;
}

/** An organisation with a payment account and a meeting (free until `chargeFor`). */
export async function paidMeeting(
  ctx: TestContext,
  values: { organizationId?: number; registration_limit?: number; name?: string } = {},
): Promise<{ organizationId: number; meeting: MeetingFixture }> {
  const organizationId = values.organizationId ?? (await createOrganization(ctx.db));
  const meeting = await createMeeting(ctx.db, organizationId, {
    registration_limit: values.registration_limit ?? 0,
    name: values.name ?? '第十屆醫學年會',
  });
  await ctx.db
    .updateTable('meetings')
    // In March 2027: open for sign-ups whatever day of December or January the test's clock shows.
    .set({
      name_cn: '第十届医学年会',
      name_en: '10th Annual Medical Congress',
      start_at: Date.UTC(2027, 2, 1, 1),
      end_at: Date.UTC(2027, 2, 2, 9),
    })
    .where('id', '=', meeting.id)
    .execute();
  await ctx.db
    .insertInto('payment_accounts')
    .values({
      organization_id: organizationId,
      receipt_issuer: JSON.stringify(ISSUER),
      updated_at: ctx.now(),
    })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
  return { organizationId, meeting };
}

/** A guest signed up through the public form (the meeting still free), with their token. */
export async function signUpGuest(
  ctx: TestContext,
  meeting: MeetingFixture,
  n: number,
  language = 'zh-tw',
  body: Record<string, unknown> = {},
): Promise<PaidGuest> {
  const res = await signUp(ctx, meeting.publicId, generalBody(n, body), n, language);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const row = await ctx.db
    .selectFrom('guests')
    .select('id')
    .where('guest_code', '=', data.guest.guest_code as string)
    .executeTakeFirstOrThrow();
  // Their confirmation is not what these tests are about.
  await ctx.db.updateTable('guests').set({ mail_pending: 0 }).where('id', '=', row.id).execute();
  return { id: row.id, token: data.guest_token as string, code: data.guest.guest_code as string };
}

/** The meeting charges MOP from now on (its guests already signed up). */
export async function chargeFor(ctx: TestContext, meetingId: number): Promise<number> {
  await ctx.db.updateTable('meetings').set({ currency: 'MOP' }).where('id', '=', meetingId).execute();
  const item = await ctx.db
    .insertInto('price_items')
    .values({
      meeting_id: meetingId,
      item_type: 'registration',
      name: '會員',
      name_cn: '会员',
      name_en: 'Member',
      amount: FEE,
      created_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return item.id;
}

let references = 0;

/** A pending order of one line (the fee less DISCOUNT when `discounted`), its guest now unpaid. */
export async function orderFor(
  ctx: TestContext,
  meetingId: number,
  priceItemId: number,
  guest: { id: number },
  options: { discounted?: boolean; payerName?: string; institution?: string } = {},
): Promise<{ id: number; total: number; reference: string }> {
  const discount = options.discounted ? DISCOUNT : 0;
  const total = FEE - discount;
  const reference = `T${process.pid % 1000}${String(++references).padStart(5, '0')}`;
  const now = ctx.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const orderId = await orders.insertOrder(trx, {
      meeting_id: meetingId,
      guest_id: guest.id,
      reference,
      currency: 'MOP',
      subtotal: FEE,
      discount_amount: discount,
      total,
      discount_code_id: null,
      status: 'pending',
      hold_until: now + 30 * 60_000,
      method: null,
      payer_kind: options.institution ? 'institution' : 'guest',
      payer_name: options.payerName ?? '',
      payer_institution: options.institution ?? '',
      proof_file_id: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
      closed_at: null,
    });
    await orders.insertLines(trx, [
      {
        order_id: orderId,
        price_item_id: priceItemId,
        schedule_id: null,
        description: JSON.stringify({
          'zh-tw': '會員報名費',
          'zh-cn': '会员报名费',
          en: 'Member registration',
        }),
        amount: FEE,
        discount,
      },
    ]);
    await trx.updateTable('guests').set({ unpaid: 1 }).where('id', '=', guest.id).execute();
    return orderId;
  });
  return { id, total, reference };
}

/** A payment confirmed as a statement line or a staff action would: in a transaction of `app`'s database. */
export function pay(
  app: FastifyInstance,
  db: Db,
  orderId: number,
  amount: number,
  method: RecordedMethod = 'transfer',
  providerRef: string | null = null,
) {
  return db.transaction().execute((trx) =>
    app.payments.confirmIn(trx, {
      orderId,
      method,
      amount,
      providerRef,
      userId: null,
      auditName: null,
      ip: null,
    }),
  );
}

/**
 * Another instance of the server on the same database: on PostgreSQL with its own pool (two
 * processes' worth of connections); SQLite's one writer is shared, as two processes share the file.
 */
export async function secondApp(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const db = TEST_DB === 'postgres' ? openDatabase(ctx.config).db : ctx.db;
  const app = await buildApp({ config: ctx.config, db, dbKind: TEST_DB, clock: () => ctx.now() });
  return {
    app,
    db,
    async close() {
      await app.close();
      if (db !== ctx.db) await db.destroy();
    },
  };
}

/** The organisation's numbers of a kind and year, in order. */
export async function numbersOf(
  db: Db,
  organizationId: number,
  kind: 'receipt' | 'credit_note',
  year: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('receipts')
    .select('number')
    .where('organization_id', '=', organizationId)
    .where('kind', '=', kind)
    .where('year', '=', year)
    .orderBy('number')
    .execute();
  return rows.map((r) => r.number);
}

/** Runs a poppler tool on the PDF (written to a temporary file) and answers its output. */
function poppler(tool: string, args: string[], bytes: Uint8Array | Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mf-receipt-'));
  try {
    writeFileSync(path.join(dir, 'receipt.pdf'), bytes);
    return execFileSync(tool, [...args], { cwd: dir }).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF's text as poppler reads it (`pdftotext -layout`). */
export function pdfToText(bytes: Uint8Array | Buffer): string {
  return poppler('pdftotext', ['-layout', '-enc', 'UTF-8', 'receipt.pdf', '-'], bytes);
}

/** `pdffonts`' table of a PDF: one row per font (its name, whether embedded, whether a subset). */
export function pdfFonts(bytes: Uint8Array | Buffer): { name: string; embedded: boolean; subset: boolean }[] {
  return poppler('pdffonts', ['receipt.pdf'], bytes)
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      // name, type (one or two words), encoding, emb, sub, uni, object, ID: emb and sub are 5th and 4th from the end.
      const [emb, sub] = cells.slice(-5, -3);
      return { name: cells[0]!, embedded: emb === 'yes', subset: sub === 'yes' };
    });
}

/** The PDF's first page as PNG (pdftoppm), at `dpi`. */
export function pdfPng(bytes: Uint8Array | Buffer, dpi: number): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mf-receipt-'));
  try {
    writeFileSync(path.join(dir, 'receipt.pdf'), bytes);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-singlefile', 'receipt.pdf', 'page'], { cwd: dir });
    return readFileSync(path.join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Leaves the meeting's mail unsent, the receipts queued and the paid guests' confirmations: a test
 * about numbers is not what the mail test after it counts (nor worth drawing fifty PDFs for).
 */
export async function dropQueuedMail(ctx: TestContext, meetingId: number): Promise<void> {
  await ctx.db.deleteFrom('jobs').where('meeting_id', '=', meetingId).where('kind', '=', 'mail').execute();
  await ctx.db.updateTable('guests').set({ mail_pending: 0 }).where('meeting_id', '=', meetingId).execute();
}
