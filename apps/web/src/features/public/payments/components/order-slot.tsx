import { lazy, Suspense } from 'react';
import type { GuestOrderProps } from './guest-order.tsx';

const GuestOrder = lazy(() => import('./guest-order.tsx'));

/**
 * Where the guest page shows a paid meeting's order (issue 44): the panel, its strings, styles and
 * the FPS code's drawing load as their own chunk, only for a guest of a paid meeting.
 */
export function OrderSlot(props: GuestOrderProps) {
  return (
    <Suspense fallback={null}>
      <GuestOrder {...props} />
    </Suspense>
  );
}
