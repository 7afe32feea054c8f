import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Empty, Flex, Input, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { ListToolbar, useDraft, useTableView } from '../../../components/list-toolbar.tsx';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { useCmePeople, useLinkGuests, type CmeLinkResult, type CmePerson } from '../cme-api.ts';
import { formatCredits } from '../cme-logic.ts';
import type { CmeListState } from '../list-state.ts';

// The record of one person loads when first opened.
const PersonDrawer = lazy(() => import('./person-drawer.tsx'));

/** The organisation's people: search, paging, the automatic linking and each person's record. */
export function PeopleTab({ organizationId, list }: { organizationId: number; list: CmeListState }) {
  const { t } = useTranslation();
  const { page, size, filters } = list;
  const keyword = filters.keyword ?? '';
  const people = useCmePeople(organizationId, {
    page,
    page_size: size,
    ...(keyword ? { keyword } : {}),
  });
  const [keywordInput, setKeywordInput] = useDraft(keyword);
  const link = useLinkGuests(organizationId);
  const [linked, setLinked] = useState<CmeLinkResult | null>(null);
  const openPerson = (person: number | undefined) =>
    list.update((current) => ({ ...current, filters: { ...current.filters, person } }));

  const columns: TableColumnsType<CmePerson> = [
    { title: t('cme.people.name'), dataIndex: 'name', key: 'name' },
    { title: t('cme.people.licence'), dataIndex: 'licence_number', key: 'licence', render: dash },
    { title: t('cme.people.email'), dataIndex: 'email', key: 'email', render: dash },
    { title: t('cme.people.meetings'), dataIndex: 'meetings', key: 'meetings', align: 'right', width: 110 },
    {
      title: t('cme.people.credits'),
      key: 'credits',
      align: 'right',
      width: 120,
      render: (_, person) => formatCredits(person.credits),
    },
    {
      title: t('cme.people.actions'),
      key: 'actions',
      width: 100,
      render: (_, person) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => openPerson(person.id)}
          aria-label={`${t('cme.people.open')}: ${person.name}`}
          data-testid={`cme-person-open-${person.id}`}
        >
          {t('cme.people.open')}
        </Button>
      ),
    },
  ];
  const view = useTableView(columns);

  const runLink = async () => {
    setLinked(null);
    setLinked(await link.mutateAsync());
  };

  return (
    <>
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('cme.people.keyword')}
          value={keywordInput}
          onChange={(event) => {
            setKeywordInput(event.target.value);
            if (!event.target.value) list.setFilters({ keyword: undefined });
          }}
          onSearch={(value) => list.setFilters({ keyword: value.trim() || undefined })}
          aria-label={t('cme.people.keyword')}
          data-testid="cme-keyword"
        />
        <Tooltip title={t('cme.people.linkHelp')}>
          <Button
            type="primary"
            icon={<LinkOutlined />}
            loading={link.isPending}
            onClick={() => void runLink().catch(() => undefined)}
            data-testid="cme-link"
          >
            {t('cme.people.link')}
          </Button>
        </Tooltip>
      </Flex>
      <div role="status">
        {linked && (
          <Alert
            showIcon
            closable
            type={linked.linked > 0 ? 'success' : 'info'}
            style={{ marginBottom: 12 }}
            onClose={() => setLinked(null)}
            title={
              linked.linked > 0
                ? t('cme.people.linkResult', { linked: linked.linked, created: linked.people_created })
                : t('cme.people.linkNothing')
            }
            data-testid="cme-link-result"
          />
        )}
      </div>
      <ListToolbar
        view={view}
        total={people.data?.total}
        onRefresh={() => void people.refetch()}
        refreshing={people.isFetching}
      />
      <Table<CmePerson>
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={people.data?.items ?? []}
        loading={people.isFetching}
        pagination={{
          current: page,
          pageSize: size,
          total: people.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          onChange: (next, nextSize) => list.setPage(next, nextSize),
        }}
        locale={{
          emptyText: emptyTextFor(
            people,
            <Empty description={t(keyword ? 'cme.people.noMatch' : 'cme.people.noPeople')} />,
          ),
        }}
        // No row selection here, so no second select-all box: the table scrolls on its own on a phone.
        scroll={{ x: 'max-content' }}
        data-testid="cme-people-table"
      />
      {filters.person !== undefined && (
        <Suspense fallback={null}>
          <PersonDrawer
            organizationId={organizationId}
            personId={filters.person}
            onOpenPerson={openPerson}
            onClose={() => openPerson(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}

const dash = (value: string) => value || '—';
