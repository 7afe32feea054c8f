import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

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
