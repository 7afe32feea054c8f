/**
 * The organiser's preview of a form being built (issue 42): the builder shows the sign-up page in a
 * frame at `#/sign-up/<publicId>?preview=1` and sends its draft fields by postMessage; the page
 * renders them instead of the meeting's, signs no one up and stores nothing.
 *
 *   page → parent: { type: 'meetflow:form-preview-ready' }          (once listening)
 *   parent → page: { type: 'meetflow:form-preview', fields: FormField[] }   (on ready, on each edit)
 *
 * Both ways only between frames of the app's own origin.
 */
export const PREVIEW_READY = 'meetflow:form-preview-ready';
export const PREVIEW_FIELDS = 'meetflow:form-preview';

/** Whether the page's address asks for the preview (`?preview=1` in the hash's query). */
export function isPreviewSearch(search: string): boolean {
  return new URLSearchParams(search).get('preview') === '1';
}

/** The same, from a whole hash (`#/sign-up/x?preview=1&lang=en`), before the router has run. */
export function isPreviewHash(hash: string): boolean {
  return hash.includes('?') && isPreviewSearch(hash.slice(hash.indexOf('?') + 1));
}

/**
 * The field list a message carries, when it is the builder's preview message from this page's own
 * origin; null for anything else (another origin, another message, no list). The fields are read
 * with the rest of the form's code (preview-fields.ts), so the page's first download stays small.
 */
export function previewMessageFields(
  message: { origin: string; data: unknown },
  ownOrigin: string,
): unknown[] | null {
  if (message.origin !== ownOrigin) return null;
  const data = message.data as { type?: unknown; fields?: unknown } | null;
  if (typeof data !== 'object' || data === null || data.type !== PREVIEW_FIELDS) return null;
  return Array.isArray(data.fields) ? data.fields : null;
}
