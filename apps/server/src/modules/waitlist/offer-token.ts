import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The token of an offer (the e-mail's accept link, the offer buttons): the place and the moment of
 * the offer, signed with the app's waitlist secret. Derived, never stored; a later offer to the same
 * place (after a manual re-offer) has another moment, so an old link cannot accept it.
 */

export function offerToken(secret: string, entryId: number, offeredAt: number): string {
  return `${entryId}.${offeredAt}.${signature(secret, entryId, offeredAt)}`;
}

/** The offer a token names, or undefined when it is malformed or not signed by us. */
export function readOfferToken(
  secret: string,
  token: string,
): { entryId: number; offeredAt: number } | undefined {
  const match = /^(\d{1,10})\.(\d{1,16})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return undefined;
  const entryId = Number(match[1]);
  const offeredAt = Number(match[2]);
  const expected = Buffer.from(signature(secret, entryId, offeredAt));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { entryId, offeredAt }
    : undefined;
}

function signature(secret: string, entryId: number, offeredAt: number): string {
  return createHmac('sha256', secret)
    .update(`waitlist-offer:${entryId}:${offeredAt}`)
    .digest('base64url')
    .slice(0, 32);
}
