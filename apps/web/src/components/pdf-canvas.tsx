import { useEffect, useRef, type CSSProperties } from 'react';

export type PdfSource = { url: string } | { data: Uint8Array };

/** Canvas pixels per CSS pixel: the device's pixels times `perDevicePixel`, at most `max`. */
export interface PdfSharpness {
  perDevicePixel: number;
  max: number;
}

/** Pixels of one canvas at most: a big page on a sharp screen is scaled down to this, for memory. */
const MAX_CANVAS_PIXELS = 16_000_000;

interface PdfCanvasProps {
  source: PdfSource;
  sharpness: PdfSharpness;
  /** The accessible name of page `page` of `total`. */
  pageLabel: (page: number, total: number) => string;
  /** Each canvas is `${testIdPrefix}${page}`, with data-rendered once drawn. */
  testIdPrefix: string;
  onStatus: (status: 'ready' | 'error') => void;
  /** Lays the page's words over each canvas (selectable, read by screen readers) in a sheet of this class. */
  textLayerSheetClass?: string;
  canvasClass?: string;
  canvasStyle?: CSSProperties;
  className?: string;
  testId?: string;
}

/** Output scale of a page `width` × `height` CSS pixels, under the canvas size cap. */
export function outputScale(width: number, height: number, sharpness: PdfSharpness, dpr: number): number {
  const scale = Math.min(dpr * sharpness.perDevicePixel, sharpness.max);
  const pixels = width * scale * height * scale;
  return pixels > MAX_CANVAS_PIXELS ? scale * Math.sqrt(MAX_CANVAS_PIXELS / pixels) : scale;
}

/**
 * A PDF's pages drawn as canvases fitted to the width of this element, with pdf.js. pdf.js and its
 * worker load only when one is first shown (the worker is bundled by Vite from our own origin: CSP
 * worker-src 'self'; an iframe of a blob: URL would be refused by frame-src 'self').
 */
export function PdfCanvas(props: PdfCanvasProps) {
  const { source, className, testId } = props;
  const host = useRef<HTMLDivElement>(null);
  const key = 'url' in source ? source.url : source.data;

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
      const task = pdfjs.getDocument(
        'url' in source
          ? { url: source.url, isEvalSupported: false, withCredentials: false }
          : // pdf.js hands the buffer to its worker: a copy keeps ours for the next render.
            { data: source.data.slice(), isEvalSupported: false },
      );
      destroy = () => void task.destroy();
      const doc = await task.promise;
      if (cancelled || !container) return;
      const width = Math.max(container.clientWidth, 280);
      container.replaceChildren();
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const cssScale = width / base.width;
        const scale = outputScale(
          width,
          base.height * cssScale,
          props.sharpness,
          window.devicePixelRatio || 1,
        );
        const viewport = page.getViewport({ scale: cssScale * scale });
        const canvas = pageCanvas(viewport, props, n, doc.numPages);
        const sheetClass = props.textLayerSheetClass;
        const text = sheetClass ? document.createElement('div') : null;
        if (text && sheetClass) {
          const sheet = document.createElement('div');
          sheet.className = sheetClass;
          // The text layer sizes itself from this factor: CSS pixels per PDF point.
          sheet.style.setProperty('--total-scale-factor', String(cssScale));
          text.className = 'textLayer';
          sheet.append(canvas, text);
          container.appendChild(sheet);
        } else {
          container.appendChild(canvas);
        }
        await page.render({ canvas, viewport }).promise;
        canvas.dataset.rendered = 'true';
        if (text) {
          const textLayer = new pdfjs.TextLayer({
            textContentSource: page.streamTextContent(),
            container: text,
            viewport: page.getViewport({ scale: cssScale }),
          });
          await textLayer.render();
        }
      }
      if (!cancelled) props.onStatus('ready');
    })().catch(() => {
      if (!cancelled) props.onStatus('error');
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
    // A new source draws again; the labels' language does not need another render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return <div ref={host} className={className} data-testid={testId} />;
}

function pageCanvas(
  viewport: { width: number; height: number },
  props: PdfCanvasProps,
  page: number,
  total: number,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  if (props.canvasClass) canvas.className = props.canvasClass;
  if (props.canvasStyle) Object.assign(canvas.style, props.canvasStyle);
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', props.pageLabel(page, total));
  canvas.dataset.testid = `${props.testIdPrefix}${page}`;
  return canvas;
}
