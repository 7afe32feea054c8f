import { describe, expect, it } from 'vitest';
import { offerToken, readOfferToken } from './offer-token.ts';

describe('offer tokens', () => {
  it('name the offer they were made for', () => {
    expect(readOfferToken('s3cret', offerToken('s3cret', 42, 1_790_000_000_000))).toEqual({
      entryId: 42,
      offeredAt: 1_790_000_000_000,
    });
  });

  it('are refused when made with another secret, for another place or another offer', () => {
    const token = offerToken('s3cret', 42, 1000);
    expect(readOfferToken('other', token)).toBeUndefined();
    const [, , mac] = token.split('.');
    expect(readOfferToken('s3cret', `43.1000.${mac}`)).toBeUndefined();
    expect(readOfferToken('s3cret', `42.1001.${mac}`)).toBeUndefined();
    expect(readOfferToken('s3cret', 'not-a-token')).toBeUndefined();
  });
});
