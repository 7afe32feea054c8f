import { useState } from 'react';
import { PdfCanvas, type PdfSharpness } from '../../../../components/pdf-canvas.tsx';
import { useTranslation } from '../../../../lib/i18n.ts';
import './pdf-viewer.css';

/** Sharp on retina screens and when pinch-zoomed a little. */
const SHARPNESS: PdfSharpness = { perDevicePixel: 2, max: 4 };

/**
 * Renders a PDF's pages as canvases fitted to the page width, each under a text layer of the page's
 * words (selectable, searchable, read by screen readers). Loaded with the PDF chunk only.
 */
export function PdfViewer({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
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
      <PdfCanvas
        source={{ url }}
        sharpness={SHARPNESS}
        pageLabel={(page, total) => `${label} – ${t('pub.pdfPage', { page, total })}`}
        testIdPrefix="pdf-page-"
        onStatus={setState}
        textLayerSheetClass="mf-pub-pdf-sheet"
        canvasClass="mf-pub-pdf-page"
        className="mf-pub-pdf-pages"
        testId="pdf-pages"
      />
    </div>
  );
}
