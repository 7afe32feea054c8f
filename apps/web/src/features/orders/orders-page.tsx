import { useState } from 'react';
import { Button, Empty, Flex, Grid, Input, Select, Table, Tabs } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import type { OrderRow } from '@meetflow/shared/schemas/payments';
import { ExportButton } from '../../components/export-button.tsx';
import { field, ListToolbar, useDraft, useListState, useTableView } from '../../components/list-toolbar.tsx';
import { emptyTextFor } from '../../components/load-error.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePermission } from '../../components/permission.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { meetingOptions, useMeetingChoices } from '../../lib/meeting-options.ts';
import { useServerTimeZone } from '../../lib/server-time.ts';
import { exportPath, useOrderPage } from './orders-api.ts';
import { STATUS_FILTERS, type StatusFilter } from './orders-logic.ts';
import { orderColumns } from './components/order-columns.tsx';
import { OrderDetailDrawer } from './components/order-detail-drawer.tsx';
import { StatementImportDialog } from './components/statement-import-dialog.tsx';
import './i18n.ts';

const STATUSES = STATUS_FILTERS.filter((s): s is Exclude<StatusFilter, ''> => s !== '');
const LIST_OPTIONS = {
  filters: {
    meeting: field.number(),
    status: field.enum(STATUSES),
    keyword: field.string(),
    order: field.number(),
  },
  sizes: [20, 50, 100],
  defaultSize: 20,
};

/**
 * A paid meeting's orders (issue 44): by status and keyword, a page at a time; one order in a
 * drawer with what the organiser may do with it (mark paid, refund, cancel); the bank statement
 * import and the accountant's export. The meeting, filters, page and open order are in the URL.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const { hasAny, hasAll } = usePermission();
  const screens = Grid.useBreakpoint();
  const zone = useServerTimeZone();
  const meetings = useMeetingChoices();
  const list = useListState(LIST_OPTIONS);
  const { page, size, filters } = list;
  const meetingId = filters.meeting ?? meetings.data?.items[0]?.id ?? null;
  const [keyword, setKeyword] = useDraft(filters.keyword ?? '');
  const [importing, setImporting] = useState(false);
  const orders = useOrderPage(meetingId, {
    page,
    page_size: size,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
  });
  const data = orders.data;
  const currency = data?.items[0]?.currency ?? '';

  // The open order rides in the URL without moving the list back to its first page.
  const openOrder = (order: number | undefined) =>
    list.update((current) => ({ ...current, filters: { ...current.filters, order } }));
  const columns = orderColumns(t, {
    zone,
    fixed: Boolean(screens.md),
    onOpen: (order) => openOrder(order.id),
  });
  const view = useTableView(columns, 'medium');
  const filtered = Boolean(filters.status || filters.keyword);

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.orders')}</PageTitle>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 280, maxWidth: '100%' }}
          placeholder={t('orders.selectMeeting')}
          loading={meetings.isLoading}
          value={meetingId ?? undefined}
          options={meetingOptions(meetings.data?.items)}
          onChange={(id: number) => list.setFilters({ meeting: id, order: undefined })}
          aria-label={t('orders.selectMeeting')}
          data-testid="orders-meeting"
        />
      </Flex>
      {meetingId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={t(meetings.isLoading ? 'orders.selectMeeting' : 'orders.pickMeeting')}
          data-testid="orders-no-meeting"
        />
      ) : (
        <>
          <Tabs
            activeKey={filters.status ?? 'all'}
            onChange={(key) =>
              list.setFilters({ status: key === 'all' ? undefined : (key as StatusFilter) || undefined })
            }
            items={STATUS_FILTERS.map((status) => ({
              key: status || 'all',
              label: (
                <span data-testid={`orders-filter-${status || 'all'}`}>
                  {t(`orders.filters.${status || 'all'}`)}
                </span>
              ),
            }))}
          />
          <ListToolbar
            view={view}
            total={data?.total}
            onRefresh={() => void orders.refetch()}
            refreshing={orders.isFetching}
          >
            <Input.Search
              allowClear
              style={{ width: 240, maxWidth: '100%' }}
              placeholder={t('orders.search')}
              aria-label={t('orders.search')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => list.setFilters({ keyword: value.trim() || undefined })}
              data-testid="orders-search"
            />
            {hasAny('payment:manage') && (
              <Button
                icon={<ImportOutlined />}
                onClick={() => setImporting(true)}
                data-testid="orders-import-statement"
              >
                {t('orders.importStatement')}
              </Button>
            )}
            {hasAll(['payment:view', 'guest:export']) && (
              <ExportButton
                path={exportPath(meetingId)}
                fallbackName="payments.xlsx"
                label={t('orders.export')}
                data-testid="orders-export"
              />
            )}
          </ListToolbar>
          <Table<OrderRow>
            rowKey="id"
            size={view.size}
            columns={view.columns}
            dataSource={data?.items ?? []}
            loading={orders.isFetching}
            pagination={{
              current: page,
              pageSize: size,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [...LIST_OPTIONS.sizes],
              onChange: (next, nextSize) => list.setPage(next, nextSize),
            }}
            locale={{
              emptyText: emptyTextFor(
                orders,
                <Empty description={t(filtered ? 'orders.empty.filtered' : 'orders.empty.all')} />,
              ),
            }}
            scroll={{ x: 'max-content' }}
            data-testid="orders-table"
          />
          <OrderDetailDrawer
            meetingId={meetingId}
            orderId={filters.order ?? null}
            onClose={() => openOrder(undefined)}
          />
          {importing && (
            <StatementImportDialog
              meetingId={meetingId}
              currency={currency}
              onClose={() => setImporting(false)}
            />
          )}
        </>
      )}
    </PageCard>
  );
}
