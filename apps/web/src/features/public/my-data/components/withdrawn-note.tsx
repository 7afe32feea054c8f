import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n.ts';

/** The sign-up is withdrawn: said once, with the heading taking the focus. */
export function WithdrawnNote({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  return (
    <section
      className="mf-pub-card"
      role="status"
      aria-labelledby={`${id}-withdrawn`}
      data-testid="my-data-withdrawn"
    >
      <h2 className="mf-pub-h2" id={`${id}-withdrawn`} ref={title} tabIndex={-1}>
        {t('pub.myData.withdrawnTitle')}
      </h2>
      <p className="mf-pub-success">{t('pub.myData.withdrawnBody')}</p>
      <p className="mf-pub-footer-link">
        <Link className="mf-pub-link" to={`/sign-up/${encodeURIComponent(publicId)}`}>
          {t('pub.waitlist.signUpAgain')}
        </Link>
      </p>
    </section>
  );
}
