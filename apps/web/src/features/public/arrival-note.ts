/**
 * What the page that led to the guest page did, passed in the navigation's state and told on the
 * guest page itself: a toast raised before leaving covered the new page's name and QR code, and
 * kept the old page's language.
 */
export interface ArrivalState {
  note?: 'signed_up' | 'accepted';
  /** The full meeting put the visitor on its waiting list. */
  joinedWaitlist?: boolean;
}
