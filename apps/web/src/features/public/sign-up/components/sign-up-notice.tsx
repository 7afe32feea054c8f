import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n.ts';
import type { FormNotice } from '../use-sign-up-submit.ts';

/** The server's message above the form (render only when there is one); "already signed up" links to check-in. */
export function SignUpNotice({ notice, publicId }: { notice: FormNotice; publicId: string }) {
  const { t } = useTranslation();
  return (
    <div className="mf-pub-notice" data-testid="form-notice">
      <p>{notice.text}</p>
      {notice.checkIn && (
        <Link
          className="mf-pub-link"
          to={`/check-in/${encodeURIComponent(publicId)}`}
          data-testid="notice-check-in"
        >
          {t('pub.alreadySignedUpGo')}
        </Link>
      )}
    </div>
  );
}
