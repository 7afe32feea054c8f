import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isPreviewSearch, PREVIEW_READY, previewMessageFields } from './form-preview.ts';

/**
 * The organiser's preview (form-preview.ts): null outside it, else the fields the builder sent last
 * (null until it has sent some), as sent: the form's own code reads them (preview-fields.ts).
 */
export type FormPreview = { fields: readonly unknown[] | null } | null;

/**
 * In preview (`?preview=1`), listens for the builder's fields from the app's own origin, then tells
 * the parent frame it is ready for them.
 */
export function useFormPreview(): FormPreview {
  const active = isPreviewSearch(useLocation().search);
  const [fields, setFields] = useState<readonly unknown[] | null>(null);

  useEffect(() => {
    if (!active) return;
    const origin = window.location.origin;
    const listener = (event: MessageEvent) => {
      const sent = previewMessageFields(event, origin);
      if (sent) setFields(sent);
    };
    window.addEventListener('message', listener);
    if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY }, origin);
    return () => window.removeEventListener('message', listener);
  }, [active]);

  return active ? { fields } : null;
}
