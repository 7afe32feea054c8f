import { useCallback, useEffect, useRef, useState } from 'react';
import { usePermission } from '../../components/permission.tsx';
import { PopupBlockedError, printableGuest, printBadge } from './badge-print.ts';
import type { ScanFeedback } from './scan-result.ts';

/** The last scan as shown, with the guest the server identified (for their badge). */
export type ShownScan = ScanFeedback & { guestId: number | null };

/** The browser's own idea of the network, following its online and offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Where the badge of the scan shown stands; `scan` ties it to that scan (`at`), so the next scan starts afresh. */
export type BadgeState =
  | { scan: number; status: 'busy' | 'opened' | 'blocked' }
  | { scan: number; status: 'failed'; message: string };

/**
 * The badge of the scan shown: whom it may be printed for (online, with the permission), the print
 * itself and where it stands. `printRef` lets a key listener print without re-registering.
 */
export function useScanBadge(latest: ShownScan | null, meetingId: number, focusInput: () => void) {
  const online = useOnline();
  const { hasAny } = usePermission();
  // Door staff print one guest's badge (records:scan); organisers may too.
  const badgeGuest = printableGuest(latest, {
    online,
    allowed: hasAny(['records:scan', 'certificate:manage']),
  });
  const [badge, setBadge] = useState<BadgeState | null>(null);
  const badgeFor = latest && badge?.scan === latest.at ? badge : null;

  // The shortcut reads the guest of the moment without re-registering the key listener.
  const printRef = useRef<() => void>(() => undefined);
  const print = useCallback(async () => {
    if (badgeGuest === null || !latest || badgeFor?.status === 'busy') return;
    const scan = latest.at;
    setBadge({ scan, status: 'busy' });
    try {
      const outcome = await printBadge(meetingId, badgeGuest);
      setBadge(outcome === 'tab' ? { scan, status: 'opened' } : null);
    } catch (error) {
      setBadge(
        error instanceof PopupBlockedError
          ? { scan, status: 'blocked' }
          : { scan, status: 'failed', message: error instanceof Error ? error.message : '' },
      );
    }
    focusInput();
  }, [badgeGuest, latest, badgeFor?.status, meetingId, focusInput]);
  useEffect(() => {
    printRef.current = () => void print();
  }, [print]);
  return { badgeGuest, badgeFor, print, printRef };
}
