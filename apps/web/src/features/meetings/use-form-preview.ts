import { useEffect, useMemo, useRef } from 'react';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import { readJson, removeKey, storageKey, writeJson } from '../../lib/storage.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { isPreviewReady, previewMessage, type PreviewMessage } from './form-builder-logic.ts';

/** How long the draft stays unchanged before the preview gets it: typing a label does not re-render it per key. */
const PREVIEW_DEBOUNCE_MS = 300;

function post(frame: HTMLIFrameElement | null, message: PreviewMessage) {
  // Our own origin only: the draft is the organiser's, not for any page the frame may have been led to.
  frame?.contentWindow?.postMessage(message, window.location.origin);
}

/**
 * The live preview's side of the exchange with the sign-up page in preview mode: the page says it is
 * ready, and gets the draft then and after every change (debounced). Returns the frame's ref.
 */
export function useFormPreview(fields: readonly FormField[]) {
  const frame = useRef<HTMLIFrameElement>(null);
  const message = useMemo(() => previewMessage(fields), [fields]);
  const latest = useRef(message);
  useEffect(() => {
    latest.current = message;
  }, [message]);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if (isPreviewReady(event.data)) post(frame.current, latest.current);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const settled = useDebounced(message, PREVIEW_DEBOUNCE_MS);
  useEffect(() => {
    post(frame.current, settled);
  }, [settled]);

  useKeepInterfaceLanguage();
  return frame;
}

const LANG_KEY = 'lang';

/**
 * The sign-up page opened in a language keeps it as the visitor's pick, in the storage it shares with
 * the back office (same origin): previewing in English would open the back office in English next
 * time. While the preview is shown, the organiser's own stored choice is put back whenever it changes.
 */
function useKeepInterfaceLanguage() {
  useEffect(() => {
    const own = readJson<unknown>(LANG_KEY, null);
    const ownRaw = own === null ? null : JSON.stringify(own);
    function onStorage(event: StorageEvent) {
      if (event.key !== storageKey(LANG_KEY) || event.newValue === ownRaw) return;
      if (own === null) removeKey(LANG_KEY);
      else writeJson(LANG_KEY, own);
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
