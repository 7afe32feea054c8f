import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_CHECKOUT_RETURN } from '@meetflow/shared/schemas/groups';
import { groupTokenOf, rememberGroupToken } from './group-return.ts';

describe("the group token across Stripe's way back", () => {
  afterEach(() => sessionStorage.clear());

  it('reads the token from the address, or on the way back the one the tab kept', () => {
    expect(groupTokenOf('abc_token')).toBe('abc_token');
    // Back from Stripe with nothing kept (another tab): no token, the page says the link is bad.
    expect(groupTokenOf(GROUP_CHECKOUT_RETURN)).toBe('');
    rememberGroupToken('kept_token');
    expect(groupTokenOf(GROUP_CHECKOUT_RETURN)).toBe('kept_token');
    // A token in the address wins over the kept one.
    expect(groupTokenOf('other_token')).toBe('other_token');
  });
});
