import type { Currency, RevenueFigures } from '@meetflow/shared/schemas/payments';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import type { Db } from '../../db/database.ts';
import { meetingsWithOrders, revenueOf } from './orders.repository.ts';

/**
 * Revenue for the dashboard (issue 44), per currency: money received and refunded (payment rows),
 * money awaiting payment (pending orders), over the live meetings the user sees, or one of them.
 * Currencies with nothing at all are left out, so a user of free meetings only sees an empty list.
 */
export async function revenueFigures(db: Db, user: AuthUser, meetingId?: number): Promise<RevenueFigures> {
  const meetingIds =
    meetingId !== undefined
      ? [(await visibleMeeting(db, user, meetingId)).id]
      : await meetingsWithOrders(db, await visibleOrganizationIds(db, user));
  const figures = await revenueOf(db, meetingIds);
  return figures
    .map((f) => ({ ...f, currency: f.currency as Currency }))
    .filter((f) => f.paid + f.refunded + f.pending + f.orders_paid + f.orders_pending > 0);
}
