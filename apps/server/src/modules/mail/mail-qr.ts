import { toBuffer } from 'qrcode';

/**
 * The guest code as a PNG QR code. 480 px with a two-module quiet zone and error correction M: at
 * the 240 px the mail shows it (sharp on 2x screens) a door scanner reads it off a phone screen
 * even with glare or a cracked corner.
 */
export function guestCodeQr(code: string): Promise<Buffer> {
  return toBuffer(code, { type: 'png', width: 480, margin: 2, errorCorrectionLevel: 'M' });
}
