import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { useTranslation } from '../lib/i18n.ts';
import { PageCard, PageTitle } from './page-frame.tsx';

/** A titled card with an empty state: the frame of back-office pages whose issues have not landed. */
export function PlaceholderPage({ titleKey, children }: { titleKey: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageCard>
      <PageTitle>{t(titleKey)}</PageTitle>
      {children}
      <Empty description={t('placeholder.description')} />
    </PageCard>
  );
}
