import { Empty, Flex, Tabs, TreeSelect, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { useListState } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { PeopleTab } from './components/people-tab.tsx';
import { ReturnTab } from './components/return-tab.tsx';
import { LIST_OPTIONS, type TabKey } from './list-state.ts';
import { useOrganizationChoice } from './use-organization-choice.ts';
import './i18n.ts';

/**
 * Each doctor's CME record across an organisation's meetings (issue 43): the people the guests are
 * linked to, with their meetings, credits and certificate codes, merged and split by the organiser;
 * and the organisation's yearly return. The organisation, tab, page, search and open person are in the URL.
 */
export default function CmeRecordsPage() {
  const { t } = useTranslation();
  const list = useListState(LIST_OPTIONS);
  const organizations = useOrganizationChoice(list.filters.organization);
  const organizationId = organizations.organizationId;
  const tab: TabKey = list.filters.tab ?? 'people';

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.cmeRecords')}</PageTitle>
        <TreeSelect
          showSearch
          treeDefaultExpandAll
          treeData={organizations.options}
          treeNodeFilterProp="title"
          loading={organizations.loading}
          value={organizationId ?? undefined}
          onChange={(value: number) => list.setFilters({ organization: value, person: undefined })}
          placeholder={t('cme.organization.placeholder')}
          aria-label={t('cme.organization.label')}
          style={{ width: 260 }}
          data-testid="cme-organization"
        />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('cme.intro')}
      </Typography.Paragraph>
      {organizationId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={organizations.loading ? t('app.loading') : t('cme.organization.none')}
          data-testid="cme-no-organization"
        />
      ) : (
        <Tabs
          activeKey={tab}
          items={[
            {
              key: 'people',
              label: t('cme.tabs.people'),
              children: <PeopleTab key={organizationId} organizationId={organizationId} list={list} />,
            },
            {
              key: 'return',
              label: t('cme.tabs.return'),
              children: <ReturnTab key={organizationId} organizationId={organizationId} list={list} />,
            },
          ]}
          onChange={(key) =>
            list.update((current) => ({
              ...current,
              filters: { ...current.filters, tab: key === 'people' ? undefined : (key as TabKey) },
            }))
          }
          data-testid="cme-tabs"
        />
      )}
    </PageCard>
  );
}
