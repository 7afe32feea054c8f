import type { Currency } from '@meetflow/shared/schemas/payments';
import { MINOR_PER_MAJOR } from '@meetflow/shared/schemas/payments';

/*
 * The EMVCo merchant-presented QR payload of Hong Kong's Faster Payment System (HKICL's "Common QR
 * Code Specification" on EMVCo MPM v1), built here without any service: a guest's banking app reads
 * the FPS proxy, the amount and the order's reference from it. Every data object is ID (2 digits),
 * length (2 digits) and value; the payload ends with the CRC-16/CCITT-FALSE of everything before
 * it, "6304" included.
 */

/** ISO 4217 numeric codes of the currencies a meeting may charge in. */
export const CURRENCY_NUMERIC: Record<Currency, string> = {
  HKD: '344',
  MOP: '446',
  CNY: '156',
  TWD: '901',
  USD: '840',
};

/** The globally unique identifier of HKICL's FPS in merchant account information template 26. */
export const FPS_GUID = 'hk.com.hkicl';
/** Template 26's sub-ID of each kind of FPS proxy. */
export const FPS_PROXY_SUB_ID = { fps_id: '02', mobile: '03', email: '04' } as const;
export type FpsProxyType = keyof typeof FPS_PROXY_SUB_ID;

export interface FpsPayloadInput {
  proxyType: FpsProxyType;
  proxy: string;
  currency: Currency;
  /** Minor units (> 0: a dynamic code with the amount present). */
  amount: number;
  /** The order's reference, carried as the reference label (template 62, sub-ID 05). */
  reference: string;
  merchantName: string;
  merchantCity: string;
}

/** Printable ASCII: what EMVCo's "ans" fields carry (lengths are then characters = bytes). */
const ANS = /^[\x20-\x7e]*$/;

/** One data object: ID, two-digit length, value. A value over 99 characters cannot be written. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`EMV data object id must be two digits: ${id}`);
  if (!ANS.test(value)) throw new RangeError(`EMV data object ${id} must be printable ASCII`);
  if (value.length === 0 || value.length > 99)
    throw new RangeError(`EMV data object ${id} must be 1–99 characters, not ${value.length}`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Minor units as EMVCo's transaction amount (ID 54, at most 13 characters): a whole amount as its
 * digits, otherwise with '.' and the currency's two decimals (10000 → '100', 12345 → '123.45',
 * 1050 → '10.50'), as the FPS codes issued by banks write it.
 */
export function amountText(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor <= 0)
    throw new RangeError('FPS amount must be a positive integer');
  const major = Math.floor(minor / MINOR_PER_MAJOR);
  const cents = minor % MINOR_PER_MAJOR;
  const text = cents === 0 ? String(major) : `${major}.${String(cents).padStart(2, '0')}`;
  if (text.length > 13) throw new RangeError('FPS amount is longer than 13 characters');
  return text;
}

/** The proxy as the FPS registers it: an FPS id's digits, +852-nnnnnnnn, an e-mail address. */
export function normaliseProxy(type: FpsProxyType, proxy: string): string {
  const value = proxy.trim();
  if (type === 'fps_id') {
    if (!/^\d{7,10}$/.test(value)) throw new RangeError('An FPS id is 7 to 10 digits');
    return value;
  }
  if (type === 'mobile') {
    const digits = value.replace(/[\s-]/g, '');
    const match = /^(?:\+?852)?(\d{8})$/.exec(digits);
    if (!match) throw new RangeError('An FPS mobile proxy is a Hong Kong number of 8 digits');
    return `+852-${match[1]}`;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    throw new RangeError('An FPS e-mail proxy must be an address');
  return value;
}

/** Merchant name or city as EMVCo "ans": a name in Chinese characters is replaced by `fallback`. */
function ansText(text: string, max: number, fallback: string): string {
  const value = text.trim();
  return value !== '' && ANS.test(value) ? value.slice(0, max) : fallback;
}

/** The whole payload, CRC included. Throws RangeError for an input the standard cannot carry. */
export function fpsPayload(input: FpsPayloadInput): string {
  const account =
    tlv('00', FPS_GUID) +
    tlv(FPS_PROXY_SUB_ID[input.proxyType], normaliseProxy(input.proxyType, input.proxy));
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', CURRENCY_NUMERIC[input.currency]) +
    tlv('54', amountText(input.amount)) +
    tlv('58', 'HK') +
    tlv('59', ansText(input.merchantName, 25, 'NA')) +
    tlv('60', ansText(input.merchantCity, 15, 'HK')) +
    tlv('62', tlv('05', input.reference)) +
    '6304';
  return body + crc16(body);
}
