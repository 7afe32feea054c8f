import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: for refresh tokens and other bearer secrets. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * A guest's QR code: 192 bits from the CSPRNG, URL-safe, and never starting with `-` or `_`, so that a
 * spreadsheet does not take it for a formula (exports would otherwise have to quote it) and a scanner
 * or shell never reads it as an option. Redrawing the 1 in 32 codes that start so costs under a bit.
 */
export function newGuestCode(): string {
  for (;;) {
    const code = randomToken(24);
    if (/^[A-Za-z0-9]/.test(code)) return code;
  }
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
