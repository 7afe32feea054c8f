import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import {
  fontFile,
  fontRuns,
  hexChannels,
  qrOperators,
  subsetTag,
  type FontKey,
  type Script,
  type TextStyle as LayoutStyle,
} from './text-layout.ts';

// Text layout itself is text-layout.ts's (no pdf-lib): badge sheets and listings take it from here.
export {
  fittedLine,
  fittingSize,
  fontFace,
  fontRuns,
  MM,
  qrOperators,
  subsetTag,
  textWidth,
  wrapText,
  type Script,
} from './text-layout.ts';

/*
 * Text in PDFs with Chinese in it. Noto Sans TC and SC (OFL, TrueType outlines) are embedded as
 * subsets holding only the glyphs a document uses. Neither covers the other's characters (TC lacks
 * 议, SC lacks some traditional forms), so each character is drawn with the text's own script and
 * falls back to the other font when that one lacks it.
 *
 * The subsets are made by fontkit 2 (foliojs, pdfkit's engine), not @pdf-lib/fontkit: the latter's
 * subsets of these fonts lose most glyphs (blank characters in every viewer), fontkit 2's are whole.
 * The PDF library is @cantoo/pdf-lib, the maintained fork of pdf-lib, which calls fontkit 2's subset
 * API (`encode()`) itself (docs/decisions/0087-pdf-lib-fork.md). Parsing a 7 MB font costs ~16 ms:
 * parsed fonts are kept, so 5,000 certificates parse each once.
 */

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

const fontBytes = new Map<FontKey, Uint8Array>();
const parsed = new WeakMap<Uint8Array, fontkit.Font>();

function bytesOf(key: FontKey): Uint8Array {
  let bytes = fontBytes.get(key);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(fontFile(key)));
    fontBytes.set(key, bytes);
  }
  return bytes;
}

function parse(data: Uint8Array): fontkit.Font {
  let font = parsed.get(data);
  if (!font) {
    font = fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) as fontkit.Font;
    parsed.set(data, font);
  }
  return font;
}

/** fontkit 2, parsing each font once per process. */
const fontkitForPdfLib: PdfLibFontkit = { create: parse };

function parsedFont(key: FontKey): fontkit.Font {
  return parse(bytesOf(key));
}

/** The fonts of one document, embedded (as subsets) the first time a text needs them. */
export class DocumentFonts {
  private readonly embedded = new Map<FontKey, Promise<PDFFont>>();
  private readonly tags = new Set<string>();
  private readonly doc: PDFDocument;

  constructor(doc: PDFDocument) {
    this.doc = doc;
    doc.registerFontkit(fontkitForPdfLib);
  }

  font(script: Script, bold: boolean): Promise<PDFFont> {
    const key: FontKey = `${script}-${bold ? 'bold' : 'regular'}`;
    let font = this.embedded.get(key);
    if (!font) {
      font = this.doc.embedFont(bytesOf(key), { subset: true, customName: this.subsetName(key) });
      this.embedded.set(key, font);
    }
    return font;
  }

  /**
   * ISO 32000-1 §9.6.4: a subset's name is its font's behind a tag of six uppercase letters and
   * '+', different for each subset of the file, or readers and PDF/A checkers take it for the whole
   * font. pdf-lib writes this name as the BaseFont of the Type0 font and of its CIDFont, and as the
   * descriptor's FontName.
   */
  private subsetName(key: FontKey): string {
    let tag = subsetTag();
    while (this.tags.has(tag)) tag = subsetTag();
    this.tags.add(tag);
    return `${tag}+${parsedFont(key).postscriptName}`;
  }
}

/** A style of text drawn by pdf-lib: its colour is pdf-lib's. */
export type TextStyle = Omit<LayoutStyle, 'color'> & { color?: RGB };

/** Draws one line with its baseline at y, starting at x. */
export async function drawLine(
  page: PDFPage,
  fonts: DocumentFonts,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
): Promise<void> {
  for (const run of fontRuns(text, style.script)) {
    const font = await fonts.font(run.script, style.bold ?? false);
    page.drawText(run.text, { x, y, size: style.size, font, color: style.color ?? rgb(0, 0, 0) });
    x += font.widthOfTextAtSize(run.text, style.size);
  }
}

export function hexColor(hex: string): RGB {
  const { red, green, blue } = hexChannels(hex);
  return rgb(red, green, blue);
}

/** A QR code as vector squares, `size` points wide, its bottom-left corner at (x, y). */
export function drawQr(page: PDFPage, content: string, x: number, y: number, size: number) {
  // One compressed stream of its own rather than pdf-lib's operator objects: a sheet of thousands
  // of badges would otherwise hold millions of small objects until it is saved.
  const { context } = page.doc;
  page.node.addContentStream(context.register(context.flateStream(qrOperators(content, x, y, size))));
}
