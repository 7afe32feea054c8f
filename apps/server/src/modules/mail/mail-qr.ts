import { crc32, deflateSync } from 'node:zlib';
import { create } from 'qrcode';

/** 480 px: at the 240 px the mail shows it, sharp on 2x screens. */
const WIDTH = 480;
/** Quiet zone, in modules. */
const MARGIN = 2;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The guest code as a PNG QR code. 480 px with a two-module quiet zone and error correction M: at
 * the 240 px the mail shows it (sharp on 2x screens) a door scanner reads it off a phone screen
 * even with glare or a cracked corner.
 *
 * The picture is the one qrcode's own PNG renderer draws (same module grid, same pixel mapping),
 * written as a 1-bit greyscale PNG: that renderer paints 480×480 RGBA pixels and tries five row
 * filters on each, ~25 ms of CPU per mail; here each module row is drawn once and copied (see
 * docs/decisions/0108).
 */
export function guestCodeQr(code: string): Buffer {
  const { size, data } = create(code, { errorCorrectionLevel: 'M' }).modules;
  const scale = WIDTH / (size + MARGIN * 2);
  const quiet = MARGIN * scale;
  const rowBytes = Math.ceil(WIDTH / 8);
  // The module each pixel column falls in, or -1 in the quiet zone (qrcode's renderer mapping).
  const moduleOf = (px: number) =>
    px >= quiet && px < WIDTH - quiet ? Math.floor((px - quiet) / scale) : -1;
  const columns = Array.from({ length: WIDTH }, (_, x) => moduleOf(x));
  const drawn = new Map<number, Buffer>();
  const drawRow = (moduleRow: number): Buffer => {
    // Greyscale 1 bit: a set bit is white. Filter byte 0 (none) first.
    const row = Buffer.alloc(1 + rowBytes, 0xff);
    row[0] = 0;
    if (moduleRow < 0) return row;
    for (let x = 0; x < WIDTH; x++) {
      const column = columns[x]!;
      if (column >= 0 && data[moduleRow * size + column]) row[1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    return row;
  };
  const rows = columns.map((moduleRow) => {
    let row = drawn.get(moduleRow);
    if (!row) drawn.set(moduleRow, (row = drawRow(moduleRow)));
    return row;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(WIDTH, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale; compression, filter and interlace bytes stay 0
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'ascii');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}
