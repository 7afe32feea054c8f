import { hash, randomBytes } from 'node:crypto';

/*
 * Bytes from the CSPRNG, drawn 8 KB at a time: a call of randomBytes costs a system call (about
 * 25 µs here, a tenth of a sign-up's database work), and a sign-up needs three secrets. Every byte
 * of the pool is handed out once; Node's randomUUID pools its entropy the same way.
 */
const POOL_SIZE = 8192;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function secureBytes(count: number): Buffer {
  if (count > POOL_SIZE) return randomBytes(count);
  if (poolOffset + count > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + count);
  poolOffset += count;
  return bytes;
}

/** 256 bits from the CSPRNG, URL-safe: for refresh tokens and other bearer secrets. */
export function randomToken(bytes = 32): string {
  return secureBytes(bytes).toString('base64url');
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
  return hash('sha256', value, 'hex');
}
