import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { amountText, crc16, fpsPayload, normaliseProxy, tlv, type FpsPayloadInput } from './fps-payload.ts';

/** The payload's data objects, read back as ID → value (a template's value is its inner objects' text). */
function readTlv(text: string): Map<string, string> {
  const objects = new Map<string, string>();
  for (let at = 0; at < text.length;) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    expect(text.slice(at + 2, at + 4)).toMatch(/^\d{2}$/);
    objects.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
    expect(at).toBeLessThanOrEqual(text.length);
  }
  return objects;
}

const order: FpsPayloadInput = {
  proxyType: 'fps_id',
  proxy: '1234567',
  currency: 'HKD',
  amount: 123_45,
  reference: 'MF-7Q2K9XDA',
  merchantName: 'HK Medical Assoc',
  merchantCity: 'Hong Kong',
};

/** zxing reads the PNG's pixels: a decoder that shares no code with the encoder. */
function decodeWithZxing(png: Buffer): string {
  const image = PNG.sync.read(png);
  const luminances = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminances.length; i++) {
    const [r, g, b] = [image.data[i * 4]!, image.data[i * 4 + 1]!, image.data[i * 4 + 2]!];
    luminances[i] = (r * 299 + g * 587 + b * 114) / 1000;
  }
  const source = new RGBLuminanceSource(luminances, image.width, image.height);
  const reader = new MultiFormatReader();
  // A generated image, not a photograph: the reader is told so (it then finds the code by its edges).
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
    [DecodeHintType.PURE_BARCODE, true],
  ]);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}

async function decodeWithZbar(png: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fps-qr-'));
  try {
    const file = join(dir, 'code.png');
    await writeFile(file, png);
    const { stdout } = await promisify(execFile)('zbarimg', ['--quiet', '--raw', file]);
    return stdout.replace(/\n$/, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the catalogued check value and the checksums of published payloads', () => {
    // The check value of CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over "123456789".
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
    // The Brazilian central bank's published Pix sample (an EMVCo merchant-presented payload).
    const pix =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
      '5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(pix)).toBe('1D3D');
    // FPS payloads as issued and published by others, each ending in its own CRC.
    for (const published of [
      '00020101021226270012hk.com.hkicl0207999999952040000530334454031235802HK5902NA6002HK6304D1A3',
      '00020101021126400012hk.com.hkicl01030040313+852-8765432152040000530334454041.235802HK5902NA6002HK6304C246',
      '00020101021226320012hk.com.hkicl0207600050906011520400005303344540510.505802HK5902NA6002HK62270523HKTEST202103190606259626304BCD1',
    ]) {
      expect(crc16(published.slice(0, -4))).toBe(published.slice(-4));
    }
  });

  it('is four upper-case hex digits, zero-padded', () => {
    for (const text of ['a', 'MeetFlow', '0002010102126304']) expect(crc16(text)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('the FPS payload', () => {
  it('reproduces a published FPS payload byte for byte (mobile proxy, reference label)', () => {
    // Odoo's Hong Kong localisation asserts this payload for HKD 100 to +852-67891234.
    expect(
      fpsPayload({
        proxyType: 'mobile',
        proxy: '6789 1234',
        currency: 'HKD',
        amount: 100_00,
        reference: 'INV/TEST/0001',
        merchantName: 'company_1_data',
        merchantCity: 'HK',
      }),
    ).toBe(
      '00020101021226330012hk.com.hkicl0313+852-6789123452040000530334454031005802HK' +
        '5914company_1_data6002HK62170513INV/TEST/00016304A154',
    );
  });

  it('carries every field with a two-digit length, the reference and a CRC over all before it', () => {
    const payload = fpsPayload(order);
    const fields = readTlv(payload);
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12'); // dynamic: the amount is given
    const account = readTlv(fields.get('26')!);
    expect(account.get('00')).toBe('hk.com.hkicl');
    expect(account.get('02')).toBe('1234567');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('344');
    expect(fields.get('54')).toBe('123.45');
    expect(fields.get('58')).toBe('HK');
    expect(fields.get('59')).toBe('HK Medical Assoc');
    expect(fields.get('60')).toBe('Hong Kong');
    expect(readTlv(fields.get('62')!).get('05')).toBe('MF-7Q2K9XDA');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
  });

  it('names each proxy by its sub-ID and the FPS form of a mobile number', () => {
    const account = (input: Partial<FpsPayloadInput>) =>
      readTlv(readTlv(fpsPayload({ ...order, ...input })).get('26')!);
    expect(account({ proxyType: 'mobile', proxy: '+852 9123 4567' }).get('03')).toBe('+852-91234567');
    expect(account({ proxyType: 'email', proxy: 'fees@example.org' }).get('04')).toBe('fees@example.org');
    expect(() => normaliseProxy('mobile', '12345')).toThrow(RangeError);
    expect(() => normaliseProxy('fps_id', '12ab567')).toThrow(RangeError);
    expect(() => normaliseProxy('email', 'not an address')).toThrow(RangeError);
  });

  it('writes the amount as EMVCo text and refuses what it cannot carry', () => {
    expect(amountText(1)).toBe('0.01');
    expect(amountText(1050)).toBe('10.50');
    expect(amountText(100_00)).toBe('100');
    expect(amountText(1_000_000_000)).toBe('10000000');
    expect(() => amountText(0)).toThrow(RangeError);
    expect(() => amountText(-5)).toThrow(RangeError);
    expect(() => amountText(1.5)).toThrow(RangeError);
    expect(() => amountText(10 ** 15)).toThrow(RangeError);
  });

  it('refuses a value over 99 characters, an empty one or a bad id', () => {
    expect(tlv('05', 'x'.repeat(99))).toBe(`0599${'x'.repeat(99)}`);
    expect(tlv('01', '12')).toBe('010212');
    expect(() => tlv('05', 'x'.repeat(100))).toThrow(RangeError);
    expect(() => tlv('05', '')).toThrow(RangeError);
    expect(() => tlv('5', 'x')).toThrow(RangeError);
    expect(() => tlv('05', '付款')).toThrow(RangeError);
    expect(() =>
      fpsPayload({ ...order, proxyType: 'email', proxy: `${'a'.repeat(90)}@example.org` }),
    ).toThrow(RangeError);
  });

  it('names a merchant without Latin letters NA, and keeps name and city to their EMVCo lengths', () => {
    const fields = readTlv(fpsPayload({ ...order, merchantName: '香港醫學會', merchantCity: '' }));
    expect(fields.get('59')).toBe('NA');
    expect(fields.get('60')).toBe('HK');
    const long = readTlv(
      fpsPayload({ ...order, merchantName: 'N'.repeat(40), merchantCity: 'C'.repeat(40) }),
    );
    expect(long.get('59')).toHaveLength(25);
    expect(long.get('60')).toHaveLength(15);
  });

  it('changes its CRC with any change of the amount or the reference', () => {
    const base = fpsPayload(order);
    expect(fpsPayload({ ...order, amount: 123_46 }).slice(-4)).not.toBe(base.slice(-4));
    expect(fpsPayload({ ...order, reference: 'MF-7Q2K9XDB' }).slice(-4)).not.toBe(base.slice(-4));
  });
});

describe('the FPS QR code', () => {
  it('decodes back to the very payload with two independent readers', async () => {
    for (const input of [order, { ...order, proxyType: 'email' as const, proxy: 'treasurer@example.org' }]) {
      const payload = fpsPayload(input);
      const png = await QRCode.toBuffer(payload, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 4,
        scale: 6,
      });
      expect(decodeWithZxing(png)).toBe(payload);
      expect(await decodeWithZbar(png)).toBe(payload);
    }
  });

  it('decodes back for amounts and references across the range', async () => {
    for (let i = 1; i <= 40; i++) {
      const payload = fpsPayload({
        ...order,
        amount: i * 9_973,
        reference: `MF-${String(i * 7919).padStart(8, '0')}`,
      });
      const png = await QRCode.toBuffer(payload, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 4,
        scale: 6,
      });
      expect(decodeWithZxing(png)).toBe(payload);
    }
  });
});
