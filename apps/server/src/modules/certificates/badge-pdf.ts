import { PDFDocument, rgb, type PDFPage } from '@cantoo/pdf-lib';
import type { BadgeLayout } from '@meetflow/shared/schemas/certificates';
import {
  DocumentFonts,
  MM,
  drawLine,
  drawQr,
  fittedLine,
  fittingSize,
  hexColor,
  type Script,
} from './pdf-text.ts';

/*
 * Name badges: label sheets of common A4 sizes and one badge per page for badge printers. Each
 * badge carries the meeting's colour band with its name, the guest's name in the meeting's first
 * language (the others below), institution, registration type, the answers to the fields the
 * organiser put on badges, and the guest code's QR code, which the door scans like the one on the
 * guest's phone.
 */

interface Geometry {
  page: [number, number];
  columns: number;
  rows: number;
  /** Label size and the distance from one label's corner to the next (mm). */
  label: [number, number];
  pitch: [number, number];
  /** The first label's top-left corner from the page's top-left (mm). */
  origin: [number, number];
}

/** Avery L7165 (2×4, 99.1 × 67.7 mm) and L7173 (2×5, 99.1 × 57 mm); a 4 × 3 in badge printer card. */
export const BADGE_GEOMETRY: Record<BadgeLayout, Geometry> = {
  a4_2x4: {
    page: [210, 297],
    columns: 2,
    rows: 4,
    label: [99.1, 67.7],
    pitch: [101.6, 67.7],
    origin: [4.65, 13.1],
  },
  a4_2x5: { page: [210, 297], columns: 2, rows: 5, label: [99.1, 57], pitch: [101.6, 57], origin: [4.65, 6] },
  single: {
    page: [101.6, 76.2],
    columns: 1,
    rows: 1,
    label: [101.6, 76.2],
    pitch: [101.6, 76.2],
    origin: [0, 0],
  },
};

export interface BadgeGuest {
  /** The name in the meeting's first language, then the other spellings that differ. */
  names: string[];
  institution: string;
  /** The answers to the meeting's fields marked `on_badge`, in words, a line each. */
  answers: string[];
  userType: string;
  code: string;
}

export interface BadgeStyle {
  meetingName: string;
  /** The meeting's theme colour: the band across the top. */
  color: string;
  script: Script;
}

const DARK = rgb(0.13, 0.13, 0.13);
const GREY = rgb(0.35, 0.35, 0.35);

async function drawBadge(
  page: PDFPage,
  fonts: DocumentFonts,
  guest: BadgeGuest,
  style: BadgeStyle,
  [left, top]: [number, number],
  [width, height]: [number, number],
) {
  const pad = 4 * MM;
  const band = Math.max(9 * MM, height * 0.17);
  page.drawRectangle({ x: left, y: top - band, width, height: band, color: hexColor(style.color) });
  const bandStyle = { size: 11, bold: true, color: rgb(1, 1, 1), script: style.script };
  const bandSize = fittingSize(style.meetingName, width - 2 * pad, bandStyle, 6);
  await drawLine(page, fonts, style.meetingName, left + pad, top - band / 2 - bandSize * 0.35, {
    ...bandStyle,
    size: bandSize,
  });

  const qrSize = Math.min(height - band - 2 * pad, width * 0.3);
  drawQr(page, guest.code, left + width - pad - qrSize, top - height + pad, qrSize);
  const textWidthMax = width - 3 * pad - qrSize;
  let y = top - band - pad;
  const [first = '', ...others] = guest.names;
  const nameStyle = { size: 24, bold: true, color: DARK, script: style.script };
  const nameSize = fittingSize(first, textWidthMax, nameStyle, 10);
  y -= nameSize;
  await drawLine(page, fonts, first, left + pad, y, { ...nameStyle, size: nameSize });
  for (const other of others) {
    const otherStyle = { size: 12, color: DARK, script: style.script };
    const size = fittingSize(other, textWidthMax, otherStyle, 7);
    y -= size * 1.4;
    await drawLine(page, fonts, other, left + pad, y, { ...otherStyle, size });
  }
  // The answers last: on a small label they are what gives way, never the registration type.
  const lines: [string, boolean][] = [
    [guest.institution, false],
    [guest.userType, true],
    ...guest.answers.map((answer): [string, boolean] => [answer, false]),
  ];
  for (const [text, bold] of lines) {
    if (!text.trim()) continue;
    const lineStyle = { size: 9, bold, color: bold ? hexColor(style.color) : GREY, script: style.script };
    const fitted = fittedLine(text, textWidthMax, lineStyle, 6);
    y -= fitted.size * 1.6;
    if (y < top - height + pad) break;
    await drawLine(page, fonts, fitted.text, left + pad, y, { ...lineStyle, size: fitted.size });
  }
}

export async function badgesPdf(
  guests: readonly BadgeGuest[],
  layout: BadgeLayout,
  style: BadgeStyle,
): Promise<Uint8Array> {
  const geometry = BADGE_GEOMETRY[layout];
  const doc = await PDFDocument.create();
  doc.setTitle(style.meetingName);
  doc.setCreator('MeetFlow');
  doc.setProducer('MeetFlow');
  const fonts = new DocumentFonts(doc);
  const [pageWidth, pageHeight] = [geometry.page[0] * MM, geometry.page[1] * MM];
  const perPage = geometry.columns * geometry.rows;
  let page: PDFPage | null = null;
  for (const [index, guest] of guests.entries()) {
    const slot = index % perPage;
    if (slot === 0) page = doc.addPage([pageWidth, pageHeight]);
    const column = slot % geometry.columns;
    const row = Math.floor(slot / geometry.columns);
    const left = (geometry.origin[0] + column * geometry.pitch[0]) * MM;
    const top = pageHeight - (geometry.origin[1] + row * geometry.pitch[1]) * MM;
    await drawBadge(
      page!,
      fonts,
      guest,
      style,
      [left, top],
      [geometry.label[0] * MM, geometry.label[1] * MM],
    );
  }
  if (guests.length === 0) doc.addPage([pageWidth, pageHeight]);
  return doc.save();
}
