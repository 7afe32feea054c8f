import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import './plain-page.css';

/** Constant page for unknown routes; plain markup so the catch-all never loads the admin bundle. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="mf-plain-page" data-testid="not-found">
      <p className="mf-plain-code" aria-hidden="true">
        404
      </p>
      <h1 className="mf-plain-title">{t('route.notFound')}</h1>
      <p className="mf-plain-text">{t('notFound.description')}</p>
      <Link className="mf-plain-button" to="/">
        {t('notFound.backHome')}
      </Link>
    </main>
  );
}
