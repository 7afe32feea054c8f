/*
 * The meeting form's waiting-list choice: the API has one number (`waitlist_offer_hours`, 0 = a freed
 * seat goes to the first in line at once); the form shows it as a choice of two, with the hours beside
 * the second.
 */

export type OfferMode = 'automatic' | 'offer';

/** What the hours field shows when offers are first chosen. */
export const DEFAULT_OFFER_HOURS = 48;

export function offerFields(offerHours: number): { waitlist_offer: OfferMode; waitlist_offer_hours: number } {
  return offerHours === 0
    ? { waitlist_offer: 'automatic', waitlist_offer_hours: DEFAULT_OFFER_HOURS }
    : { waitlist_offer: 'offer', waitlist_offer_hours: offerHours };
}

export function offerHoursOf(mode: OfferMode, hours: number | null | undefined): number {
  return mode === 'offer' ? (hours ?? DEFAULT_OFFER_HOURS) : 0;
}
