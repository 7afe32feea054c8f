import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../public-api.ts';
import { errorMessage } from './public-frame.tsx';

type Download = { status: 'idle' | 'busy' | 'done' } | { status: 'failed'; message: string };

/**
 * "Download certificate (PDF)" of the guest page and of an evaluation that unlocked it: the server
 * issues it on the first download. `onRefused` hears a 409 (revoked or no longer available meanwhile).
 */
export function CertificateDownload({
  token,
  onTokenLost,
  onRefused,
}: {
  token: string;
  onTokenLost: () => void;
  onRefused?: () => void;
}) {
  const { t } = useTranslation();
  const [download, setDownload] = useState<Download>({ status: 'idle' });

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
      if (error instanceof PublicApiError && error.status === 409) onRefused?.();
    }
  };

  return (
    <>
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
    </>
  );
}
