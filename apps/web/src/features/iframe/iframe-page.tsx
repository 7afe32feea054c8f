import { useTranslation } from '../../lib/i18n.ts';

/** A route whose page is another document (spec §2 Layout "an iframe page"), e.g. the API docs. */
export function IframePage({ src, titleKey }: { src: string; titleKey: string }) {
  const { t } = useTranslation();
  return <iframe className="mf-iframe" src={src} title={t(titleKey)} data-testid="iframe-page" />;
}
