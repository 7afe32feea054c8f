import type * as fontkit from 'fontkit';

/*
 * A TrueType face prepared once for many small PDFs: advance widths and glyph records read straight
 * from its tables, and subsets made by copying those records (docs/decisions/0109). fontkit's own
 * subsetter decodes and re-encodes every glyph and costs ~7 ms per subset of these CJK faces; a
 * certificate needs two or three subsets, so it was most of a certificate's cost. fontkit still
 * answers which glyph a character maps to (its cmap), once per character.
 */

/** The tables a PDF reader needs of an embedded TrueType program (ISO 32000-1 §9.9; the cmap is not). */
const KEPT = ['OS/2', 'cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'post', 'prep'];

export interface FaceMetrics {
  postscriptName: string;
  /** In thousandths of the font size, as PDF font dictionaries give them. */
  bbox: [number, number, number, number];
  ascent: number;
  descent: number;
  capHeight: number;
}

export class TrueTypeFace {
  readonly metrics: FaceMetrics;
  private readonly data: Uint8Array;
  private readonly view: DataView;
  private readonly tables = new Map<string, { offset: number; length: number }>();
  private readonly glyphOffsets: Uint32Array;
  private readonly advances: Uint16Array;
  private readonly sideBearings: Int16Array;
  private readonly unitsPerEm: number;
  private readonly glyphIds = new Map<number, number>();
  private readonly font: fontkit.Font;

  constructor(data: Uint8Array, font: fontkit.Font) {
    this.data = data;
    this.font = font;
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const count = this.view.getUint16(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16;
      const tag = String.fromCharCode(...data.subarray(at, at + 4));
      this.tables.set(tag, { offset: this.view.getUint32(at + 8), length: this.view.getUint32(at + 12) });
    }
    const head = this.table('head');
    const hhea = this.table('hhea');
    const glyphCount = this.view.getUint16(this.table('maxp') + 4);
    this.unitsPerEm = this.view.getUint16(head + 18);

    const loca = this.table('loca');
    const longOffsets = this.view.getInt16(head + 50) === 1;
    this.glyphOffsets = new Uint32Array(glyphCount + 1);
    for (let g = 0; g <= glyphCount; g++) {
      this.glyphOffsets[g] = longOffsets
        ? this.view.getUint32(loca + 4 * g)
        : this.view.getUint16(loca + 2 * g) * 2;
    }
    // A composite glyph names its parts by number, which a subset would have to renumber. The Noto
    // Sans faces have none: a face that does is refused here, at its first PDF, not drawn wrong.
    const glyf = this.table('glyf');
    for (let g = 0; g < glyphCount; g++) {
      if (
        this.glyphOffsets[g + 1]! > this.glyphOffsets[g]! &&
        this.view.getInt16(glyf + this.glyphOffsets[g]!) < 0
      ) {
        throw new Error(`${font.postscriptName}: composite glyphs are not supported`);
      }
    }

    // hmtx: full metrics for the first glyphs, then side bearings alone (sharing the last advance).
    const hmtx = this.table('hmtx');
    const metricCount = this.view.getUint16(hhea + 34);
    this.advances = new Uint16Array(glyphCount);
    this.sideBearings = new Int16Array(glyphCount);
    for (let g = 0; g < glyphCount; g++) {
      const full = g < metricCount;
      this.advances[g] = full ? this.view.getUint16(hmtx + 4 * g) : this.advances[metricCount - 1]!;
      this.sideBearings[g] = full
        ? this.view.getInt16(hmtx + 4 * g + 2)
        : this.view.getInt16(hmtx + 4 * metricCount + 2 * (g - metricCount));
    }

    const scale = (value: number) => Math.round((value * 1000) / this.unitsPerEm);
    const os2 = this.tables.has('OS/2') ? this.table('OS/2') : undefined;
    const ascent = scale(this.view.getInt16(hhea + 4));
    this.metrics = {
      postscriptName: font.postscriptName,
      bbox: [36, 38, 40, 42].map((at) => scale(this.view.getInt16(head + at))) as FaceMetrics['bbox'],
      ascent,
      descent: scale(this.view.getInt16(hhea + 6)),
      // sCapHeight exists from OS/2 version 2 on.
      capHeight:
        os2 !== undefined && this.view.getUint16(os2) >= 2 ? scale(this.view.getInt16(os2 + 88)) : ascent,
    };
  }

  /** The glyph the face draws a character with; 0 (.notdef) when it has none. */
  glyphId(codePoint: number): number {
    let id = this.glyphIds.get(codePoint);
    if (id === undefined) {
      id = this.font.hasGlyphForCodePoint(codePoint) ? this.font.glyphForCodePoint(codePoint).id : 0;
      this.glyphIds.set(codePoint, id);
    }
    return id;
  }

  /** A glyph's advance in thousandths of the font size. */
  advance(glyphId: number): number {
    return (this.advances[glyphId]! * 1000) / this.unitsPerEm;
  }

  /** A TrueType program holding `glyphIds` (glyph 0 first), glyph n of the list being glyph n of the program. */
  subset(glyphIds: readonly number[]): Uint8Array {
    const records = glyphIds.map((id) => this.glyphRecord(id));
    const count = glyphIds.length;

    const loca = new DataView(new ArrayBuffer(4 * (count + 1)));
    let glyfLength = 0;
    for (let n = 0; n < count; n++) {
      loca.setUint32(4 * n, glyfLength);
      glyfLength += (records[n]!.length + 3) & ~3;
    }
    loca.setUint32(4 * count, glyfLength);
    const glyf = new Uint8Array(glyfLength);
    let at = 0;
    for (const record of records) {
      glyf.set(record, at);
      at += (record.length + 3) & ~3;
    }
    const hmtx = new DataView(new ArrayBuffer(4 * count));
    glyphIds.forEach((id, n) => {
      hmtx.setUint16(4 * n, this.advances[id]!);
      hmtx.setInt16(4 * n + 2, this.sideBearings[id]!);
    });

    const head = this.tableCopy('head');
    head.setUint32(8, 0); // checkSumAdjustment, set once the file is whole
    head.setInt16(50, 1); // long loca offsets
    const hhea = this.tableCopy('hhea');
    hhea.setUint16(34, count);
    const maxp = this.tableCopy('maxp');
    maxp.setUint16(4, count);
    const built: Record<string, Uint8Array> = {
      glyf,
      loca: new Uint8Array(loca.buffer),
      hmtx: new Uint8Array(hmtx.buffer),
      head: new Uint8Array(head.buffer),
      hhea: new Uint8Array(hhea.buffer),
      maxp: new Uint8Array(maxp.buffer),
    };
    const tables = KEPT.flatMap((tag): [string, Uint8Array][] => {
      if (built[tag]) return [[tag, built[tag]]];
      const entry = this.tables.get(tag);
      return entry ? [[tag, this.data.subarray(entry.offset, entry.offset + entry.length)]] : [];
    });
    const file = fontFile(tables);
    const fileView = new DataView(file.buffer);
    const headAt = fileView.getUint32(12 + 16 * tables.findIndex(([tag]) => tag === 'head') + 8);
    fileView.setUint32(headAt + 8, (0xb1b0afba - checksum(file)) >>> 0);
    return file;
  }

  private table(tag: string): number {
    const entry = this.tables.get(tag);
    if (!entry) throw new Error(`font has no ${tag} table`);
    return entry.offset;
  }

  private tableCopy(tag: string): DataView {
    const { offset, length } = this.tables.get(tag)!;
    return new DataView(this.data.slice(offset, offset + length).buffer);
  }

  private glyphRecord(glyphId: number): Uint8Array {
    const glyf = this.table('glyf');
    return this.data.subarray(glyf + this.glyphOffsets[glyphId]!, glyf + this.glyphOffsets[glyphId + 1]!);
  }
}

function checksum(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  const whole = bytes.length & ~3;
  for (let at = 0; at < whole; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  let last = 0;
  for (let at = whole; at < bytes.length; at++) last |= bytes[at]! << (24 - 8 * (at - whole));
  return (sum + last) >>> 0;
}

/** An sfnt file of `tables` (sorted by tag), each 4-byte aligned, with its directory and checksums. */
function fontFile(tables: [string, Uint8Array][]): Uint8Array {
  const count = tables.length;
  const power = 2 ** Math.floor(Math.log2(count));
  let length = 12 + 16 * count;
  for (const [, bytes] of tables) length += (bytes.length + 3) & ~3;
  const file = new Uint8Array(length);
  const view = new DataView(file.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, count);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, count * 16 - power * 16);
  let at = 12 + 16 * count;
  tables.forEach(([tag, bytes], i) => {
    const entry = 12 + 16 * i;
    for (let c = 0; c < 4; c++) file[entry + c] = tag.charCodeAt(c);
    view.setUint32(entry + 4, checksum(bytes));
    view.setUint32(entry + 8, at);
    view.setUint32(entry + 12, bytes.length);
    file.set(bytes, at);
    at += (bytes.length + 3) & ~3;
  });
  return file;
}
