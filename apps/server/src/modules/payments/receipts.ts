import { receiptNumber } from '@meetflow/shared/schemas/payments';
import type { Localized } from '@meetflow/shared/languages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDate } from '../../lib/local-time.ts';
import { meetingForMail, organizationOf } from '../meetings/meetings.reads.ts';
import { findOrganization } from '../organizations/organizations.reads.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { findAccount } from './pricing.repository.ts';
import * as receipts from './receipts.repository.ts';

/** What a receipt or credit note prints, frozen when it is issued (receipts.content). */
export interface ReceiptContent {
  number: string;
  kind: 'receipt' | 'credit_note';
  issuer: { organization: string; text: Localized };
  payer: { kind: 'guest' | 'institution'; name: string; institution: string };
  meeting: Localized;
  order_reference: string;
  currency: string;
  lines: { description: Localized; amount: number; discount: number }[];
  /** What this receipt is for: the payment received, or the amount refunded. */
  amount: number;
  method: string;
  issued_at: number;
}

/**
 * Issues the receipt (or credit note) of one payment row in the caller's transaction: the next
 * number of the organisation's year (TIME_ZONE's year of `now`) and what it prints, frozen.
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
  const year = Number(localDate(now).slice(0, 4));
  const number = await receipts.takeNumber(trx, organizationId, year, input.kind);
  const [meeting, account, org, lines] = await Promise.all([
    meetingForMail(trx, order.meeting_id),
    findAccount(trx, organizationId),
    findOrganization(trx, organizationId),
    orders.linesOf(trx, [order.id]),
  ]);
  const printed = receiptNumber(input.kind, year, number);
  const content: ReceiptContent = {
    number: printed,
    kind: input.kind,
    issuer: { organization: org?.name ?? '', text: parseLocalized(account?.receipt_issuer) },
    payer: { kind: order.payer_kind, name: order.payer_name, institution: order.payer_institution },
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
    amount: input.amount,
    method: input.method ?? order.method ?? '',
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
  return { id, number: printed };
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
