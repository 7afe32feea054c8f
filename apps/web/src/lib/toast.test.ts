import { describe, expect, it } from 'vitest';
import { setToastImpl, showPageToasts, toastOnNextPage, type ToastCall } from './toast.ts';

describe('toasts for the next page', () => {
  it('wait until a page is drawn, then show once', () => {
    const shown: ToastCall[] = [];
    const restore = setToastImpl((...call) => shown.push(call));
    toastOnNextPage('success', 'Logged in');
    expect(shown).toEqual([]);
    showPageToasts();
    expect(shown.map(([type, content]) => [type, content])).toEqual([['success', 'Logged in']]);
    showPageToasts();
    expect(shown).toHaveLength(1);
    restore();
  });
});
