import { useEffect, useRef, useState } from 'react';
import type { PdfPagesOptions } from '../../../../lib/pdf-pages.ts';
import { useTranslation } from '../../../../lib/i18n.ts';
import './pdf-viewer.css';

/**
 * Renders a PDF's pages as canvases fitted to the page width, each under a text layer of the page's
 * words (selectable, searchable, read by screen readers). Loaded with the PDF chunk only.
 */
export function PdfViewer({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    const options: PdfPagesOptions = {
      // Sharp on retina screens and when pinch-zoomed a little.
      sharpness: { perDevicePixel: 2, max: 4 },
      pageLabel: (page, total) => `${label} – ${t('pub.pdfPage', { page, total })}`,
      testIdPrefix: 'pdf-page-',
      textLayerSheetClass: 'mf-pub-pdf-sheet',
      canvasClass: 'mf-pub-pdf-page',
    };
    let stop: (() => void) | undefined;
    let cancelled = false;
    Promise.all([import('../../../../lib/pdf-pages.ts'), import('pdfjs-dist')])
      .then(([{ renderPdfPages }, pdfjs]) => {
        if (!cancelled && host.current)
          stop = renderPdfPages(pdfjs, host.current, { url }, options, setState);
      })
      .catch(() => setState('error'));
    return () => {
      cancelled = true;
      stop?.();
    };
    // The label's language does not need a re-render of the pages.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  return (
    <div className="mf-pub-pdf" aria-busy={state === 'loading'}>
      {state === 'loading' && (
        <p className="mf-pub-status" role="status" data-testid="pdf-loading">
          <span className="mf-pub-spinner" aria-hidden="true" />
          {t('pub.loading')}
        </p>
      )}
      {state === 'error' && (
        <p className="mf-pub-notice" role="alert" data-testid="pdf-error">
          {t('pub.pdfFailed')}
        </p>
      )}
      {state === 'ready' && <p className="mf-pub-hint">{t('pub.zoomHint')}</p>}
      <div ref={host} className="mf-pub-pdf-pages" data-testid="pdf-pages" />
    </div>
  );
}
