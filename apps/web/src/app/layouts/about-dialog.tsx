import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@meetflow/shared/schemas/health';
import { http } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import './about-dialog.css';
import './about-i18n.ts';

const LICENCE = 'AGPL-3.0-or-later';
const LICENCE_URL = 'https://www.gnu.org/licenses/agpl-3.0.html';
const DATABASE_NAMES: Record<HealthResponse['database'], string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};

/**
 * The About box of the back office: product, the version the server runs, its licence and database.
 * Lazy, and a native modal <dialog> (focus trap, Escape and backdrop from the browser): an Ant Design
 * Modal here would split chunks the shell shares and cost the shell ~0.5 KB of its budget. The version
 * is asked of /api/health on each opening, so it is the running server's, whatever build the browser holds.
 */
export default function AboutDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const health = useQuery({
    queryKey: ['health', 'about'],
    queryFn: () => http.get<HealthResponse>('/health', { silent: true }),
    gcTime: 0,
  });
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const waiting = health.isPending ? '…' : '—';

  return (
    <dialog
      ref={ref}
      className="mf-about"
      aria-labelledby={titleId}
      aria-busy={health.isPending}
      data-testid="about-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{t('about.title')}</h2>
      {health.isError && <p role="alert">{t('about.unavailable')}</p>}
      <dl>
        <dt>{t('about.product')}</dt>
        <dd>MeetFlow</dd>
        <dt>{t('about.version')}</dt>
        <dd data-testid="about-version">{health.data?.version ?? waiting}</dd>
        <dt>{t('about.licence')}</dt>
        <dd>
          <a href={LICENCE_URL} target="_blank" rel="noreferrer" data-testid="about-licence">
            {LICENCE}
          </a>
        </dd>
        <dt>{t('about.source')}</dt>
        <dd data-testid="about-source">
          {health.data?.source_url ? (
            <a href={health.data.source_url} target="_blank" rel="noreferrer">
              {health.data.source_url}
            </a>
          ) : health.data ? (
            t('about.sourceAsk')
          ) : (
            waiting
          )}
        </dd>
        <dt>{t('about.database')}</dt>
        <dd data-testid="about-database">{health.data ? DATABASE_NAMES[health.data.database] : waiting}</dd>
      </dl>
      <p className="mf-about-notice">{t('about.notice')}</p>
      <div className="mf-about-actions">
        <button type="button" data-testid="about-close" onClick={onClose} autoFocus>
          {t('about.close')}
        </button>
      </div>
    </dialog>
  );
}
