import { useId, useState } from 'react';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../../lib/i18n.ts';
import { saveBlob } from '../../../../lib/save-blob.ts';
import { formatCredits, groupCertificateCode } from '../../certificate-code.ts';
import { meetingDates, refusalOf, refusalText, stillValid } from '../cme-access.ts';
import { cmePublicApi, type CmePublicTranscript } from '../cme-public-api.ts';

type Download = { status: 'idle' | 'busy' | 'done' } | { status: 'failed'; message: string };

/**
 * One organisation's record of the doctor (two where the organiser split them): the meetings (dates, certificate code) and their
 * credits, the total, and the transcript as PDF fetched with the access token.
 */
export function TranscriptCard(props: {
  transcript: CmePublicTranscript;
  token: string;
  expiresAt: number;
  timeZone: string;
  lang: Language;
  onExpired: () => void;
}) {
  const { transcript, lang } = props;
  const { t } = useTranslation();
  const ids = useId();
  const [download, setDownload] = useState<Download>({ status: 'idle' });

  const run = async () => {
    if (!stillValid(props.expiresAt, Date.now())) {
      props.onExpired();
      return;
    }
    setDownload({ status: 'busy' });
    try {
      const file = await cmePublicApi.transcriptPdf(props.token, transcript, lang);
      saveBlob(file.blob, file.name);
      setDownload({ status: 'done' });
    } catch (error) {
      if (refusalOf(error) === 'expired') props.onExpired();
      else setDownload({ status: 'failed', message: refusalText(error, t) });
    }
  };

  return (
    <section
      className="mf-pub-card"
      aria-labelledby={`${ids}-title`}
      data-testid="cme-transcript"
      data-organization={transcript.organization_id}
    >
      <h2 className="mf-pub-h2" id={`${ids}-title`} tabIndex={-1}>
        {t('cmePub.caption', { organization: transcript.organization_name })}
      </h2>
      <dl className="mf-pub-facts">
        <dt>{t('cmePub.name')}</dt>
        <dd>{transcript.name}</dd>
        {transcript.licence_number && (
          <>
            <dt>{t('cmePub.licence')}</dt>
            <dd>{transcript.licence_number}</dd>
          </>
        )}
      </dl>
      <table className="mf-cme-table" data-testid="cme-entries">
        <thead>
          <tr>
            <th scope="col">{t('cmePub.meeting')}</th>
            <th scope="col" className="mf-cme-num">
              {t('cmePub.credits')}
            </th>
          </tr>
        </thead>
        <tbody>
          {transcript.entries.map((entry) => (
            <tr key={`${entry.meeting_id}`}>
              <td>
                <span className="mf-cme-meeting">
                  {nameIn(lang, entry.meeting_name, entry.meeting_name_cn, entry.meeting_name_en)}
                </span>
                <span className="mf-cme-detail">
                  {meetingDates(entry.start_at, entry.end_at, props.timeZone, lang)}
                </span>
                <span className="mf-cme-detail">
                  {entry.certificate_code ? (
                    <>
                      {t('cmePub.certificate')}:{' '}
                      <span className="mf-cme-code">{groupCertificateCode(entry.certificate_code)}</span>
                    </>
                  ) : (
                    t('cmePub.noCertificate')
                  )}
                </span>
              </td>
              <td className="mf-cme-num">{formatCredits(entry.credits)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('cmePub.total')}</th>
            <td className="mf-cme-num" data-testid="cme-total">
              {formatCredits(transcript.total_credits)}
            </td>
          </tr>
        </tfoot>
      </table>
      <div role="status">
        {download.status === 'done' && (
          <p className="mf-pub-success" data-testid="cme-downloaded">
            {t('cmePub.downloaded')}
          </p>
        )}
      </div>
      <div role="alert">
        {download.status === 'failed' && (
          <p className="mf-pub-notice" data-testid="cme-download-error">
            {download.message}
          </p>
        )}
      </div>
      <button
        type="button"
        className="mf-pub-button mf-pub-block"
        style={{ marginTop: 14 }}
        disabled={download.status === 'busy'}
        onClick={() => void run()}
        data-testid="cme-download"
      >
        {download.status === 'busy' ? t('cmePub.downloading') : t('cmePub.download')}
      </button>
    </section>
  );
}
