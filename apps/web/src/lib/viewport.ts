import { VIEWPORT_MAX_SCALE } from '@meetflow/shared/constants';

const ZOOMABLE = [/^\/schedule(\/|$)/, /^\/guide(\/|$)/];

/** Schedule and guide pages show dense PDFs and tables, so only they allow pinch zoom (spec §2). */
export function viewportContent(pathname: string): string {
  const zoomable = ZOOMABLE.some((re) => re.test(pathname));
  return zoomable
    ? `width=device-width, initial-scale=1, maximum-scale=${VIEWPORT_MAX_SCALE}, user-scalable=yes`
    : 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no';
}

export function applyViewport(pathname: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'viewport';
    document.head.appendChild(meta);
  }
  const content = viewportContent(pathname);
  if (meta.content !== content) meta.content = content;
}
