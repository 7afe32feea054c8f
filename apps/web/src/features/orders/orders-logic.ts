import {
  formatAmount,
  parseMinorAmount,
  type OrderRow,
  type OrderStatus,
  type StatementLine,
} from '@meetflow/shared/schemas/payments';

/*
 * The orders page's pure parts: the filters it offers, the tags' colours, what may be done with an
 * order, and amounts typed by the organiser read exactly (the server computes every amount; a
 * typed one is what the organiser says they received or gave back).
 */

/** The filters, in the order of the tabs; '' = every order. */
export const STATUS_FILTERS = [
  '',
  'pending',
  'paid',
  'expired',
  'refund_due',
  'refunded',
  'cancelled',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** antd Tag colours: awaiting (orange), paid (green), to refund (red), closed (grey). */
export const STATUS_COLORS: Record<OrderStatus, string | undefined> = {
  pending: 'orange',
  paid: 'success',
  expired: undefined,
  cancelled: undefined,
  refund_due: 'error',
  refunded: 'purple',
};

export const OUTCOME_COLORS: Record<StatementLine['outcome'], string | undefined> = {
  matched: 'success',
  already: undefined,
  amount_differs: 'orange',
  unmatched: 'error',
};

/** An amount with its currency as the tables show it: 'HKD 1,200.50'. */
export function money(currency: string, minor: number): string {
  return `${currency} ${formatAmount(minor)}`;
}

/** A payment may be recorded by hand while the order awaits it, or arrived after it closed. */
export function canMarkPaid(order: Pick<OrderRow, 'status'>): boolean {
  return order.status === 'pending' || order.status === 'expired' || order.status === 'cancelled';
}

/** What is still to pay: the total less what was received (never below 0). */
export function stillDue(order: Pick<OrderRow, 'total' | 'paid_amount'>): number {
  return Math.max(0, order.total - order.paid_amount);
}

/** What may be refunded: received less refunded. */
export function refundable(order: Pick<OrderRow, 'paid_amount' | 'refunded_amount'>): number {
  return Math.max(0, order.paid_amount - order.refunded_amount);
}

export function canRefund(order: Pick<OrderRow, 'status' | 'paid_amount' | 'refunded_amount'>): boolean {
  return (order.status === 'paid' || order.status === 'refund_due') && refundable(order) > 0;
}

/** Only an order still awaiting payment is cancelled (a paid one is refunded, with its cancel box). */
export function canCancel(order: Pick<OrderRow, 'status'>): boolean {
  return order.status === 'pending';
}

/**
 * A typed amount in minor units: '1,200.50' → 120050. 'required' when empty, 'invalid' when it is
 * no amount, 0 or negative, or more than `max` (when given).
 */
export function typedAmount(text: string, max?: number): number | 'required' | 'invalid' {
  if (!text.trim()) return 'required';
  const minor = parseMinorAmount(text);
  if (minor === undefined || minor <= 0 || (max !== undefined && minor > max)) return 'invalid';
  return minor;
}

/** The preview's lines counted by outcome, for the summary above the table. */
export function outcomeCounts(lines: readonly Pick<StatementLine, 'outcome'>[]) {
  const counts: Record<StatementLine['outcome'], number> = {
    matched: 0,
    already: 0,
    amount_differs: 0,
    unmatched: 0,
  };
  for (const line of lines) counts[line.outcome] += 1;
  return counts;
}
