import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { localText } from '@meetflow/shared/forms/form-basics';
import type { PublicEvaluationList } from '@meetflow/shared/schemas/evaluations';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { evaluationPath, evaluationsApi } from '../../evaluations/evaluations-api.ts';

type Item = PublicEvaluationList['items'][number];

/**
 * The guest page's "Evaluations" (issue 43): those the guest may answer (having attended) or has
 * answered, with the meeting or session each is about; hidden while there are none. Which ones
 * unlock the certificate is said on the row, and again in the certificate block.
 */
export function GuestEvaluations({ publicId, token }: { publicId: string; token: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [items, setItems] = useState<readonly Item[]>([]);
  const titleId = useId();

  useEffect(() => {
    const controller = new AbortController();
    evaluationsApi.list(token, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setItems(answer.items);
      },
      // A secondary section: when its answer fails the guest page goes on without it.
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);

  if (items.length === 0) return null;
  return (
    <section className="mf-pub-card" aria-labelledby={titleId} data-testid="guest-evaluations">
      <h2 className="mf-pub-h2 mf-pub-card-title" id={titleId}>
        {t('pub.evaluations.title')}
      </h2>
      <ul className="mf-pub-list">
        {items.map((item) => (
          <li
            key={item.id}
            className="mf-pub-session-row"
            data-testid={`evaluation-${item.id}`}
            data-state={item.status}
          >
            <div className="mf-pub-session-text">
              <span className="mf-pub-session-name">{localText(item.title, lang)}</span>
              <span className="mf-pub-session-when">{item.scope_name || t('pub.evaluations.meeting')}</span>
              <span
                className={`mf-pub-session-status${item.status === 'completed' ? ' is-offered' : ''}`}
                data-testid={`evaluation-status-${item.id}`}
              >
                {item.status === 'completed' && <span aria-hidden="true">{'✓ '}</span>}
                {t(`pub.evaluations.status.${item.status}`)}
                {item.failed && ` · ${t('pub.evaluations.failed')}`}
              </span>
              {item.status === 'to_answer' && item.unlocks_certificate && (
                <span className="mf-pub-session-when">{t('pub.evaluations.forCertificate')}</span>
              )}
            </div>
            {item.status === 'to_answer' && (
              <Link
                className="mf-pub-button"
                to={evaluationPath(publicId, item.id)}
                data-testid={`evaluation-open-${item.id}`}
              >
                {t('pub.evaluations.answer')}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
