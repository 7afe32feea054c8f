import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PNG } from 'pngjs';

/** A PDF's pages and the text on each, as a reader's text extraction finds it (pdf.js). */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages;
}

/** Each page's size in points, as pdf.js reads it. */
export async function pdfPageSizes(bytes: Uint8Array | Buffer): Promise<[number, number][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const sizes: [number, number][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const [x0, y0, x1, y1] = (await doc.getPage(n)).view as [number, number, number, number];
    sizes.push([x1 - x0, y1 - y0]);
  }
  await doc.destroy();
  return sizes;
}

/** A PDF's pages as poppler's `pdftoppm` renders them, at `dpi`. */
export function pdfPages(bytes: Uint8Array | Buffer, dpi: number): PNG[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mf-pdftoppm-'));
  try {
    writeFileSync(path.join(dir, 'document.pdf'), bytes);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', 'document.pdf', 'page'], { cwd: dir });
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => PNG.sync.read(readFileSync(path.join(dir, name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The QR code read (jsQR) in a rectangle of a rendered page, in pixels; the whole page if none. */
export function qrIn(
  page: PNG,
  area = { x: 0, y: 0, width: page.width, height: page.height },
): string | undefined {
  const x = Math.max(0, Math.round(area.x));
  const y = Math.max(0, Math.round(area.y));
  const width = Math.min(page.width - x, Math.round(area.width));
  const height = Math.min(page.height - y, Math.round(area.height));
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * page.width + x) * 4;
    pixels.set(page.data.subarray(from, from + width * 4), row * width * 4);
  }
  return jsQR.default(pixels, width, height)?.data;
}

export interface PdfFontRow {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
}

/** A PDF's fonts as poppler's `pdffonts` lists them: an independent reader of the font dictionaries. */
export function pdfFonts(bytes: Uint8Array | Buffer): PdfFontRow[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mf-pdffonts-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n');
    // Columns are as wide as the dashes under their headers.
    const widths = (lines[1] ?? '').split(' ').map((dashes) => dashes.length + 1);
    return lines.slice(2).flatMap((line) => {
      if (!line.trim()) return [];
      let at = 0;
      const cells = widths.map((width) => line.slice(at, (at += width)).trim());
      const [name = '', type = '', , embedded, subset] = cells;
      return [{ name, type, embedded: embedded === 'yes', subset: subset === 'yes' }];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF's text as poppler's `pdftotext` extracts it (reading order), pages split by form feeds. */
export function pdftotext(bytes: Uint8Array | Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mf-pdftotext-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The names in a PDF's font dictionaries (BaseFont of Type0 and CID fonts, FontName of descriptors). */
export async function fontDictionaryNames(bytes: Uint8Array | Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const type = object.get(PDFName.of('Type'));
    const name =
      type === PDFName.of('Font')
        ? object.get(PDFName.of('BaseFont'))
        : type === PDFName.of('FontDescriptor')
          ? object.get(PDFName.of('FontName'))
          : undefined;
    if (name instanceof PDFName) names.push(name.decodeText());
  }
  return names;
}
