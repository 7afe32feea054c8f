import { closeSync, openSync, readSync } from 'node:fs';

/*
 * A TrueType face prepared once for many small PDFs (docs/decisions/0109): its cmap, advance widths
 * and small tables are read once; glyph records are read from the file when first used and kept, so
 * a face costs the worker a few hundred KB rather than its 7–10 MB; subsets are made by copying those
 * records. fontkit's own subsetter decodes and re-encodes every glyph and cost ~7 ms per subset of
 * these CJK faces, two or three per certificate: most of a certificate's cost.
 */

/** The tables a PDF reader needs of an embedded TrueType program (ISO 32000-1 §9.9; the cmap is not). */
const KEPT = ['OS/2', 'cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'post', 'prep'];
/** What is read once besides them: characters to glyphs, and the PostScript name. */
const READ = new Set([...KEPT.filter((tag) => tag !== 'glyf'), 'cmap', 'name']);

export interface FaceMetrics {
  postscriptName: string;
  /** In thousandths of the font size, as PDF font dictionaries give them. */
  bbox: [number, number, number, number];
  ascent: number;
  descent: number;
  capHeight: number;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class TrueTypeFace {
  readonly metrics: FaceMetrics;
  private readonly file: string;
  private readonly tables = new Map<string, Uint8Array>();
  private readonly glyfOffset: number;
  private readonly glyphOffsets: Uint32Array;
  private readonly advances: Uint16Array;
  private readonly sideBearings: Int16Array;
  private readonly unitsPerEm: number;
  /** The cmap's format 12 groups: start character, end character, first glyph. */
  private readonly groups: Uint32Array;
  private readonly glyphIds = new Map<number, number>();
  private readonly records = new Map<number, Uint8Array>();

  constructor(file: string) {
    this.file = file;
    const fd = openSync(file, 'r');
    try {
      const read = (offset: number, length: number) => {
        const bytes = new Uint8Array(length);
        readSync(fd, bytes, 0, length, offset);
        return bytes;
      };
      const count = view(read(0, 12)).getUint16(4);
      const directory = read(12, 16 * count);
      let glyf: number | undefined;
      for (let i = 0; i < count; i++) {
        const at = 16 * i;
        const tag = String.fromCharCode(...directory.subarray(at, at + 4));
        const [offset, length] = [view(directory).getUint32(at + 8), view(directory).getUint32(at + 12)];
        if (tag === 'glyf') glyf = offset;
        else if (READ.has(tag)) this.tables.set(tag, read(offset, length));
      }
      if (glyf === undefined) throw new Error(`${file}: no glyf table (not TrueType outlines)`);
      this.glyfOffset = glyf;
    } finally {
      closeSync(fd);
    }
    const head = this.table('head');
    const hhea = this.table('hhea');
    const glyphCount = this.table('maxp').getUint16(4);
    this.unitsPerEm = head.getUint16(18);

    const loca = this.table('loca');
    const longOffsets = head.getInt16(50) === 1;
    this.glyphOffsets = new Uint32Array(glyphCount + 1);
    for (let g = 0; g <= glyphCount; g++) {
      this.glyphOffsets[g] = longOffsets ? loca.getUint32(4 * g) : loca.getUint16(2 * g) * 2;
    }

    // hmtx: full metrics for the first glyphs, then side bearings alone (sharing the last advance).
    const hmtx = this.table('hmtx');
    const metricCount = hhea.getUint16(34);
    this.advances = new Uint16Array(glyphCount);
    this.sideBearings = new Int16Array(glyphCount);
    for (let g = 0; g < glyphCount; g++) {
      const full = g < metricCount;
      this.advances[g] = full ? hmtx.getUint16(4 * g) : this.advances[metricCount - 1]!;
      this.sideBearings[g] = full
        ? hmtx.getInt16(4 * g + 2)
        : hmtx.getInt16(4 * metricCount + 2 * (g - metricCount));
    }
    this.groups = this.cmapGroups();

    const scale = (value: number) => Math.round((value * 1000) / this.unitsPerEm);
    const os2 = this.tables.has('OS/2') ? this.table('OS/2') : undefined;
    const ascent = scale(hhea.getInt16(4));
    this.metrics = {
      postscriptName: this.postscriptName(),
      bbox: [36, 38, 40, 42].map((at) => scale(head.getInt16(at))) as FaceMetrics['bbox'],
      ascent,
      descent: scale(hhea.getInt16(6)),
      // sCapHeight exists from OS/2 version 2 on.
      capHeight: os2 !== undefined && os2.getUint16(0) >= 2 ? scale(os2.getInt16(88)) : ascent,
    };
  }

  /** The glyph the face draws a character with; 0 (.notdef) when it has none. */
  glyphId(codePoint: number): number {
    let id = this.glyphIds.get(codePoint);
    if (id === undefined) {
      id = 0;
      // Binary search of the groups, which the cmap keeps in character order.
      let [lo, hi] = [0, this.groups.length / 3 - 1];
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (codePoint < this.groups[3 * mid]!) hi = mid - 1;
        else if (codePoint > this.groups[3 * mid + 1]!) lo = mid + 1;
        else {
          id = this.groups[3 * mid + 2]! + codePoint - this.groups[3 * mid]!;
          break;
        }
      }
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
      const bytes = this.tables.get(tag);
      return bytes ? [[tag, bytes]] : [];
    });
    const file = fontFile(tables);
    const fileView = new DataView(file.buffer);
    const headAt = fileView.getUint32(12 + 16 * tables.findIndex(([tag]) => tag === 'head') + 8);
    fileView.setUint32(headAt + 8, (0xb1b0afba - checksum(file)) >>> 0);
    return file;
  }

  private table(tag: string): DataView {
    const bytes = this.tables.get(tag);
    if (!bytes) throw new Error(`${this.file}: no ${tag} table`);
    return view(bytes);
  }

  private tableCopy(tag: string): DataView {
    return view(this.tables.get(tag)!.slice());
  }

  /**
   * A glyph's record, read from the file the first time. A composite glyph names its parts by
   * number, which a subset would have to renumber: the Noto Sans faces have none, and one that did
   * is refused rather than drawn wrong.
   */
  private glyphRecord(glyphId: number): Uint8Array {
    let record = this.records.get(glyphId);
    if (!record) {
      const [from, to] = [this.glyphOffsets[glyphId]!, this.glyphOffsets[glyphId + 1]!];
      record = new Uint8Array(to - from);
      const fd = openSync(this.file, 'r');
      try {
        readSync(fd, record, 0, record.length, this.glyfOffset + from);
      } finally {
        closeSync(fd);
      }
      if (record.length > 0 && view(record).getInt16(0) < 0) {
        throw new Error(`${this.metrics.postscriptName}: glyph ${glyphId} is composite, not supported`);
      }
      this.records.set(glyphId, record);
    }
    return record;
  }

  /** The Windows Unicode full-repertoire cmap (3, 10), format 12, as [start, end, glyph] triples. */
  private cmapGroups(): Uint32Array {
    const cmap = this.table('cmap');
    for (let i = 0; i < cmap.getUint16(2); i++) {
      const at = 4 + 8 * i;
      if (cmap.getUint16(at) !== 3 || cmap.getUint16(at + 2) !== 10) continue;
      const table = cmap.getUint32(at + 4);
      if (cmap.getUint16(table) !== 12) break;
      const count = cmap.getUint32(table + 12);
      const groups = new Uint32Array(3 * count);
      for (let g = 0; g < 3 * count; g++) groups[g] = cmap.getUint32(table + 16 + 4 * g);
      return groups;
    }
    throw new Error(`${this.file}: no format 12 Unicode cmap`);
  }

  /** Name 6 of the name table, from its Windows (UTF-16BE) record. */
  private postscriptName(): string {
    const name = this.table('name');
    const strings = name.getUint16(4);
    for (let i = 0; i < name.getUint16(2); i++) {
      const at = 6 + 12 * i;
      if (name.getUint16(at) !== 3 || name.getUint16(at + 6) !== 6) continue;
      const [length, offset] = [name.getUint16(at + 8), strings + name.getUint16(at + 10)];
      let text = '';
      for (let c = 0; c < length; c += 2) text += String.fromCharCode(name.getUint16(offset + c));
      return text;
    }
    throw new Error(`${this.file}: no PostScript name`);
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
