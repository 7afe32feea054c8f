import { formatAmount } from '@meetflow/shared/schemas/payments';
import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ListingInput } from '../certificates/listing-pdf.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { findOrder } from './orders.repository.ts';
import { receiptFileName, receiptListing } from './receipt-pdf.ts';
import { parseContent } from './receipts.ts';
import { findReceipt } from './receipts.repository.ts';

export interface ReceiptsDeps {
  db: Db;
  systemLog: SystemLog;
  /** The certificates' PDF worker draws the listing (app.certificates.listingPdf). */
  listingPdf(input: ListingInput): Promise<Uint8Array>;
  /**
   * Whose a guest token is, live or cancelled (not erased), as `GET /api/public/guest/orders` reads
   * it (guest-orders.ts): GUEST_TOKEN_INVALID otherwise.
   */
  identify(token: string | undefined): Promise<{ guestId: number; meetingId: number }>;
}

export interface ReceiptFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * A receipt or credit note as a PDF, drawn from what it froze when issued: for the guest it was
 * issued to (their token), for the back office (`payment:view` within the user's organisations,
 * audited) and for its mail.
 */
export function createReceiptsService(deps: ReceiptsDeps) {
  const { db } = deps;

  /** The receipt with its order's guest and meeting; undefined when either is gone. */
  async function receiptWithOrder(receiptId: number) {
    const receipt = await findReceipt(db, receiptId);
    const order = receipt && (await findOrder(db, receipt.order_id));
    return receipt && order ? { receipt, order, content: parseContent(receipt.content) } : undefined;
  }

  async function draw(content: ReturnType<typeof parseContent>): Promise<ReceiptFile> {
    return { fileName: receiptFileName(content), bytes: await deps.listingPdf(receiptListing(content)) };
  }

  return {
    /** The guest's own receipt: another guest's, or an unknown id, is NOT_FOUND alike. */
    async guestPdf(token: string | undefined, receiptId: number): Promise<ReceiptFile> {
      const { guestId } = await deps.identify(token);
      const found = await receiptWithOrder(receiptId);
      if (!found || found.order.guest_id !== guestId) throw new AppError('NOT_FOUND');
      return draw(found.content);
    },

    async adminPdf(actor: Actor, receiptId: number): Promise<ReceiptFile> {
      const found = await receiptWithOrder(receiptId);
      if (!found) throw new AppError('NOT_FOUND');
      await visibleMeeting(db, actor.user, found.order.meeting_id);
      const file = await draw(found.content);
      await deps.systemLog.record({
        action: 'export',
        source: 'admin',
        message: {
          key: 'payments.receipt_downloaded',
          params: { number: found.content.number, reference: found.order.reference },
        },
        username: actor.user.auditName,
        ip: actor.ip,
      });
      return file;
    },

    /** The mail's attachment (the mail module's `receipts` port): null when it is not this guest's. */
    async receiptMail(receiptId: number, guestId: number) {
      const found = await receiptWithOrder(receiptId);
      if (!found || found.order.guest_id !== guestId) return null;
      const { fileName, bytes } = await draw(found.content);
      return {
        number: found.content.number,
        amount: `${found.content.currency} ${formatAmount(found.content.amount)}`,
        fileName,
        content: bytes,
      };
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
