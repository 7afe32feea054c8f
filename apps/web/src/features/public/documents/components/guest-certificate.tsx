import { useEffect, useId, useState } from 'react';
import type { GuestCertificateStatus } from '@meetflow/shared/schemas/certificates';
import { useTranslation } from '../../../../lib/i18n.ts';
import { formatCredits, hoursAndMinutes, showsGuestCertificate } from '../../certificate-code.ts';
import { errorMessage } from '../../components/public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../../public-api.ts';
import { saveBlob } from '../../../../lib/save-blob.ts';

type Download = { status: 'idle' | 'busy' | 'done' } | { status: 'failed'; message: string };

/**
 * The guest page's "Certificate of attendance": time present and credits, and the PDF to download
 * once earned (issued by the server on the first download), or why there is none. Shown only when
 * the meeting hands certificates out to its guests, or the guest has one (even revoked).
 */
export function GuestCertificate({ token, onTokenLost }: { token: string; onTokenLost: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<GuestCertificateStatus | null>(null);
  const [download, setDownload] = useState<Download>({ status: 'idle' });
  const [version, setVersion] = useState(0);
  const titleId = useId();

  useEffect(() => {
    const controller = new AbortController();
    publicApi.guestCertificate(token, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setStatus(answer);
      },
      // A secondary section: when its answer fails the guest page goes on without it.
      () => undefined,
    );
    return () => controller.abort();
  }, [token, version]);

  if (!status || !showsGuestCertificate(status)) return null;
  const { hours, minutes } = hoursAndMinutes(status.minutes);

  const save = async () => {
    if (download.status === 'busy') return;
    setDownload({ status: 'busy' });
    try {
      const file = await publicApi.guestCertificatePdf(token);
      saveBlob(file.blob, file.name ?? 'certificate.pdf');
      setDownload({ status: 'done' });
    } catch (error) {
      if (error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.GUEST_TOKEN_INVALID) {
        onTokenLost();
        return;
      }
      setDownload({
        status: 'failed',
        message: errorMessage(error, t('pub.certificate.failed'), t('pub.networkError')),
      });
      // Revoked or no longer available in the meantime: show where the guest now stands.
      if (error instanceof PublicApiError && error.status === 409) setVersion((v) => v + 1);
    }
  };

  return (
    <section className="mf-pub-card" aria-labelledby={titleId} data-testid="guest-certificate">
      <h2 className="mf-pub-h2" id={titleId}>
        {t('pub.certificate.title')}
      </h2>
      <dl className="mf-pub-meta" style={{ marginBottom: 12 }}>
        <div>
          <dt>{t('pub.certificate.timePresent')}</dt>
          <dd data-testid="certificate-time">
            {hours > 0
              ? t('pub.certificate.duration', { hours, minutes })
              : t('pub.certificate.minutes', { minutes })}
          </dd>
        </div>
        <div>
          <dt>{t('pub.certificate.credits')}</dt>
          <dd data-testid="certificate-credits">{formatCredits(status.credits)}</dd>
        </div>
      </dl>
      {status.revoked ? (
        <p className="mf-pub-notice" data-testid="certificate-revoked">
          {t('pub.certificate.revoked')}
        </p>
      ) : status.available ? (
        <button
          type="button"
          className="mf-pub-button mf-pub-block"
          disabled={download.status === 'busy'}
          aria-busy={download.status === 'busy'}
          onClick={() => void save()}
          data-testid="certificate-download"
        >
          {download.status === 'busy' ? t('pub.certificate.downloading') : t('pub.certificate.download')}
        </button>
      ) : (
        <p className="mf-pub-hint" style={{ fontSize: 16 }} data-testid="certificate-not-earned">
          {t('pub.certificate.notEarned')}
        </p>
      )}
      <div role="status">
        {download.status === 'done' && (
          <p className="mf-pub-hint mf-pub-after">{t('pub.certificate.downloaded')}</p>
        )}
      </div>
      <div role="alert">
        {download.status === 'failed' && (
          <p className="mf-pub-notice mf-pub-after" data-testid="certificate-error">
            {download.message}
          </p>
        )}
      </div>
    </section>
  );
}
