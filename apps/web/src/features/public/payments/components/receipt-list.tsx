import { useState } from 'react';
import type { ReceiptSummary } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../../lib/i18n.ts';
import { saveBlob } from '../../../../lib/save-blob.ts';
import { errorMessage, usePageLanguage } from '../../components/public-frame.tsx';
import { formatDateTime } from '../../display.ts';
import { isTokenLost } from '../../public-api.ts';
import { formatMoney } from '../money.ts';
import { paymentsApi } from '../payments-api.ts';

type Download =
  { id: number | null; status: 'idle' | 'busy' | 'done' } | { id: number; status: 'failed'; message: string };

/** The order's receipts and credit notes, each with its PDF (made out as the guest chose). */
export function ReceiptList({
  receipts,
  currency,
  zone,
  token,
  onTokenLost,
}: {
  receipts: readonly ReceiptSummary[];
  currency: string;
  zone: string;
  token: string;
  onTokenLost: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [download, setDownload] = useState<Download>({ id: null, status: 'idle' });
  if (receipts.length === 0) return null;

  const save = async (receipt: ReceiptSummary) => {
    if (download.status === 'busy') return;
    setDownload({ id: receipt.id, status: 'busy' });
    try {
      const file = await paymentsApi.receiptPdf(token, receipt.id);
      saveBlob(file.blob, file.name ?? `${receipt.number}.pdf`);
      setDownload({ id: receipt.id, status: 'done' });
    } catch (error) {
      if (isTokenLost(error)) {
        onTokenLost();
        return;
      }
      setDownload({
        id: receipt.id,
        status: 'failed',
        message: t('pubPay.downloadFailed', {
          reason: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')),
        }),
      });
    }
  };

  const named = receipts.find((r) => r.id === download.id);
  return (
    <section className="mf-pay-receipts" aria-labelledby="pub-pay-receipts" data-testid="receipts">
      <h3 className="mf-pay-h3" id="pub-pay-receipts">
        {t('pubPay.receipts')}
      </h3>
      <ul className="mf-pub-list">
        {receipts.map((receipt) => {
          const busy = download.status === 'busy' && download.id === receipt.id;
          return (
            <li key={receipt.id} className="mf-pub-session-row" data-testid={`receipt-${receipt.id}`}>
              <div className="mf-pub-session-text">
                <span className="mf-pub-session-name" data-testid="receipt-number">
                  {t(`pubPay.kind.${receipt.kind}`)} {receipt.number}
                </span>
                <span className="mf-pub-session-when">
                  {formatMoney(currency, receipt.amount)} · {formatDateTime(receipt.issued_at, zone, lang)}
                </span>
              </div>
              <div className="mf-pub-row-actions">
                <button
                  type="button"
                  className="mf-pub-button mf-pub-secondary"
                  aria-label={`${t('pubPay.download')} ${receipt.number}`}
                  aria-busy={busy}
                  disabled={busy}
                  onClick={() => void save(receipt)}
                  data-testid={`receipt-download-${receipt.id}`}
                >
                  {busy ? t('pubPay.downloading') : t('pubPay.download')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div role="status">
        {download.status === 'done' && named && (
          <p className="mf-pub-hint mf-pub-after">{t('pubPay.downloaded', { number: named.number })}</p>
        )}
      </div>
      <div role="alert">
        {download.status === 'failed' && (
          <p className="mf-pub-notice mf-pub-after" data-testid="receipt-error">
            {download.message}
          </p>
        )}
      </div>
    </section>
  );
}
