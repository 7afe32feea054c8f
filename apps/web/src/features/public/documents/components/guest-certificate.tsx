import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { GuestCertificateStatus } from '@meetflow/shared/schemas/certificates';
import { useTranslation } from '../../../../lib/i18n.ts';
import { formatCredits, hoursAndMinutes, showsGuestCertificate } from '../../certificate-code.ts';
import { CertificateDownload } from '../../components/certificate-download.tsx';
import { publicApi } from '../../public-api.ts';

/**
 * The guest page's "Certificate of attendance": time present and credits, and the PDF to download
 * once earned (issued by the server on the first download), or why there is none. Shown only when
 * the meeting hands certificates out to its guests, or the guest has one (even revoked).
 */
export function GuestCertificate({
  token,
  onTokenLost,
  evaluationPath,
}: {
  token: string;
  onTokenLost: () => void;
  /** Where an evaluation opens (issue 43): the certificate may wait for one to be completed. */
  evaluationPath: (id: number) => string;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<GuestCertificateStatus | null>(null);
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
  const awaiting = status.awaiting_evaluation_ids[0];

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
        <CertificateDownload
          token={token}
          onTokenLost={onTokenLost}
          onRefused={() => setVersion((v) => v + 1)}
        />
      ) : awaiting !== undefined ? (
        <>
          <p className="mf-pub-hint" style={{ fontSize: 16 }} data-testid="certificate-awaiting-evaluation">
            {t('pub.evaluations.unlockCertificate')}
          </p>
          <Link
            className="mf-pub-button mf-pub-block mf-pub-after"
            to={evaluationPath(awaiting)}
            data-testid="certificate-evaluation-link"
          >
            {t('pub.evaluations.open')}
          </Link>
        </>
      ) : (
        <p className="mf-pub-hint" style={{ fontSize: 16 }} data-testid="certificate-not-earned">
          {t('pub.certificate.notEarned')}
        </p>
      )}
    </section>
  );
}
