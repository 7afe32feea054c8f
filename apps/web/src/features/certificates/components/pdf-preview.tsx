import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';

/** Canvas pixels per CSS pixel, bounded for memory. */
const MAX_OUTPUT_SCALE = 3;

/**
 * The preview PDF drawn on canvases with pdf.js (an iframe of a blob: URL is refused by the CSP's
 * frame-src 'self'). pdf.js and its worker load only when a preview is first shown. Give it a new
 * key for new data.
 */
export function PdfPreview({ data }: { data: Uint8Array }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

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
      // pdf.js hands the buffer to its worker: a copy keeps ours for the next render.
      const task = pdfjs.getDocument({ data: data.slice(), isEvalSupported: false });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      if (cancelled || !container) return;
      const width = Math.max(container.clientWidth, 280);
      const outputScale = Math.min((window.devicePixelRatio || 1) * 1.5, MAX_OUTPUT_SCALE);
      container.replaceChildren();
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        if (cancelled) return;
        const cssScale = width / page.getViewport({ scale: 1 }).width;
        const viewport = page.getViewport({ scale: cssScale * outputScale });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        Object.assign(canvas.style, {
          width: '100%',
          display: 'block',
          boxShadow: '0 1px 6px rgba(0,0,0,0.2)',
          marginBottom: '12px',
          background: '#fff',
        });
        canvas.setAttribute('role', 'img');
        canvas.setAttribute(
          'aria-label',
          t('certificates.template.previewPage', { page: n, total: doc.numPages }),
        );
        canvas.dataset.testid = `certificate-preview-page-${n}`;
        container.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
        canvas.dataset.rendered = 'true';
      }
      if (!cancelled) setState('ready');
    })().catch(() => {
      if (!cancelled) setState('error');
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
    // The label's language does not need another render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return (
    <div aria-busy={state === 'loading'} data-testid="certificate-preview">
      {state === 'loading' && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {state === 'error' && (
        <p role="alert" style={{ color: 'var(--ant-color-error)' }}>
          {t('certificates.template.previewFailed')}
        </p>
      )}
      <div ref={host} />
    </div>
  );
}
