import type { PublicApplication } from '@meetflow/shared/schemas/approval';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { formatDateTime } from '../../display.ts';
import '../application-i18n.ts';

/** The note at the top right after a sign-up that waits for the organiser's approval. */
export function ApplicationReceived() {
  const { t } = useTranslation();
  return (
    <div className="mf-pub-success" role="status" data-testid="application-received">
      <p className="mf-pub-success-title">{t('pubApproval.received')}</p>
      <p>{t('pubApproval.receivedText')}</p>
    </div>
  );
}

/** In the guest card of a guest whose seat is held while the organiser decides: no code yet. */
export function AwaitingApproval() {
  const { t } = useTranslation();
  return (
    <div data-testid="guest-awaiting-approval">
      <p className="mf-pub-intro">
        <strong>{t('pubApproval.pending')}</strong>
      </p>
      <p className="mf-pub-hint">{t('pubApproval.pendingSeat')}</p>
      <p className="mf-pub-hint">{t('pubApproval.pendingText')}</p>
    </div>
  );
}

/**
 * The page of an applicant who holds no seat (yet): waiting for the organiser, or told why not.
 * Once approved, the same token opens their guest page.
 */
export function ApplicationView({
  meeting,
  application,
}: {
  meeting: PublicMeeting;
  application: PublicApplication;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const when = (ms: number) => formatDateTime(ms, meeting.time_zone, lang);
  return (
    <section
      className="mf-pub-card mf-pub-center"
      aria-labelledby="pub-application-title"
      data-testid="application-card"
      data-status={application.status}
    >
      <h2 className="mf-pub-h2" id="pub-application-title">
        {t('pubApproval.title')}
      </h2>
      <p className="mf-pub-guest-name">{application.display_name}</p>
      {application.status === 'pending' && (
        <>
          <p className="mf-pub-intro" data-testid="application-state">
            <strong>{t('pubApproval.pending')}</strong>
          </p>
          <p className="mf-pub-hint">{t('pubApproval.pendingText')}</p>
        </>
      )}
      {application.status === 'rejected' && (
        <div className="mf-pub-notice" role="status" data-testid="application-state">
          <p>{t('pubApproval.rejected')}</p>
          {application.reason && (
            <p data-testid="application-reason">
              {t('pubApproval.reason')}: {application.reason}
            </p>
          )}
        </div>
      )}
      {application.status === 'withdrawn' && (
        <p className="mf-pub-intro" data-testid="application-state">
          {t('pubApproval.withdrawn')}
        </p>
      )}
      <p className="mf-pub-guest-contact">
        {t('pubApproval.submittedAt')}: {when(application.submitted_at)}
      </p>
      {application.decided_at !== null && (
        <p className="mf-pub-guest-contact">
          {t('pubApproval.decidedAt')}: {when(application.decided_at)}
        </p>
      )}
    </section>
  );
}
