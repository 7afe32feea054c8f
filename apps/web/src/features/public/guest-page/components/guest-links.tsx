import { Link } from 'react-router';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';

/** The guest page's links: my data (for a guest), the guide and schedule PDFs, and back. */
export function GuestLinks({
  meeting,
  publicId: id,
  hasGuest,
  onBack,
}: {
  meeting: PublicMeeting;
  /** The meeting's id as the page's address has it. */
  publicId: string;
  hasGuest: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const publicId = encodeURIComponent(id);
  return (
    <nav className="mf-pub-links" aria-label={t('pub.guide')}>
      {hasGuest && (
        <Link
          className="mf-pub-button mf-pub-secondary"
          to={`/enroll-info/${publicId}/my-data`}
          data-testid="link-my-data"
        >
          {t('pub.myData.link')}
        </Link>
      )}
      {meeting.guide_file_id && (
        <Link className="mf-pub-button mf-pub-secondary" to={`/guide/${publicId}`} data-testid="link-guide">
          {t('pub.guide')}
        </Link>
      )}
      {meeting.schedule_file_id && (
        <Link
          className="mf-pub-button mf-pub-secondary"
          to={`/schedule/${publicId}`}
          data-testid="link-schedule"
        >
          {t('pub.schedule')}
        </Link>
      )}
      <button type="button" className="mf-pub-button mf-pub-secondary" onClick={onBack} data-testid="go-back">
        {t('pub.goBack')}
      </button>
    </nav>
  );
}
