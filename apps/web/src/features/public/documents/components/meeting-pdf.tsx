import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { nameIn } from '@meetflow/shared/languages';
import { useTranslation } from '../../../../lib/i18n.ts';
import { MeetingLoadState, PublicFrame, usePageLanguage } from '../../components/public-frame.tsx';
import { fileUrl } from '../../public-api.ts';
import { usePublicMeeting } from '../../use-public-meeting.ts';

const PdfViewer = lazy(() => import('./pdf-viewer.tsx').then((m) => ({ default: m.PdfViewer })));

/**
 * The schedule or guide PDF of a meeting, for phones. Pinch zoom (up to 10×) is allowed on these
 * routes by lib/viewport.ts, which the shell applies on every navigation.
 */
export function MeetingPdf({ kind }: { kind: 'schedule' | 'guide' }) {
  const { meetingId = '' } = useParams();
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { state, retry } = usePublicMeeting(meetingId);
  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = state.meeting;
  const fileId = kind === 'schedule' ? meeting.schedule_file_id : meeting.guide_file_id;
  const heading = t(kind === 'schedule' ? 'pub.schedule' : 'pub.guide');
  return (
    <PublicFrame meeting={meeting}>
      <header className="mf-pub-head">
        <h1 className="mf-pub-title" data-testid="page-title">
          {nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}
        </h1>
        <p className="mf-pub-subtitle mf-pub-schedule-text">{heading}</p>
      </header>
      {fileId ? (
        <>
          {/* The file itself: to keep offline, print, or open in the phone's own reader. */}
          <p className="mf-pub-footer-link">
            <a
              className="mf-pub-link"
              href={fileUrl(fileId)}
              download={`${nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)} - ${heading}.pdf`}
              type="application/pdf"
              data-testid="pdf-download"
            >
              {t('pub.download')}
            </a>
          </p>
          <Suspense
            fallback={
              <p className="mf-pub-status" role="status">
                <span className="mf-pub-spinner" aria-hidden="true" />
                {t('pub.loading')}
              </p>
            }
          >
            <PdfViewer url={fileUrl(fileId)} label={heading} />
          </Suspense>
        </>
      ) : (
        <section className="mf-pub-card mf-pub-center" data-testid="pdf-empty">
          <p>{t(kind === 'schedule' ? 'pub.noSchedule' : 'pub.noGuide')}</p>
        </section>
      )}
      <p className="mf-pub-footer-link">
        <Link className="mf-pub-link" to={`/enroll-info/${encodeURIComponent(meeting.public_id)}`}>
          {t('pub.goBack')}
        </Link>
      </p>
    </PublicFrame>
  );
}
