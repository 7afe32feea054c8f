import { GROUP_CHECKOUT_RETURN } from '@meetflow/shared/schemas/groups';

/*
 * Stripe sends the contact back to `#/group/return`, never to an address holding the group token
 * (Stripe keeps the addresses it is given). The page keeps the token in the tab's session storage
 * while the contact is at Stripe, and reads it back there.
 */
const KEY = 'mf_group_checkout';

function store(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Kept before the browser goes to Stripe's page. */
export function rememberGroupToken(token: string): void {
  store()?.setItem(KEY, token);
}

/** The group token the page's address names: itself, or the one kept for Stripe's way back. */
export function groupTokenOf(segment: string): string {
  if (segment !== GROUP_CHECKOUT_RETURN) return segment;
  return store()?.getItem(KEY) ?? '';
}
