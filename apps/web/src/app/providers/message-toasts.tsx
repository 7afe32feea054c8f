import { useEffect, useRef } from 'react';
import { message } from 'antd';
import { TOAST_OFFSET } from '@meetflow/shared';
import { setToastImpl, type ToastCall, type ToastImpl } from '../../lib/toast.ts';

/** lib/toast through antd's message: first the toasts that waited for this chunk, then every later one. */
export default function MessageToasts({ first }: { first: readonly ToastCall[] }) {
  const [api, holder] = message.useMessage({ top: TOAST_OFFSET });
  const shown = useRef(0);
  useEffect(() => {
    const show: ToastImpl = (type, content, { key, duration }) => {
      void api.open({ type, content, key, duration: duration / 1000 });
    };
    for (const call of first.slice(shown.current)) show(...call);
    shown.current = first.length;
    return setToastImpl(show);
  }, [api, first]);
  return holder;
}
