import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { FILE_KIND_MAX_BYTES, FILE_KIND_MIMES, type FileKind } from '@meetflow/shared/schemas/files';
import type { Db } from '../db/database.ts';
import { insertFileIfAbsent } from '../modules/files/files.repository.ts';
import { assertImageDimensions, sniffMime } from '../modules/files/files.service.ts';

/*
 * The demo's banner images and PDFs, drawn in code so that the repository holds no binary files.
 * They are stored exactly as uploads are: type from the magic bytes, size and dimension limits,
 * content-addressed by SHA-256.
 */

type Rgb = readonly [number, number, number];

export interface BannerStyle {
  from: Rgb;
  to: Rgb;
  accent: Rgb;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** Height of an ECG trace at phase p in [0, 1): flat, P wave, QRS spike, T wave. Answers -1…1. */
function ecg(p: number): number {
  const bump = (centre: number, width: number, height: number) =>
    height * Math.exp(-(((p - centre) / width) ** 2));
  return (
    bump(0.18, 0.035, 0.12) + // P
    bump(0.3, 0.008, -0.18) + // Q
    bump(0.32, 0.01, 1) + // R
    bump(0.345, 0.01, -0.35) + // S
    bump(0.55, 0.05, 0.25) // T
  );
}

/**
 * A banner: a diagonal gradient, soft circles and a heartbeat trace across it. RGB, 8 bits,
 * no interlace; 960 × 360 keeps it sharp on a phone at twice the pixel density.
 */
export function bannerPng(style: BannerStyle, width = 960, height = 360): Buffer {
  const circles = [
    { x: 0.82, y: 0.2, r: 0.32, a: 0.12 },
    { x: 0.95, y: 0.85, r: 0.22, a: 0.1 },
    { x: 0.08, y: 0.95, r: 0.26, a: 0.08 },
  ];
  const trace = new Float64Array(width + 1);
  for (let x = 0; x <= width; x += 1) {
    trace[x] = height * (0.62 - 0.3 * ecg(((x / width) * 2.2) % 1));
  }
  const thickness = 2.6;
  const rowBytes = width * 3 + 1;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    pixels[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const t = Math.min(1, (x / width) * 0.7 + (y / height) * 0.3);
      let rgb = [
        mix(style.from[0], style.to[0], t),
        mix(style.from[1], style.to[1], t),
        mix(style.from[2], style.to[2], t),
      ];
      for (const c of circles) {
        const dx = x / width - c.x;
        const dy = ((y / height - c.y) * height) / width;
        // One pixel of soft edge keeps the rim smooth.
        const inside = Math.max(0, Math.min(1, (c.r - Math.hypot(dx, dy)) * width + 0.5));
        if (inside > 0) rgb = rgb.map((v) => mix(v, 255, c.a * inside));
      }
      // The trace's extent around this column (neighbours included, so the steep spike keeps its
      // width), with a soft edge for an anti-aliased line.
      const near = [trace[Math.max(0, x - 1)]!, trace[x]!, trace[x + 1]!, trace[Math.min(width, x + 2)]!];
      const lo = Math.min(...near) - thickness;
      const hi = Math.max(...near) + thickness;
      const coverage = Math.max(0, Math.min(1, Math.min(y - lo, hi - y) + 0.5));
      if (coverage > 0) rgb = rgb.map((v, i) => mix(v, style.accent[i]!, coverage * 0.9));
      const offset = y * rowBytes + 1 + x * 3;
      pixels[offset] = rgb[0]!;
      pixels[offset + 1] = rgb[1]!;
      pixels[offset + 2] = rgb[2]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  gap?: number;
}

/** PDF string literal: backslash and brackets escaped; anything outside printable ASCII dropped. */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`);

const MARGIN = 56;
const TEXT_WIDTH = 595 - 2 * MARGIN;

/** Lines broken at spaces to fit the page (Helvetica averages about half an em per character). */
function wrap(lines: readonly PdfLine[]): PdfLine[] {
  const out: PdfLine[] = [];
  for (const line of lines) {
    const size = line.size ?? 11;
    const perLine = Math.floor(TEXT_WIDTH / (size * (line.bold ? 0.56 : 0.5)));
    let rest = line.text;
    let first = true;
    while (rest.length > perLine) {
      const cut = rest.lastIndexOf(' ', perLine);
      const at = cut > 0 ? cut : perLine;
      out.push({ ...line, text: rest.slice(0, at), gap: first ? (line.gap ?? 0) : 0 });
      rest = rest.slice(at).trimStart();
      first = false;
    }
    out.push({ ...line, text: rest, gap: first ? (line.gap ?? 0) : 0 });
  }
  return out;
}

/**
 * An A4 PDF of text lines in the standard Helvetica fonts (Latin text only), paginated, with a
 * correct cross-reference table so that every reader opens it without repair.
 */
export function textPdf(lines: readonly PdfLine[]): Buffer {
  const pageHeight = 842;
  const top = 780;
  const bottom = 60;
  const pages: string[] = [];
  let ops: string[] = [];
  let y = top;
  for (const line of wrap(lines)) {
    const size = line.size ?? 11;
    const step = size * 1.45 + (line.gap ?? 0);
    if (y - step < bottom) {
      pages.push(ops.join('\n'));
      ops = [];
      y = top;
    }
    y -= step;
    ops.push(
      `BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y.toFixed(1)} Td (${pdfText(line.text)}) Tj ET`,
    );
  }
  pages.push(ops.join('\n'));

  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then a page and its content per page.
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${5 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 ${pageHeight}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Stores bytes as an upload of `kind` would be: refused unless their magic bytes are of an allowed
 * type (and, for a banner, its dimensions are acceptable); answers the content address.
 */
export async function storeDemoFile(db: Db, kind: FileKind, bytes: Buffer, now: number): Promise<string> {
  if (bytes.length > FILE_KIND_MAX_BYTES[kind]) throw new Error(`demo ${kind} file is too large`);
  const mime = await sniffMime(bytes);
  const allowed: readonly string[] = FILE_KIND_MIMES[kind];
  if (!mime || !allowed.includes(mime)) throw new Error(`demo ${kind} file has the wrong type (${mime})`);
  if (kind === 'banner') await assertImageDimensions(bytes);
  const id = createHash('sha256').update(bytes).digest('hex');
  await insertFileIfAbsent(db, { id, mime, size: bytes.length, data: bytes, createdAt: now });
  return id;
}
