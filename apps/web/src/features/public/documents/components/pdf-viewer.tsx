import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import './pdf-viewer.css';

type ViewerState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; pages: number };

/** Canvas pixels per CSS pixel: sharp on retina screens and when pinch-zoomed a little, bounded for memory. */
const MAX_OUTPUT_SCALE = 4;
const MAX_CANVAS_PIXELS = 16_000_000;

/**
 * Renders a PDF's pages as canvases fitted to the page width, each under a text layer of the page's
 * words (selectable, searchable, read by screen readers). pdf.js and its worker load only here
 * (the worker is bundled by Vite from our own origin: CSP worker-src 'self').
 */
export function PdfViewer({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const container = host.current;
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerSrc = new URL(
        'pdfjs-dist/build/pdf.worker.min.mjs',
        import.meta.url,
      ).toString();
      const task = pdfjs.getDocument({ url, isEvalSupported: false, withCredentials: false });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      if (cancelled || !container) return;
      const width = Math.max(container.clientWidth, 280);
      const dpr = window.devicePixelRatio || 1;
      container.replaceChildren();
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const cssScale = width / base.width;
        let outputScale = Math.min(dpr * 2, MAX_OUTPUT_SCALE);
        const pixels = base.width * cssScale * outputScale * base.height * cssScale * outputScale;
        if (pixels > MAX_CANVAS_PIXELS) outputScale *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
        const viewport = page.getViewport({ scale: cssScale * outputScale });
        const sheet = document.createElement('div');
        sheet.className = 'mf-pub-pdf-sheet';
        // The text layer sizes itself from this factor: CSS pixels per PDF point.
        sheet.style.setProperty('--total-scale-factor', String(cssScale));
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'mf-pub-pdf-page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${label} – ${t('pub.pdfPage', { page: n, total: doc.numPages })}`);
        canvas.dataset.testid = `pdf-page-${n}`;
        const text = document.createElement('div');
        text.className = 'textLayer';
        sheet.append(canvas, text);
        container.appendChild(sheet);
        await page.render({ canvas, viewport }).promise;
        canvas.dataset.rendered = 'true';
        const textLayer = new pdfjs.TextLayer({
          textContentSource: page.streamTextContent(),
          container: text,
          viewport: page.getViewport({ scale: cssScale }),
        });
        await textLayer.render();
      }
      if (!cancelled) setState({ status: 'ready', pages: doc.numPages });
    })().catch(() => {
      if (!cancelled) setState({ status: 'error' });
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
    // The label's language does not need a re-render of the pages.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  return (
    <div className="mf-pub-pdf" aria-busy={state.status === 'loading'}>
      {state.status === 'loading' && (
        <p className="mf-pub-status" role="status" data-testid="pdf-loading">
          <span className="mf-pub-spinner" aria-hidden="true" />
          {t('pub.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <p className="mf-pub-notice" role="alert" data-testid="pdf-error">
          {t('pub.pdfFailed')}
        </p>
      )}
      {state.status === 'ready' && <p className="mf-pub-hint">{t('pub.zoomHint')}</p>}
      <div ref={host} className="mf-pub-pdf-pages" data-testid="pdf-pages" />
    </div>
  );
}
