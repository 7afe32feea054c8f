import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from '../../lib/http-errors.ts';

/**
 * Venue networks drop requests. A scan whose answer never arrived is sent once more with the same
 * client nonce: if the first one did reach the server, the server recognises the nonce and records
 * nothing twice. Answers the server did give (refusals, validation) are never retried.
 */
export function isTransportFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.code === NETWORK_ERROR || error.code === TIMEOUT_ERROR);
}

export async function sendOnceMore<T>(
  send: (nonce: string) => Promise<T>,
  nonce: string,
  retryDelayMs = 300,
): Promise<T> {
  try {
    return await send(nonce);
  } catch (error) {
    if (!isTransportFailure(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    return send(nonce);
  }
}

/** A fresh nonce per scan; randomUUID needs a secure context, so plain-HTTP stations get a random fallback. */
export function newScanNonce(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context.
    }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
