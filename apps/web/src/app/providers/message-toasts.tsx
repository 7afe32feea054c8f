import { useCallback } from 'react';
import { message } from 'antd';
import { TOAST_OFFSET } from '@meetflow/shared/constants';
import type { ToastCall, ToastImpl } from '../../lib/toast.ts';
import { ShellTheme } from './shell-theme.tsx';
import { useToastImpl } from './use-toast-impl.ts';

/** lib/toast through antd's message: first the toasts that waited for this chunk, then every later one. */
export default function MessageToasts({ first }: { first: readonly ToastCall[] }) {
  const [api, holder] = message.useMessage({ top: TOAST_OFFSET });
  const show = useCallback<ToastImpl>(
    (type, content, { key, duration }) => {
      void api.open({ type, content, key, duration: duration / 1000 });
    },
    [api],
  );
  useToastImpl(first, show);
  return <ShellTheme>{holder}</ShellTheme>;
}
