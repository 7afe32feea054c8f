import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFER_HOURS, offerFields, offerHoursOf } from './meeting-waitlist.ts';

describe("the meeting form's freed-seat choice", () => {
  it('shows 0 hours as "automatic", keeping a default ready for offers', () => {
    expect(offerFields(0)).toEqual({
      waitlist_offer: 'automatic',
      waitlist_offer_hours: DEFAULT_OFFER_HOURS,
    });
    expect(offerFields(24)).toEqual({ waitlist_offer: 'offer', waitlist_offer_hours: 24 });
  });

  it('sends 0 for "automatic" whatever the hours field holds, and the hours for offers', () => {
    expect(offerHoursOf('automatic', 24)).toBe(0);
    expect(offerHoursOf('offer', 24)).toBe(24);
    expect(offerHoursOf('offer', null)).toBe(DEFAULT_OFFER_HOURS);
  });

  it('gives back what it was given', () => {
    for (const hours of [0, 1, 48, 336]) {
      const fields = offerFields(hours);
      expect(offerHoursOf(fields.waitlist_offer, fields.waitlist_offer_hours)).toBe(hours);
    }
  });
});
