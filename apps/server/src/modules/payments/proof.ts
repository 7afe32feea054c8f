import type { ProofUploaded } from '@meetflow/shared/schemas/payments';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Upload } from '../../lib/multipart-upload.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { storedFile } from '../files/files.reads.ts';
import { storeAnswerFile } from '../files/files.service.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/**
 * Proof uploads are anonymous apart from the guest token: per address as generous as a form's file
 * uploads (a venue's Wi-Fi), and per order a handful, so one guest cannot fill the database.
 */
export const PROOF_LIMITS = {
  perIp: { points: 30, seconds: 600 },
  perOrder: { points: 10, seconds: 3600 },
} as const;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export interface ProofDeps extends Pick<PaymentsDeps, 'db' | 'clock' | 'systemLog'> {
  limiters: LimiterFactory;
  /** Whose a guest token is (the visitor's guest page, registration module); GUEST_TOKEN_INVALID otherwise. */
  identify: (token: string | undefined) => Promise<{ guestId: number; meetingId: number }>;
}

/**
 * The guest's proof of a transfer or FPS payment: an image or a PDF (the form's file rules: PDF,
 * JPEG or PNG judged by its bytes, at most 5 MB) stored private by the files module and named by
 * their pending order; a later upload replaces it (the earlier file, named by nothing, is swept).
 * The organiser downloads it with `payment:view`; both are audited.
 */
export function createProofs(deps: ProofDeps) {
  const { db, clock, systemLog } = deps;
  const perIp = deps.limiters('public_proof_ip', PROOF_LIMITS.perIp.points, PROOF_LIMITS.perIp.seconds);
  const perOrder = deps.limiters(
    'public_proof_order',
    PROOF_LIMITS.perOrder.points,
    PROOF_LIMITS.perOrder.seconds,
  );

  return {
    async upload(
      token: string | undefined,
      orderId: number,
      ip: string,
      read: () => Promise<Upload>,
    ): Promise<ProofUploaded> {
      await perIp.consume(ip);
      const { guestId } = await deps.identify(token);
      const order = await orders.findOrder(db, orderId);
      // Another guest's order is not even confirmed to exist.
      if (!order || order.guest_id !== guestId) throw new AppError('NOT_FOUND');
      if (order.status !== 'pending') throw new AppError('ORDER_NOT_PENDING');
      await perOrder.consume(String(order.id));
      const { file } = await read();
      if (!file) throw new AppError('FILE_REQUIRED');
      const stored = await storeAnswerFile({ db, clock }, file);
      await db.transaction().execute(async (trx) => {
        await orders.setOrderFields(trx, order.id, { proof_file_id: stored.id, now: clock() });
        await systemLog.record(
          {
            action: 'update',
            source: 'public',
            message: { key: 'payments.proof_uploaded', params: { reference: order.reference } },
            username: null,
            ip,
          },
          trx,
        );
      });
      return { order_id: order.id, proof_uploaded: true, mime: stored.mime, size: stored.size };
    },

    /** The proof of an order of a meeting the user sees, as a download; audited. */
    async download(user: AuthUser, orderId: number, ip: string) {
      const order = await orders.findOrder(db, orderId);
      if (!order) throw new AppError('NOT_FOUND');
      await visibleMeeting(db, user, order.meeting_id);
      const file = order.proof_file_id === null ? undefined : await storedFile(db, order.proof_file_id);
      if (!file) throw new AppError('NOT_FOUND');
      await systemLog.record({
        action: 'export',
        source: 'admin',
        message: { key: 'payments.proof_downloaded', params: { reference: order.reference } },
        username: user.auditName,
        ip,
      });
      return {
        name: `proof-${order.reference}.${EXTENSIONS[file.mime] ?? 'bin'}`,
        mime: file.mime,
        data: file.data,
      };
    },
  };
}
export type Proofs = ReturnType<typeof createProofs>;
