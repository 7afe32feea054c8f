import type {
  WaitlistAdminEntry,
  WaitlistPage,
  WaitlistQuery,
  WaitlistStatus,
} from '@meetflow/shared/schemas/waitlist';
import { field, type ListStateOptions } from '../../lib/use-list-state.ts';

/*
 * The waiting-list page's pure parts: what its URL keeps, the request it makes, the status tags, and
 * what the promotion and removal confirmations say.
 */

export interface WaitlistFilters {
  meeting: number;
  /** A session's list; unset: the meeting's own. */
  session: number;
  /** Unset: only those still on the list (waiting or offered). */
  show: 'all';
}

/** The meeting, the list, the view and the page, in the URL (lib/waitlist.ts writes the first two). */
export const LIST_OPTIONS: ListStateOptions<WaitlistFilters, never> = {
  filters: { meeting: field.number(), session: field.number(), show: field.enum(['all'] as const) },
  sizes: [20, 50, 100],
  defaultSize: 50,
};

export function listQuery(page: number, size: number, filters: Partial<WaitlistFilters>): WaitlistQuery {
  return { schedule_id: filters.session ?? 0, show: filters.show ?? 'active', page, page_size: size };
}

export function exportPath(meetingId: number, scheduleId: number): string {
  return `/meetings/${meetingId}/waitlist/export?schedule_id=${scheduleId}`;
}

/**
 * antd Tag colours: in line (blue), a seat held for them (orange: the shell theme deepens it to 4.5:1,
 * which it does not for 'warning'), given a seat (green), taken off by an organiser (red); the others
 * left the list on their own or by lapse (grey).
 */
export const STATUS_COLORS: Record<WaitlistStatus, string | undefined> = {
  waiting: 'processing',
  offered: 'orange',
  promoted: 'success',
  expired: undefined,
  declined: undefined,
  left: undefined,
  removed: 'error',
};

/** Still on the list: the organiser may promote or remove them. */
export function isActive(status: WaitlistStatus): boolean {
  return status === 'waiting' || status === 'offered';
}

/** Whether the list or its settings want the "offer expires" column (never, while seats go automatically). */
export function showsOffers(page: Pick<WaitlistPage, 'offer_hours' | 'counts'>): boolean {
  return page.offer_hours > 0 || page.counts.offered > 0;
}

/** A catalogue key under `waitlist.` with its values. */
export interface Text {
  key: string;
  values?: Record<string, string | number>;
}

type Scope = 'meeting' | 'session';

/**
 * What promoting an entry does to the seats, said before the organiser confirms: an offered entry
 * already holds its seat; otherwise a free seat is taken, or, when none is, the server raises the
 * limit by one for it.
 */
export function promotionText(
  entry: Pick<WaitlistAdminEntry, 'status'>,
  seats: Pick<WaitlistPage, 'seats_taken' | 'seat_limit'>,
  scope: Scope,
): Text {
  if (entry.status === 'offered') return { key: 'promote.held' };
  if (seats.seat_limit === 0 || seats.seats_taken < seats.seat_limit) return { key: 'promote.free' };
  return { key: `promote.full.${scope}`, values: { from: seats.seat_limit, to: seats.seat_limit + 1 } };
}

/** Removing an offered entry frees the seat held for it, which passes to the next in line. */
export function removalText(entry: Pick<WaitlistAdminEntry, 'status'>): Text {
  return { key: entry.status === 'offered' ? 'remove.offered' : 'remove.waiting' };
}

/** How a freed seat is given: at once, or offered and held for some hours. */
export function offerModeText(offerHours: number): Text {
  return offerHours === 0 ? { key: 'settings.automatic' } : { key: 'offer', values: { count: offerHours } };
}

/** The seats as "taken / limit", or "taken (no limit)". */
export function seatsText(seats: Pick<WaitlistPage, 'seats_taken' | 'seat_limit'>): Text {
  return seats.seat_limit === 0
    ? { key: 'settings.seatsUnlimited', values: { taken: seats.seats_taken } }
    : { key: 'settings.seatsOf', values: { taken: seats.seats_taken, limit: seats.seat_limit } };
}
