import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { GUEST_TOKEN_KEY, keysStartingWith } from '../lib/storage.ts';
import './plain-page.css';

/**
 * Where the button leads: the back office for a signed-in user; for a visitor, the guest page of a
 * meeting they signed up for on this device, never the admin login; else no button at all.
 */
function way(visitor: boolean): { to: string; label: string } | null {
  if (!visitor) return { to: '/', label: 'notFound.backHome' };
  const meeting = keysStartingWith(GUEST_TOKEN_KEY)[0]?.slice(GUEST_TOKEN_KEY.length);
  return meeting ? { to: `/enroll-info/${encodeURIComponent(meeting)}`, label: 'notFound.guestPage' } : null;
}

/**
 * Constant page for unknown routes; plain markup so the catch-all never loads the admin bundle. No
 * `main` of its own: the back office shows it inside the shell's, the catch-all route wraps it in one.
 */
export function NotFound({ visitor = false }: { visitor?: boolean }) {
  const { t } = useTranslation();
  const back = way(visitor);
  return (
    <div className="mf-plain-page" data-testid="not-found">
      <p className="mf-plain-code" aria-hidden="true">
        404
      </p>
      <h1 className="mf-plain-title">{t('route.notFound')}</h1>
      <p className="mf-plain-text">{t('notFound.description')}</p>
      {back ? (
        <Link className="mf-plain-button" to={back.to} data-testid="not-found-back">
          {t(back.label)}
        </Link>
      ) : (
        <p className="mf-plain-text">{t('notFound.visitorHint')}</p>
      )}
    </div>
  );
}
