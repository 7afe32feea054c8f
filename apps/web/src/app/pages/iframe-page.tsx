import { useTranslation } from '../../lib/i18n.ts';
import { PageTitle } from '../../components/page-frame.tsx';

/** A route whose page is another document (spec §2 Layout "an iframe page"), e.g. the API docs. */
export function IframePage({ src, titleKey }: { src: string; titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <iframe className="mf-iframe" src={src} title={title} data-testid="iframe-page" />
    </>
  );
}
