import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { domToast, setToastImpl, type ToastCall } from '../../lib/toast.ts';
import { useToastImpl } from './use-toast-impl.ts';

// antd's message (~8 KB gzip) loads with the first toast. Should its chunk not load (offline), the
// DOM toast stays in charge rather than the failure reaching the app's error boundary.
type Toasts = ComponentType<{ first: readonly ToastCall[] }>;
const MessageToasts = lazy<Toasts>(() =>
  import('./message-toasts.tsx').catch(() => ({ default: DomToasts })),
);

/**
 * Routes lib/toast through antd's message while the login page or the admin UI is on screen (themed,
 * grouped by key). Toasts raised while the message chunk loads are shown when it is there. Mounted
 * once above both layouts (RootLayout), so a toast raised just before login leads to the back
 * office, or a password change back to login, stays on screen across the switch.
 */
export function ToastBridge() {
  const [first, setFirst] = useState<ToastCall[] | null>(null);
  useEffect(() => setToastImpl((...call) => setFirst((calls) => [...(calls ?? []), call])), []);
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <MessageToasts first={first} />
    </Suspense>
  );
}

function DomToasts({ first }: { first: readonly ToastCall[] }) {
  useToastImpl(first, domToast);
  return null;
}
