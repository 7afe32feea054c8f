import { useMemo } from 'react';
import { Alert, Empty, Flex, Select, Space, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { useOrganizationTree } from '../../lib/organization-tree.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { field, useListState } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePermission } from '../../components/permission.tsx';
import { AccountForm } from './components/account-form.tsx';
import { organizationChoices } from './payment-setup-logic.ts';
import './i18n.ts';
import './payment-setup.css';

/**
 * An organisation's payment account (issue 44): where its meetings are paid. The organisation is
 * in the URL (`?organization=`, lib/payment-setup.ts); the fees page and the organisations link here.
 */
export default function PaymentAccountPage() {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const canManage = hasAny('payment:manage');
  // The tree needs organization:view; without it, the user's own organisation is the one shown.
  const tree = useOrganizationTree(hasAny('organization:view'));
  // A plain select, each organisation indented under its parent: the tree picker's code stays out of this page.
  const options = useMemo(() => organizationChoices(tree.data ?? []), [tree.data]);
  const own = useSessionStore((s) => s.user?.organization_id ?? null);
  const list = useListState({ filters: { organization: field.number() }, sizes: [20], defaultSize: 20 });
  const organizationId = list.filters.organization ?? own ?? tree.data?.[0]?.id ?? null;

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.paymentAccount')}</PageTitle>
        {options.length > 0 && (
          <Space wrap>
            <Typography.Text id="account-organization-label">
              {t('paymentSetup.account.organization')}
            </Typography.Text>
            <Select
              aria-labelledby="account-organization-label"
              style={{ minWidth: 260 }}
              showSearch={{ optionFilterProp: 'title' }}
              options={options}
              value={organizationId ?? undefined}
              onChange={(id: number) => list.setFilters({ organization: id })}
              data-testid="account-organization"
            />
          </Space>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('paymentSetup.account.intro')}
      </Typography.Paragraph>
      {!canManage && (
        <Alert type="info" showIcon title={t('paymentSetup.account.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {organizationId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={tree.isLoading ? null : t('paymentSetup.account.pickOrganization')}
          data-testid="account-no-organization"
        />
      ) : (
        <AccountForm key={organizationId} organizationId={organizationId} canManage={canManage} />
      )}
    </PageCard>
  );
}
