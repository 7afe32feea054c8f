import { afterEach, describe, expect, it } from 'vitest';
import { dismissDomToasts, domToast } from './toast.ts';

const shown = () =>
  [...document.querySelectorAll<HTMLElement>('#mf-toast-host [data-toast-key]')].map((n) => n.textContent);
const show = (text: string) => domToast('success', text, { key: text, duration: 60_000 });

afterEach(() => {
  dismissDomToasts({ all: true });
  window.location.hash = '';
});

/* The visitor pages' own toast (issue 39): on a phone a stack of toasts covered the page. */
describe('the DOM toast', () => {
  it('shows one toast at a time, and the same message once', () => {
    show('Operation Successful!');
    show('Operation Successful!');
    expect(shown()).toEqual(['Operation Successful!']);
    show('Your seat is confirmed!');
    expect(shown()).toEqual(['Your seat is confirmed!']);
  });

  it('leaves with its page, and keeps the one raised on the page now shown', () => {
    window.location.hash = '#/enroll-info/abc';
    show('Operation Successful!');
    window.location.hash = '#/schedule/abc';
    dismissDomToasts();
    expect(shown()).toEqual([]);
    show('Saved');
    dismissDomToasts();
    expect(shown()).toEqual(['Saved']);
  });

  it('goes with a language switch, which would leave it in the old language', () => {
    show('Operation Successful!');
    dismissDomToasts({ all: true });
    expect(shown()).toEqual([]);
  });
});
