import { matchLanguage, type Language, type Localized } from '@meetflow/shared/languages';
import { receiptNumber } from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDate } from '../../lib/local-time.ts';
import { guestNameAndLanguage } from '../guests/guests.reads.ts';
import { meetingForMail, organizationOf } from '../meetings/meetings.reads.ts';
import { findOrganization } from '../organizations/organizations.reads.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { paymentsOf } from './payments.repository.ts';
import { findAccount } from './pricing.repository.ts';
import * as receipts from './receipts.repository.ts';

/**
 * What a receipt or credit note prints, frozen when it is issued (receipts.content): the PDF is
 * drawn from this alone, never from today's rows, so it reads the same on every download. Only an
 * erasure rewrites it, and then only `payer`'s names (numbers and amounts are accounting records).
 */
export interface ReceiptContent {
  number: string;
  kind: 'receipt' | 'credit_note';
  /** The guest's language when it was issued: printed first, the other two after it. */
  language: Language;
  /** The local day (TIME_ZONE) it was issued on, YYYY-MM-DD. */
  issued_on: string;
  issuer: { organization: string; text: Localized };
  /** Made out to the guest or to their institution, as they chose; `name` is the guest's either way. */
  payer: { kind: 'guest' | 'institution'; name: string; institution: string };
  meeting: Localized;
  order_reference: string;
  currency: string;
  lines: { description: Localized; amount: number; discount: number }[];
  /** The order's total, as charged. */
  order_total: number;
  /** What this receipt is for: the payment received, or the amount refunded. */
  amount: number;
  /** How it was paid or paid back (a RecordedMethod). */
  method: string;
  /** A credit note: the numbers of its order's receipts; [] on a receipt. */
  refers_to: string[];
  issued_at: number;
}

/**
 * Issues the receipt (or credit note) of one payment row in the caller's transaction: the next
 * number of the organisation's year (TIME_ZONE's year of `now`) and what it prints, frozen; and its
 * mail to the guest, queued in the same transaction (a rolled-back payment sends nothing).
 */
export async function issueReceiptIn(
  deps: PaymentsDeps,
  trx: Db,
  input: {
    orderId: number;
    paymentId: number;
    kind: 'receipt' | 'credit_note';
    amount: number;
    method?: string;
  },
): Promise<{ id: number; number: string }> {
  const order = await orders.findOrder(trx, input.orderId);
  const organizationId = order && (await organizationOf(trx, order.meeting_id));
  if (!order || organizationId === undefined) throw new AppError('NOT_FOUND');
  const now = deps.clock();
  // The year of the local day in TIME_ZONE: a receipt issued on 1 January at 00:30 belongs to it.
  const issuedOn = localDate(now);
  const year = Number(issuedOn.slice(0, 4));
  const number = await receipts.takeNumber(trx, organizationId, year, input.kind);
  const [meeting, account, org, lines, guest, payments, earlier] = await Promise.all([
    meetingForMail(trx, order.meeting_id),
    findAccount(trx, organizationId),
    findOrganization(trx, organizationId),
    orders.linesOf(trx, [order.id]),
    guestNameAndLanguage(trx, order.guest_id),
    paymentsOf(trx, [order.id]),
    input.kind === 'credit_note' ? receipts.receiptsOf(trx, [order.id]) : Promise.resolve([]),
  ]);
  const printed = receiptNumber(input.kind, year, number);
  const content: ReceiptContent = {
    number: printed,
    kind: input.kind,
    language: matchLanguage(guest?.language) ?? 'zh-tw',
    issued_on: issuedOn,
    issuer: { organization: org?.name ?? '', text: parseLocalized(account?.receipt_issuer) },
    payer: {
      kind: order.payer_kind,
      name: order.payer_name || guest?.name || '',
      institution: order.payer_institution,
    },
    meeting: {
      'zh-tw': meeting?.meeting_name ?? '',
      'zh-cn': meeting?.meeting_name_cn ?? '',
      en: meeting?.meeting_name_en ?? '',
    },
    order_reference: order.reference,
    currency: order.currency,
    lines: lines.map((l) => ({
      description: parseLocalized(l.description),
      amount: l.amount,
      discount: l.discount,
    })),
    order_total: order.total,
    amount: input.amount,
    method: input.method ?? payments.find((p) => p.id === input.paymentId)?.method ?? order.method ?? '',
    refers_to: earlier
      .filter((r) => r.kind === 'receipt')
      .map((r) => receiptNumber('receipt', r.year, r.number)),
    issued_at: now,
  };
  const id = await receipts.insertReceipt(trx, {
    organization_id: organizationId,
    year,
    kind: input.kind,
    number,
    order_id: order.id,
    payment_id: input.paymentId,
    amount: input.amount,
    currency: order.currency,
    issued_at: now,
    content: JSON.stringify(content),
  });
  await deps.systemLog.record(
    {
      action: 'create',
      source: 'system',
      message: {
        key: input.kind === 'receipt' ? 'payments.receipt_issued' : 'payments.credit_note_issued',
        params: { number: printed, reference: order.reference },
      },
      username: null,
      ip: null,
    },
    trx,
  );
  await deps.mail?.queueReceipt(trx, {
    meetingId: order.meeting_id,
    guestId: order.guest_id,
    receiptId: id,
    kind: input.kind,
  });
  return { id, number: printed };
}

/** A receipt's frozen content as stored. */
export function parseContent(json: string): ReceiptContent {
  return JSON.parse(json) as ReceiptContent;
}

function parseLocalized(json: string | undefined): Localized {
  const empty = { 'zh-tw': '', 'zh-cn': '', en: '' };
  if (!json) return empty;
  try {
    return { ...empty, ...(JSON.parse(json) as Partial<Localized>) };
  } catch {
    return empty;
  }
}
