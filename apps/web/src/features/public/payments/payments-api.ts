import type { GuestOrder, PayerBody, Quote, QuoteBody } from '@meetflow/shared/schemas/payments';
import { currentLanguage } from '../../../lib/i18n.ts';
import { guestFile, NETWORK_FAILURE, PublicApiError, publicRequest } from '../public-api.ts';

/** Envelope codes of paid registration the pages react to (packages/shared/src/errors-payments.ts). */
export const PAYMENT_ERROR_CODES = {
  TICKET_REQUIRED: 40030,
  DISCOUNT_CODE_INVALID: 40031,
  DISCOUNT_CODE_USED_UP: 40991,
  ORDER_NOT_PENDING: 40992,
  PAYMENT_PROVIDER_FAILED: 50310,
} as const;

/** The refusals that are about the discount code: shown under its field. */
export function isDiscountRefusal(error: unknown): error is PublicApiError {
  return (
    error instanceof PublicApiError &&
    (error.code === PAYMENT_ERROR_CODES.DISCOUNT_CODE_INVALID ||
      error.code === PAYMENT_ERROR_CODES.DISCOUNT_CODE_USED_UP)
  );
}

/** The file types a payment proof may be (the server judges by the bytes, too). */
export const PROOF_TYPES = 'image/jpeg,image/png,image/webp,image/heic,application/pdf';
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A payment proof for an order (multipart `file`), with upload progress: XMLHttpRequest, as fetch
 * reports none. Resolves when the server took it; errors as PublicApiError, like the other requests.
 */
function uploadProof(
  guestToken: string,
  orderId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/public/guest/orders/${orderId}/proof`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader('X-Guest-Token', guestToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new PublicApiError('', NETWORK_FAILURE, 0, null));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: a transport failure below.
      }
      const envelope = body as { code?: unknown; message?: string; data?: unknown } | null;
      if (envelope && typeof envelope.code === 'number') {
        if (envelope.code === 0) resolve();
        else
          reject(
            new PublicApiError(envelope.message ?? '', envelope.code, xhr.status, envelope.data ?? null),
          );
      } else reject(new PublicApiError('', NETWORK_FAILURE, xhr.status, null));
    };
    const body = new FormData();
    body.set('file', file, file.name);
    xhr.send(body);
  });
}

export const paymentsApi = {
  /** What a sign-up would cost now: the form shows the server's total, never its own. */
  quote: (publicId: string, body: QuoteBody, signal?: AbortSignal) =>
    publicRequest<Quote>('POST', `/public/meetings/${encodeURIComponent(publicId)}/quote`, { body, signal }),
  /** The guest's orders, newest last or first (the page sorts them). */
  orders: (guestToken: string, signal?: AbortSignal) =>
    publicRequest<GuestOrder[]>('GET', '/public/guest/orders', { guestToken, signal }),
  /** A hosted checkout page (card, Alipay, WeChat Pay) for a pending order: the browser goes there. */
  checkout: (guestToken: string, orderId: number) =>
    publicRequest<{ url: string }>('POST', `/public/guest/orders/${orderId}/checkout`, {
      guestToken,
      body: {},
    }),
  uploadProof,
  /** Who the receipt is made out to, changed before paying (answers the order). */
  setPayer: (guestToken: string, orderId: number, body: PayerBody) =>
    publicRequest<GuestOrder>('PUT', `/public/guest/orders/${orderId}/payer`, { guestToken, body }),
  /** A receipt or credit note as PDF. */
  receiptPdf: (guestToken: string, receiptId: number) =>
    guestFile(`/public/guest/receipts/${receiptId}/pdf`, guestToken),
};
