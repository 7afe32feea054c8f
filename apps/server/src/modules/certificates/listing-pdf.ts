import { PDFDocument, rgb, type PDFPage } from '@cantoo/pdf-lib';
import type { Language } from '@meetflow/shared/languages';
import { DocumentFonts, MM, drawLine, textWidth, wrapText, type Script, type TextStyle } from './pdf-text.ts';

/*
 * A listing on A4 portrait: a title, a few lines under it, a table (cells wrapped in their column,
 * the header repeated on each new page) and a closing line. The certificates' text drawing (Noto
 * Sans TC/SC embedded as subsets, per-character fallback) in a shape other modules fill in: the CME
 * transcript is one. Drawn in the certificates' PDF worker (pdf-renderer.ts `listing`).
 */

export interface ListingColumn {
  header: string;
  /** Share of the table's width (the shares are scaled to add up to the whole). */
  share: number;
  align?: 'left' | 'right';
}

export interface ListingInput {
  /** The text's language: its script (TC or SC) comes first, the other fills in. */
  language: Language;
  title: string;
  lines: string[];
  columns: ListingColumn[];
  rows: string[][];
  /** Under the table, bold (a total). */
  closing: string;
  /** At the foot of each page, small (where it comes from, when it was made). */
  footer: string;
}

const [WIDTH, HEIGHT] = [210 * MM, 297 * MM];
const MARGIN = 18 * MM;
const CELL_PAD = 4;
const GREY = rgb(0.45, 0.45, 0.45);

export async function listingPdf(input: ListingInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setCreator('MeetFlow');
  doc.setProducer('MeetFlow');
  const fonts = new DocumentFonts(doc);
  const script: Script = input.language === 'zh-cn' ? 'sc' : 'tc';
  const body: TextStyle = { size: 10, script };
  const bold: TextStyle = { ...body, bold: true };
  const tableWidth = WIDTH - 2 * MARGIN;
  const totalShare = input.columns.reduce((sum, c) => sum + c.share, 0) || 1;
  const widths = input.columns.map((c) => (c.share / totalShare) * tableWidth);
  const lineHeight = body.size * 1.4;

  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const footer = async () =>
    drawLine(page, fonts, input.footer, MARGIN, MARGIN / 2, { size: 8, script, color: GREY });

  /** One row of cells, wrapped; a new page (header again) when it does not fit. */
  async function drawRow(cells: string[], style: TextStyle, header: boolean): Promise<void> {
    const wrapped = cells.map((text, i) => wrapText(text, widths[i]! - 2 * CELL_PAD, style));
    const height = Math.max(1, ...wrapped.map((lines) => lines.length)) * lineHeight + CELL_PAD;
    if (y - height < MARGIN + 10 && !header) {
      await footer();
      page = doc.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
      await drawRow(
        input.columns.map((c) => c.header),
        bold,
        true,
      );
    }
    let x = MARGIN;
    for (const [i, lines] of wrapped.entries()) {
      let baseline = y - body.size - CELL_PAD / 2;
      for (const line of lines) {
        const right = input.columns[i]!.align === 'right';
        const offset = right ? widths[i]! - CELL_PAD - textWidth(line, style) : CELL_PAD;
        await drawLine(page, fonts, line, x + offset, baseline, style);
        baseline -= lineHeight;
      }
      x += widths[i]!;
    }
    y -= height;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: WIDTH - MARGIN, y },
      thickness: header ? 0.8 : 0.3,
      color: header ? rgb(0, 0, 0) : GREY,
    });
  }

  for (const line of wrapText(input.title, tableWidth, { size: 18, bold: true, script })) {
    y -= 18 * 1.3;
    await drawLine(page, fonts, line, MARGIN, y, { size: 18, bold: true, script });
  }
  y -= 6;
  for (const text of input.lines) {
    for (const line of wrapText(text, tableWidth, { size: 11, script })) {
      y -= 11 * 1.5;
      await drawLine(page, fonts, line, MARGIN, y, { size: 11, script });
    }
  }
  y -= 14;
  await drawRow(
    input.columns.map((c) => c.header),
    bold,
    true,
  );
  for (const row of input.rows) await drawRow(row, body, false);
  y -= 11 * 1.6;
  if (y < MARGIN + 10) {
    await footer();
    page = doc.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN - 12;
  }
  const closingWidth = textWidth(input.closing, { ...bold, size: 11 });
  await drawLine(page, fonts, input.closing, WIDTH - MARGIN - closingWidth - CELL_PAD, y, {
    ...bold,
    size: 11,
  });
  await footer();
  return doc.save();
}
