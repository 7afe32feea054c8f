import { Empty, Space, Table } from 'antd';
import type { TableProps } from 'antd';
import { ListToolbar, useTableView } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { usePageVisible } from '../../lib/page-visibility.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { usePermission } from '../../components/permission.tsx';
import { broadcastFiltersOf } from './broadcast-filters.ts';
import { cappedTotalText, pagerTotal } from './guest-list-total.ts';
import { useDeleteGuest } from './guests-api.ts';
import { GuestListActions } from './components/guest-list-actions.tsx';
import { GuestFilterBar } from './components/guest-filter-bar.tsx';
import { GuestListDrawers } from './components/guest-list-drawers.tsx';
import { guestTableColumns } from './components/guest-table-columns.tsx';
import { ImportBanner } from './components/import-banner.tsx';
import { useGuestImports } from './import-list-api.ts';
import { runningImport } from './import-status.ts';
import type { AdminGuest } from './guests-types.ts';
import { useGuestDrawers } from './use-guest-drawers.ts';
import { useGuestList } from './use-guest-list.ts';
import './i18n.ts';

/**
 * The guest list of one meeting (spec §2): server-side paging, sorting and filters, columns that
 * follow the meeting type, details, edit, delete, manual add and export. The meeting, page and
 * filters are in the URL; cached route: they survive a tab switch.
 */
export default function GuestListPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { hasAny } = usePermission();
  const state = useGuestList();
  const { list, meeting, meetingId, query, guests } = state;
  const drawers = useGuestDrawers();
  const { importing } = drawers;
  const visible = usePageVisible();
  const imports = useGuestImports(meetingId, hasAny('guest:edit') && visible);
  const running = runningImport(imports.data);
  const remove = useDeleteGuest();

  async function confirmDelete(guest: AdminGuest) {
    try {
      await remove.mutateAsync(guest.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The HTTP client has shown the reason.
    }
  }

  const columns = guestTableColumns({
    t,
    meetingType: meeting?.meeting_type,
    answerColumns: state.answerColumns,
    sortOrder: list.sortOrder,
    onView: (guest) => drawers.setViewing(guest.id),
    onEdit: (guest) => drawers.setEditing({ guest }),
    onDelete: (guest) => confirmDelete(guest),
  });

  const onTableChange: TableProps<AdminGuest>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = single?.columnKey === 'name_zh' ? 'name' : single?.columnKey;
    list.setSort(
      single?.order && (key === 'name' || key === 'created_at' || key === 'last_in_at')
        ? { by: key, order: single.order === 'ascend' ? 'asc' : 'desc' }
        : undefined,
    );
    list.setPage(pagination.current ?? 1, pagination.pageSize);
  };

  const view = useTableView(columns);
  // A broad keyword's count stops at the server's cap: "10,000+", and the pager pages on past it.
  const capped = cappedTotalText(guests.data, lang);
  const filtered =
    state.keyword ||
    state.status ||
    state.userTypeId ||
    state.range ||
    Object.keys(state.answerFilter).length > 0;

  return (
    <PageCard>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.guest')}</PageTitle>
        <GuestListActions meetingId={meetingId} query={query} drawers={drawers} />
      </Space>

      <GuestFilterBar state={state} />

      {running && !importing && (
        <ImportBanner entry={running} onView={() => drawers.setImporting({ resumeId: running.id })} />
      )}
      <ListToolbar
        view={view}
        total={guests.data?.total}
        totalText={capped && t('guests.totalCapped', { total: capped })}
        onRefresh={() => void guests.refetch()}
        refreshing={guests.isFetching}
      />
      <Table<AdminGuest>
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={guests.data?.items ?? []}
        loading={guests.isFetching}
        onChange={onTableChange}
        locale={{
          emptyText: emptyTextFor(
            guests,
            <Empty
              description={
                meetingId === null
                  ? t('guests.noMeeting')
                  : filtered
                    ? t('message.noMatchingData')
                    : t('message.noData')
              }
            />,
          ),
        }}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: pagerTotal(guests.data),
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
        }}
        scroll={{ x: 'max-content' }}
        data-testid="guest-table"
      />

      <GuestListDrawers
        drawers={drawers}
        meeting={meeting}
        broadcastFilters={broadcastFiltersOf(query)}
        filterLabels={state.filterLabels}
      />
    </PageCard>
  );
}
