import type { Language } from '@meetflow/shared/languages';
import type { MeetingPage, meetingListQuery } from '@meetflow/shared/schemas/meetings';
import type { z } from 'zod';
import type { AuthUser } from '../../core/auth-user.ts';
import { subtreeIds, visibleOrganizationIds } from '../../core/organization-scope.ts';
import type { Db } from '../../db/database.ts';
import { localDayBounds } from '../../lib/local-time.ts';
import { checkinCounts } from '../attendance/attendance.service.ts';
import { toMeeting } from './meeting-fields.ts';
import { listMeetings } from './meetings.repository.ts';

type ListQuery = z.output<typeof meetingListQuery>;

/** The meetings of the user's subtree, filtered, sorted and paged, with their check-in counts. */
export async function listVisibleMeetings(
  db: Db,
  user: AuthUser,
  query: ListQuery,
  lang: Language,
): Promise<MeetingPage> {
  const visible = await visibleOrganizationIds(db, user);
  let organizationIds = visible;
  if (query.organization_id !== undefined) {
    // The filter takes the chosen organisation's subtree, never widening the user's own.
    const wanted = await subtreeIds(db, query.organization_id);
    organizationIds = visible === null ? wanted : wanted.filter((id) => visible.includes(id));
  }
  const { rows, total } = await listMeetings(
    db,
    {
      organizationIds,
      // Whole days in TIME_ZONE: from the first one's start to the last one's end.
      heldFrom: query.date_from ? localDayBounds(query.date_from).from : undefined,
      heldBefore: query.date_to ? localDayBounds(query.date_to).to : undefined,
      keyword: query.keyword,
    },
    { sortBy: query.sort_by, sortOrder: query.sort_order, lang },
    { offset: (query.page - 1) * query.page_size, limit: query.page_size },
  );
  const checkins = await checkinCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => toMeeting(row, checkins.get(row.id) ?? 0)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
