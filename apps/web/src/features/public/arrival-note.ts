/**
 * What the page that led to the guest page did, passed in the navigation's state and told on the
 * guest page itself: a toast raised before leaving covered the new page's name and QR code, and
 * kept the old page's language.
 */
export interface ArrivalState {
  /** applied: the sign-up waits for the organiser's approval (issue 45). */
  note?: 'signed_up' | 'accepted' | 'applied';
  /** The full meeting put the visitor on its waiting list. */
  joinedWaitlist?: boolean;
}
