import { BASE_Z_INDEX, TOAST_DEFAULT_MS, TOAST_ERROR_MS, TOAST_OFFSET } from '@meetflow/shared/constants';

export type ToastType = 'success' | 'error' | 'info' | 'warning';
export interface ToastOptions {
  /** Toasts with the same key replace each other, so a burst of failures shows one message. */
  key?: string;
  duration?: number;
}
export type ToastImpl = (type: ToastType, content: string, options: Required<ToastOptions>) => void;
/** One toast as a renderer receives it. */
export type ToastCall = Parameters<ToastImpl>;

const COLORS: Record<ToastType, string> = {
  success: '#52c41a',
  error: '#ff4d4f',
  info: '#1677ff',
  warning: '#faad14',
};

const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * A dependency-free toast for the public pages, which must not pull in Ant Design. The admin shell
 * swaps in antd's message through setToastImpl.
 */
export const domToast: ToastImpl = (type, content, { key, duration }) => {
  if (typeof document === 'undefined') return;
  let host = document.getElementById('mf-toast-host');
  if (!host) {
    host = document.createElement('div');
    host.id = 'mf-toast-host';
    Object.assign(host.style, {
      // At the bottom: the visitor pages keep their language switch at the top, where a toast hid it.
      position: 'fixed',
      bottom: `calc(${TOAST_OFFSET}px + env(safe-area-inset-bottom, 0px))`,
      left: '50%',
      transform: 'translateX(-50%)',
      zIndex: String(BASE_Z_INDEX + 10),
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: '8px',
      pointerEvents: 'none',
      maxWidth: 'calc(100vw - 32px)',
    });
    document.body.appendChild(host);
  }
  // One at a time: a stack of them on a phone covers the page they speak about.
  for (const other of host.querySelectorAll<HTMLDivElement>('[data-toast-key]')) {
    if (other.dataset.toastKey !== key) removeToast(other);
  }
  let node = host.querySelector<HTMLDivElement>(`[data-toast-key="${CSS.escape(key)}"]`);
  if (!node) {
    node = document.createElement('div');
    node.dataset.toastKey = key;
    node.setAttribute('role', type === 'error' ? 'alert' : 'status');
    Object.assign(node.style, {
      background: '#fff',
      color: 'rgba(0,0,0,0.88)',
      borderRadius: '8px',
      padding: '9px 12px',
      boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
      fontSize: '14px',
      lineHeight: '1.5',
    });
    host.appendChild(node);
  }
  // The page it belongs to (the hash route): it does not follow the visitor to the next one.
  node.dataset.toastPage = window.location.hash;
  node.style.borderLeft = `4px solid ${COLORS[type]}`;
  node.className = `mf-toast mf-toast-${type}`;
  node.textContent = content;
  const previous = timers.get(key);
  if (previous) clearTimeout(previous);
  const target = node;
  timers.set(
    key,
    setTimeout(() => {
      target.remove();
      timers.delete(key);
    }, duration),
  );
};

function removeToast(node: HTMLElement) {
  const key = node.dataset.toastKey ?? '';
  clearTimeout(timers.get(key));
  timers.delete(key);
  node.remove();
}

/**
 * Removes the DOM toasts raised on another page than the one on screen (`all`: every one, as after
 * a language switch, which would leave them in the old language). The visitor pages call it on
 * every navigation; the back office's antd toasts are not DOM toasts and stay.
 */
export function dismissDomToasts({ all = false }: { all?: boolean } = {}) {
  if (typeof document === 'undefined') return;
  for (const node of document.querySelectorAll<HTMLElement>('#mf-toast-host [data-toast-key]')) {
    if (all || node.dataset.toastPage !== window.location.hash) removeToast(node);
  }
}

let impl: ToastImpl = domToast;

/** Installs another renderer (antd message in the admin shell); returns a function restoring the default. */
export function setToastImpl(next: ToastImpl): () => void {
  impl = next;
  return () => {
    if (impl === next) impl = domToast;
  };
}

function show(type: ToastType, content: string, options: ToastOptions | undefined, defaultMs: number) {
  impl(type, content, { key: options?.key ?? content, duration: options?.duration ?? defaultMs });
}

export const toast = {
  success: (content: string, options?: ToastOptions) => show('success', content, options, TOAST_DEFAULT_MS),
  info: (content: string, options?: ToastOptions) => show('info', content, options, TOAST_DEFAULT_MS),
  warning: (content: string, options?: ToastOptions) => show('warning', content, options, TOAST_DEFAULT_MS),
  error: (content: string, options?: ToastOptions) => show('error', content, options, TOAST_ERROR_MS),
};
