/*
 * A PDF's pages drawn as canvases with pdf.js, for the visitor PDF viewer and the certificate
 * template preview. Both load this module and pdf.js with import() when a PDF is first shown (the
 * worker is bundled by Vite from our own origin: CSP worker-src 'self'; an iframe of a blob: URL
 * would be refused by frame-src 'self'). No React and no import() here: a component shared by both
 * views, or a chunk of its own needing the preload helper, grows what the back office preloads.
 */

type PdfJs = typeof import('pdfjs-dist');

export type PdfSource = { url: string } | { data: Uint8Array };

/** Canvas pixels per CSS pixel: the device's pixels times `perDevicePixel`, at most `max`. */
export interface PdfSharpness {
  perDevicePixel: number;
  max: number;
}

export interface PdfPagesOptions {
  sharpness: PdfSharpness;
  /** The accessible name of page `page` of `total`. */
  pageLabel: (page: number, total: number) => string;
  /** Each canvas is `${testIdPrefix}${page}`, with data-rendered once drawn. */
  testIdPrefix: string;
  /** Lays the page's words over each canvas (selectable, read by screen readers) in a sheet of this class. */
  textLayerSheetClass?: string;
  canvasClass?: string;
  canvasStyle?: Partial<CSSStyleDeclaration>;
}

/** Pixels of one canvas at most: a big page on a sharp screen is scaled down to this, for memory. */
const MAX_CANVAS_PIXELS = 16_000_000;

/** Output scale of a page `width` × `height` CSS pixels, under the canvas size cap. */
export function outputScale(width: number, height: number, sharpness: PdfSharpness, dpr: number): number {
  const scale = Math.min(dpr * sharpness.perDevicePixel, sharpness.max);
  const pixels = width * scale * height * scale;
  return pixels > MAX_CANVAS_PIXELS ? scale * Math.sqrt(MAX_CANVAS_PIXELS / pixels) : scale;
}

/**
 * Draws the pages into `container`, fitted to its width, and tells `onStatus` when all are drawn or
 * the file fails. Returns the function that stops (on unmount or a new file).
 */
export function renderPdfPages(
  pdfjs: PdfJs,
  container: HTMLElement,
  source: PdfSource,
  options: PdfPagesOptions,
  onStatus: (status: 'ready' | 'error') => void,
): () => void {
  let cancelled = false;
  let destroy: (() => void) | undefined;
  (async () => {
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
    if (cancelled) return;
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
        options.sharpness,
        window.devicePixelRatio || 1,
      );
      const viewport = page.getViewport({ scale: cssScale * scale });
      const canvas = pageCanvas(viewport, options, n, doc.numPages);
      const sheetClass = options.textLayerSheetClass;
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
    if (!cancelled) onStatus('ready');
  })().catch(() => {
    if (!cancelled) onStatus('error');
  });
  return () => {
    cancelled = true;
    destroy?.();
  };
}

function pageCanvas(
  viewport: { width: number; height: number },
  options: PdfPagesOptions,
  page: number,
  total: number,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  if (options.canvasClass) canvas.className = options.canvasClass;
  if (options.canvasStyle) Object.assign(canvas.style, options.canvasStyle);
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', options.pageLabel(page, total));
  canvas.dataset.testid = `${options.testIdPrefix}${page}`;
  return canvas;
}
