import type { Currency, RevenueFigures } from '@meetflow/shared/schemas/payments';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import type { Db } from '../../db/database.ts';
import { revenueOf } from './orders.repository.ts';

/**
 * Revenue for the dashboard (issue 44), per currency: money received and refunded (payment rows),
 * money awaiting payment (pending orders), over the live meetings the user sees, or one of them.
 * Currencies with nothing at all are left out, so a user of free meetings only sees an empty list.
 */
export async function revenueFigures(db: Db, user: AuthUser, meetingId?: number): Promise<RevenueFigures> {
  const organizationIds = await visibleOrganizationIds(db, user);
  if (meetingId !== undefined) await visibleMeeting(db, user, meetingId);
  const { orderSums, moneySums } = await revenueOf(db, { meetingId, organizationIds });
  const byCurrency = new Map<string, RevenueFigures[number]>();
  const entry = (currency: string) => {
    let figures = byCurrency.get(currency);
    if (!figures) {
      figures = {
        currency: currency as Currency,
        paid: 0,
        refunded: 0,
        pending: 0,
        orders_paid: 0,
        orders_pending: 0,
      };
      byCurrency.set(currency, figures);
    }
    return figures;
  };
  for (const row of orderSums) {
    const figures = entry(row.currency);
    figures.pending = Number(row.pending ?? 0);
    figures.orders_pending = Number(row.orders_pending ?? 0);
    figures.orders_paid = Number(row.orders_paid ?? 0);
  }
  for (const row of moneySums) {
    const figures = entry(row.currency);
    figures.paid = Number(row.paid ?? 0);
    figures.refunded = Number(row.refunded ?? 0);
  }
  return [...byCurrency.values()]
    .filter((f) => f.paid + f.refunded + f.pending + f.orders_paid + f.orders_pending > 0)
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
