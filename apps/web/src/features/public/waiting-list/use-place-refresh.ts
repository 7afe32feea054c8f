import { useEffect, useEffectEvent, useState } from 'react';
import type { MeetingWaitlistEntry } from '@meetflow/shared/schemas/waitlist';
import { useTranslation } from '../../../lib/i18n.ts';
import { errorMessage } from '../components/public-frame.tsx';
import { isTokenLost, publicApi } from '../public-api.ts';

/** How often an open waiting page reads the visitor's place again. */
const REFRESH_MS = 30_000;

/**
 * Reads the visitor's place on the waiting list again every 30 s while on the list, whenever they
 * come back to the page, and on `refresh()`. A failed read keeps the last place on screen with its
 * time (`updatedAt`) and says why; the next refresh tries again.
 */
export function usePlaceRefresh({
  token,
  onList,
  onEntry,
  onPlaceGone,
}: {
  token: string;
  onList: boolean;
  onEntry: (entry: MeetingWaitlistEntry) => void;
  onPlaceGone: () => void;
}) {
  const { t } = useTranslation();
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const [refreshFailed, setRefreshFailed] = useState<string | null>(null);
  const [refreshes, setRefreshes] = useState(0);

  const received = useEffectEvent((next: MeetingWaitlistEntry) => {
    setUpdatedAt(Date.now());
    setRefreshFailed(null);
    onEntry(next);
  });
  const failed = useEffectEvent((error: unknown) => {
    if (isTokenLost(error)) onPlaceGone();
    // The last place read stays on screen with its time; the next refresh tries again.
    else setRefreshFailed(errorMessage(error, t('pub.loadFailed'), t('pub.networkError')));
  });

  // Each refresh (timer, return to the page, the button) reads the place once; the parent's first
  // read is refresh 0.
  useEffect(() => {
    if (refreshes === 0) return;
    const controller = new AbortController();
    publicApi.waitlist(token, controller.signal).then(received, (error: unknown) => {
      if (!controller.signal.aborted) failed(error);
    });
    return () => controller.abort();
  }, [token, refreshes]);

  useEffect(() => {
    if (!onList) return;
    const again = () => {
      if (document.visibilityState === 'visible') setRefreshes((n) => n + 1);
    };
    const timer = setInterval(again, REFRESH_MS);
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [onList]);

  return { updatedAt, refreshFailed, refresh: () => setRefreshes((n) => n + 1) };
}
