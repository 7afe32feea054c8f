import { lazy, Suspense } from 'react';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import type { ClosedStatus } from '../closed-order-api.ts';
import type { GuestOrderProps } from './guest-order.tsx';

const GuestOrder = lazy(() => import('./guest-order.tsx'));
const ClosedOrder = lazy(() => import('./order-cards.tsx').then((m) => ({ default: m.ClosedOrder })));

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

/** A sign-up whose order closed (its token opens no guest page any more): what became of it. */
export function ClosedOrderSlot({ meeting, status }: { meeting: PublicMeeting; status: ClosedStatus }) {
  return (
    <Suspense fallback={null}>
      <ClosedOrder meeting={meeting} status={status} />
    </Suspense>
  );
}
