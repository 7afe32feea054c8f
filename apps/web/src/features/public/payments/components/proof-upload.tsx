import { useId, useRef, useState } from 'react';
import type { GuestOrder } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../../lib/i18n.ts';
import { errorMessage } from '../../components/public-frame.tsx';
import { isTokenLost } from '../../public-api.ts';
import { PROOF_MAX_BYTES, PROOF_TYPES, paymentsApi } from '../payments-api.ts';

type Upload =
  | { status: 'idle' }
  | { status: 'uploading'; fraction: number }
  | { status: 'done' }
  | { status: 'failed'; message: string };

const ACCEPTED = PROOF_TYPES.split(',');

/**
 * "Proof of payment" of a transfer or FPS payment: an image or a PDF, sent with its progress shown,
 * what went wrong said plainly. The organiser still confirms the payment; the proof only helps.
 */
export function ProofUpload({
  order,
  token,
  onUploaded,
  onTokenLost,
}: {
  order: GuestOrder;
  token: string;
  onUploaded: () => void;
  onTokenLost: () => void;
}) {
  const { t } = useTranslation();
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();

  const send = async (file: File) => {
    // The browser's idea of the type may be empty (some phones): the server judges the bytes.
    if (file.type && !ACCEPTED.includes(file.type)) {
      setUpload({ status: 'failed', message: t('pubPay.proofWrongType') });
      return;
    }
    if (file.size > PROOF_MAX_BYTES) {
      setUpload({ status: 'failed', message: t('pubPay.proofTooBig') });
      return;
    }
    setUpload({ status: 'uploading', fraction: 0 });
    try {
      await paymentsApi.uploadProof(token, order.id, file, (fraction) =>
        setUpload({ status: 'uploading', fraction }),
      );
      setUpload({ status: 'done' });
      onUploaded();
    } catch (error) {
      if (isTokenLost(error)) {
        onTokenLost();
        return;
      }
      setUpload({
        status: 'failed',
        message: t('pubPay.proofFailed', {
          reason: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')),
        }),
      });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const percent = upload.status === 'uploading' ? Math.round(upload.fraction * 100) : 0;
  return (
    <section className="mf-pay-proof" aria-labelledby={titleId} data-testid="proof-upload">
      <h3 className="mf-pay-h3" id={titleId}>
        {t('pubPay.proofTitle')}
      </h3>
      <p className="mf-pay-text" id={hintId}>
        {order.proof_uploaded && upload.status !== 'done' ? t('pubPay.proofAlready') : t('pubPay.proofIntro')}
      </p>
      {/* The input itself is kept (keyboard, screen readers) but drawn as its label: a button in the
          page's language rather than the browser's "Choose File / No file chosen". */}
      <input
        ref={input}
        id={inputId}
        type="file"
        className="mf-pay-file-input"
        accept={PROOF_TYPES}
        aria-describedby={hintId}
        disabled={upload.status === 'uploading'}
        data-testid="proof-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <label className="mf-pub-button mf-pub-secondary mf-pub-block mf-pay-file" htmlFor={inputId}>
        {t('pubPay.proofPick')}
      </label>
      {upload.status === 'uploading' && (
        <div className="mf-pay-progress" role="status">
          <progress max={100} value={percent} aria-label={t('pubPay.proofTitle')} />
          <span>{t('pubPay.proofUploading', { percent })}</span>
        </div>
      )}
      <div role="status">
        {upload.status === 'done' && (
          <p className="mf-pub-success" data-testid="proof-done">
            {t('pubPay.proofDone')}
          </p>
        )}
      </div>
      <div role="alert">
        {upload.status === 'failed' && (
          <p className="mf-pub-notice mf-pub-after" data-testid="proof-error">
            {upload.message}
          </p>
        )}
      </div>
    </section>
  );
}
