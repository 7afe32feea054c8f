import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '@meetflow/shared/constants';

export type LayoutMode = 'mobile' | 'pc';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribe(callback: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', callback);
  return () => media.removeEventListener('change', callback);
}

function isNarrow() {
  return window.matchMedia(QUERY).matches;
}

const MOBILE_UA = /Android|iPhone|iPod|Mobile|Mobi/i;

/** Mobile when the device is mobile or the width is under 992 px, if mobile adaptation is on (spec §2). */
export function layoutModeFor(narrow: boolean, mobileDevice: boolean, adaptation: boolean): LayoutMode {
  return adaptation && (narrow || mobileDevice) ? 'mobile' : 'pc';
}

export function useLayoutMode(adaptation: boolean): LayoutMode {
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false);
  return layoutModeFor(narrow, MOBILE_UA.test(navigator.userAgent), adaptation);
}
