import type { BroadcastFilters } from '@meetflow/shared/schemas/mail';
import type { GuestListQuery } from './guests-types.ts';

/*
 * Whom a broadcast from the guest list reaches: the list's filters. Apart from the drawer's logic so
 * that the list page loads only this.
 */

/** The guest list's filters as a broadcast's recipients (paging and order left out). */
export function broadcastFiltersOf(query: GuestListQuery): BroadcastFilters {
  const filters: BroadcastFilters = {};
  if (query.keyword?.trim()) filters.keyword = query.keyword.trim();
  if (query.user_type_id !== undefined) filters.user_type_id = query.user_type_id;
  if (query.status !== undefined) filters.status = query.status;
  if (query.signed_up_from !== undefined) filters.signed_up_from = query.signed_up_from;
  if (query.signed_up_to !== undefined) filters.signed_up_to = query.signed_up_to;
  if (query.answer !== undefined && query.answer.length > 0) filters.answer = query.answer;
  return filters;
}

export const hasFilters = (filters: BroadcastFilters): boolean => Object.keys(filters).length > 0;

/** A range of days as the list's filter holds it ('YYYY-MM-DD' ends, either open), as text. */
export function dayRangeText(range: readonly [string | undefined, string | undefined]): string {
  const [from, to] = range;
  if (from && to) return from === to ? from : `${from} – ${to}`;
  if (from) return `≥ ${from}`;
  return to ? `≤ ${to}` : '';
}
