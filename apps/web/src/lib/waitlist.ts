/**
 * The back office's waiting-list page (features/waitlist). The meeting list and the schedule detail
 * link to it; the page reads the same two params (`meeting`, `session`) from its URL.
 */
export const WAITLIST_PATH = '/meeting_management/waitlist';

/** The page showing a meeting's own list (no session) or one of its sessions' lists. */
export function waitlistLink(meetingId: number, sessionId?: number): string {
  const params = new URLSearchParams({ meeting: String(meetingId) });
  if (sessionId) params.set('session', String(sessionId));
  return `${WAITLIST_PATH}?${params.toString()}`;
}

/**
 * A list's waiting count as the tables show it: null (a dash) for a list switched off with no one on
 * it, where a 0 would read as "nobody yet".
 */
export function waitingCount(list: { waitlist_enabled: boolean; waiting_count: number }): number | null {
  return list.waitlist_enabled || list.waiting_count > 0 ? list.waiting_count : null;
}
