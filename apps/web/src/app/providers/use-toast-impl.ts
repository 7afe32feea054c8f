import { useEffect, useRef } from 'react';
import { setToastImpl, type ToastCall, type ToastImpl } from '../../lib/toast.ts';

/**
 * Makes `show` lib/toast's implementation while the component is mounted, first replaying the toasts
 * raised while its chunk was loading (`first`), each once.
 */
export function useToastImpl(first: readonly ToastCall[], show: ToastImpl): void {
  const shown = useRef(0);
  useEffect(() => {
    for (const call of first.slice(shown.current)) show(...call);
    shown.current = first.length;
    return setToastImpl(show);
  }, [first, show]);
}
