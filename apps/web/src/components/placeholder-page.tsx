import type { ReactNode } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageVisible } from './page-visibility.ts';

/** A titled card with an empty state: the frame of back-office pages whose issues have not landed. */
export function PlaceholderPage({ titleKey, children }: { titleKey: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const visible = usePageVisible();
  return (
    <Card>
      <Typography.Title level={4} data-testid={visible ? 'page-title' : undefined} style={{ marginTop: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      {children}
      <Empty description={t('placeholder.description')} />
    </Card>
  );
}
