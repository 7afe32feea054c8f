import { lazy, Suspense, useState } from 'react';
import { Button, DatePicker, Empty, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { TableProps } from 'antd';
import { ImportOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { nameIn } from '@meetflow/shared/languages';
import { ExportButton } from '../../components/export-button.tsx';
import {
  ListToolbar,
  useTableView,
  field,
  useDraft,
  useListState,
  asDay,
  usePickerRange,
  type PickerRange,
} from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { dayjs } from '../../lib/dayjs.ts'; // with the date picker's locales
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { usePageVisible } from '../../lib/page-visibility.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { meetingOptions, useMeetingChoices } from '../../lib/meeting-options.ts';
import { Auth, usePermission } from '../../components/permission.tsx';
import { useUserTypes } from '../../lib/dictionary-queries.ts';
import { broadcastFiltersOf, dayRangeText } from './broadcast-filters.ts';
import { GUEST_FIELDS } from './guest-columns.ts';
import { cappedTotalText, pagerTotal } from './guest-list-total.ts';

/** Issued stands out; earned-but-not-issued is the organiser's to-do. */
const CERTIFICATE_COLORS = {
  not_earned: 'default',
  earned: 'gold',
  issued: 'green',
  revoked: 'red',
} as const;
import { statusColor } from '../../lib/attendance-types.ts';
import { guestFieldText } from './guest-text.ts';
import { guestExportPath, useDeleteGuest, useGuestDetail, useGuestPage } from './guests-api.ts';
import { ImportBanner } from './components/import-banner.tsx';
import { useGuestImports } from './import-list-api.ts';
import { runningImport } from './import-status.ts';
import type { AdminGuest, AttendanceStatus, GuestListQuery, GuestSortField } from './guests-types.ts';
import './i18n.ts';

const GuestDetailDrawer = lazy(() =>
  import('./components/guest-detail-drawer.tsx').then((m) => ({ default: m.GuestDetailDrawer })),
);
const GuestFormDrawer = lazy(() =>
  import('./components/guest-form-drawer.tsx').then((m) => ({ default: m.GuestFormDrawer })),
);
const BroadcastDrawer = lazy(() =>
  import('./components/broadcast-drawer.tsx').then((m) => ({ default: m.BroadcastDrawer })),
);
const ImportDrawer = lazy(() =>
  import('./components/import-drawer.tsx').then((m) => ({ default: m.ImportDrawer })),
);

const STATUSES: AttendanceStatus[] = ['checked_in', 'not_checked_in', 'left'];
const days = { read: (day: string) => dayjs(day), write: asDay };

/** Editing a date-schedule guest needs their sessions, which only the detail carries. */
function EditGuest(props: { meetingId: number; guest: AdminGuest; onClose: () => void }) {
  const detail = useGuestDetail(props.guest.meeting_type === 'date_schedule' ? props.guest.id : null);
  if (props.guest.meeting_type === 'date_schedule' && !detail.data) return null;
  return (
    <GuestFormDrawer
      meetingId={props.meetingId}
      meetingType={props.guest.meeting_type}
      guest={props.guest}
      scheduleIds={detail.data?.enrolments.map((e) => e.schedule_id)}
      onClose={props.onClose}
    />
  );
}

/**
 * The guest list of one meeting (spec §2): server-side paging, sorting and filters, columns that
 * follow the meeting type, details, edit, delete, manual add and export. The meeting, page and
 * filters are in the URL; cached route: they survive a tab switch.
 */
export default function GuestListPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { hasAny } = usePermission();
  const meetings = useMeetingChoices();

  const list = useListState({
    filters: {
      meeting: field.number(),
      keyword: field.string(),
      type: field.number(),
      status: field.enum(STATUSES),
      range: field.dateRange(),
    },
    sizes: [20, 50, 100],
    defaultSize: 20,
    sorts: ['name', 'created_at', 'last_in_at'] satisfies GuestSortField[],
    defaultSort: { by: 'created_at', order: 'desc' },
  });
  const { page, size: pageSize, filters } = list;
  const sort = list.sort ?? { by: 'created_at', order: 'desc' };
  const chosenMeeting = filters.meeting;
  // The first meeting until one is chosen.
  const meeting = meetings.data?.items.find((m) => m.id === chosenMeeting) ?? meetings.data?.items[0] ?? null;
  const meetingId = meeting?.id ?? null;
  const userTypes = useUserTypes(meeting?.meeting_type === 'date_schedule' ? meeting.id : undefined);

  const keyword = filters.keyword ?? '';
  const [keywordInput, setKeywordInput] = useDraft(keyword);
  const { type: userTypeId, status, range } = filters;
  const [pickerRange, pickRange] = usePickerRange(range, days);
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ guest: AdminGuest | null } | null>(null);
  const [broadcasting, setBroadcasting] = useState(false);
  // The import drawer: a new upload (null) or following a running import.
  const [importing, setImporting] = useState<{ resumeId: number | null } | null>(null);
  const visible = usePageVisible();
  const imports = useGuestImports(meetingId, hasAny('guest:edit') && visible);
  const running = runningImport(imports.data);

  const query: GuestListQuery = {
    page,
    page_size: pageSize,
    sort_by: sort.by,
    sort_order: sort.order,
    ...(keyword ? { keyword } : {}),
    ...(userTypeId ? { user_type_id: userTypeId } : {}),
    ...(status ? { status } : {}),
    ...(pickerRange?.[0] ? { signed_up_from: pickerRange[0].startOf('day').valueOf() } : {}),
    ...(pickerRange?.[1] ? { signed_up_to: pickerRange[1].endOf('day').valueOf() } : {}),
  };
  const guests = useGuestPage(meetingId, query);
  const remove = useDeleteGuest();

  // The meeting stays: it is the list's subject, not a filter of it.
  const resetFilters = () => {
    setKeywordInput('');
    list.setFilters({ keyword: undefined, type: undefined, status: undefined, range: undefined });
  };

  async function confirmDelete(guest: AdminGuest) {
    try {
      await remove.mutateAsync(guest.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The HTTP client has shown the reason.
    }
  }

  const { sortOrder } = list;

  /** The list's filters as text, for the broadcast's recipients. */
  const filterLabels = () => {
    const labels: { label: string; value: string }[] = [];
    if (keyword) labels.push({ label: t('guests.keyword'), value: `“${keyword}”` });
    if (userTypeId) {
      const type = userTypes.data?.find((u) => u.id === userTypeId);
      labels.push({
        label: t('guests.userType'),
        value: type ? nameIn(lang, type.name, type.name_cn, type.name_en) : `#${userTypeId}`,
      });
    }
    if (status) labels.push({ label: t('guests.status'), value: t(`guests.statuses.${status}`) });
    if (range && (range[0] || range[1])) {
      labels.push({ label: t('guests.signUpDate'), value: dayRangeText(range) });
    }
    return labels;
  };

  const fieldColumns: TableProps<AdminGuest>['columns'] = (
    meeting ? GUEST_FIELDS[meeting.meeting_type] : []
  ).map((field) => ({
    key: field.key,
    title: t(`guests.fields.${field.label}`),
    // Every column has a width: without one, long headers squeeze a column to a letter per line.
    width: field.wide ? 220 : field.key === 'phone' ? 150 : 130,
    ellipsis: true,
    ...(field.key === 'name' || field.key === 'name_zh'
      ? { sorter: true, sortOrder: sortOrder('name') }
      : {}),
    render: (_: unknown, guest: AdminGuest) => guestFieldText(guest, field.key, t),
  }));

  const columns: TableProps<AdminGuest>['columns'] = [
    ...fieldColumns,
    {
      key: 'status',
      title: t('guests.fields.status'),
      width: 110,
      render: (_, guest) => (
        <Tag color={statusColor(guest.status)}>{t(`guests.statuses.${guest.status}`)}</Tag>
      ),
    },
    {
      key: 'certificate',
      title: t('guests.fields.certificate'),
      width: 110,
      render: (_, guest) =>
        guest.certificate ? (
          <Tag color={CERTIFICATE_COLORS[guest.certificate]}>
            {t(`guests.certificates.${guest.certificate}`)}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      key: 'last_in_at',
      title: t('guests.fields.lastInAt'),
      width: 170,
      sorter: true,
      sortOrder: sortOrder('last_in_at'),
      render: (_, guest) => (guest.last_in_at ? formatDateTime(guest.last_in_at) : '—'),
    },
    {
      key: 'created_at',
      title: t('guests.fields.signedUpAt'),
      width: 170,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: (_, guest) => formatDateTime(guest.created_at),
    },
    {
      key: 'actions',
      title: t('guests.fields.actions'),
      fixed: 'right',
      width: 170,
      render: (_, guest) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(guest.id)} data-testid="guest-view">
            {t('guests.view')}
          </Button>
          <Auth value="guest:edit">
            <Button type="link" size="small" onClick={() => setEditing({ guest })} data-testid="guest-edit">
              {t('guests.edit')}
            </Button>
            <Popconfirm
              title={t('guests.deleteConfirm')}
              onConfirm={() => confirmDelete(guest)}
              okButtonProps={{ danger: true, 'data-testid': 'guest-delete-confirm' }}
            >
              <Button type="link" size="small" danger data-testid="guest-delete">
                {t('guests.delete')}
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

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

  return (
    <PageCard>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.guest')}</PageTitle>
        <Space wrap>
          <Auth value="guest:edit">
            <Button
              icon={<MailOutlined />}
              disabled={!meeting}
              onClick={() => setBroadcasting(true)}
              data-testid="guest-broadcast"
            >
              {t('guests.broadcast')}
            </Button>
            <Button
              icon={<PlusOutlined />}
              disabled={!meeting}
              onClick={() => setEditing({ guest: null })}
              data-testid="guest-add"
            >
              {t('guests.add')}
            </Button>
            <Button
              icon={<ImportOutlined />}
              disabled={!meeting}
              onClick={() => setImporting({ resumeId: null })}
              data-testid="guest-import"
            >
              {t('guests.import')}
            </Button>
          </Auth>
          {meetingId !== null && hasAny('guest:export') && (
            <ExportButton
              type="primary"
              path={guestExportPath(meetingId, query)}
              fallbackName="guests.xlsx"
              label={t('guests.export')}
              data-testid="guest-export"
            />
          )}
        </Space>
      </Space>

      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 260, maxWidth: '100%' }}
          placeholder={t('guests.selectMeeting')}
          loading={meetings.isLoading}
          value={meetingId ?? undefined}
          options={meetingOptions(meetings.data?.items)}
          onChange={(id: number) => {
            // Another meeting: its own list, from page 1 and without the last one's filters.
            setKeywordInput('');
            list.update((current) => ({ ...current, page: 1, filters: { meeting: id } }));
          }}
          aria-label={t('guests.meeting')}
          data-testid="guest-meeting"
        />
        <Input.Search
          allowClear
          style={{ width: 300, maxWidth: '100%' }}
          placeholder={t('guests.keywordPlaceholder')}
          value={keywordInput}
          onChange={(event) => {
            setKeywordInput(event.target.value);
            if (!event.target.value) list.setFilters({ keyword: undefined });
          }}
          onSearch={(value) => list.setFilters({ keyword: value.trim() })}
          aria-label={t('common.search')}
          data-testid="guest-search"
        />
        {meeting?.meeting_type === 'date_schedule' && (
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('guests.userType')}
            value={userTypeId}
            options={(userTypes.data ?? []).map((u) => ({
              value: u.id,
              label: nameIn(lang, u.name, u.name_cn, u.name_en),
            }))}
            onChange={(value?: number) => list.setFilters({ type: value })}
            aria-label={t('guests.userType')}
            data-testid="guest-filter-type"
          />
        )}
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('guests.status')}
          value={status}
          options={STATUSES.map((s) => ({ value: s, label: t(`guests.statuses.${s}`) }))}
          onChange={(value?: AttendanceStatus) => list.setFilters({ status: value })}
          aria-label={t('guests.status')}
          data-testid="guest-filter-status"
        />
        <DatePicker.RangePicker
          value={pickerRange}
          onChange={(value: PickerRange) => list.setFilters({ range: pickRange(value) })}
          allowEmpty={[true, true]}
          placeholder={[t('guests.signUpDate'), t('guests.signUpDate')]}
          data-testid="guest-filter-range"
        />
        <Button onClick={resetFilters}>{t('common.reset')}</Button>
      </Space>

      {running && !importing && (
        <ImportBanner entry={running} onView={() => setImporting({ resumeId: running.id })} />
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
                  : keyword || status || userTypeId || range
                    ? t('message.noMatchingData')
                    : t('message.noData')
              }
            />,
          ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: pagerTotal(guests.data),
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
        }}
        scroll={{ x: 'max-content' }}
        data-testid="guest-table"
      />

      {viewing !== null && (
        <Suspense fallback={null}>
          <GuestDetailDrawer guestId={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {broadcasting && meeting && (
        <Suspense fallback={null}>
          <BroadcastDrawer
            meetingId={meeting.id}
            meetingName={nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}
            filters={broadcastFiltersOf(query)}
            filterLabels={filterLabels()}
            onClose={() => setBroadcasting(false)}
          />
        </Suspense>
      )}
      {importing && meeting && (
        <Suspense fallback={null}>
          <ImportDrawer
            meetingId={meeting.id}
            meetingName={nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}
            meetingType={meeting.meeting_type}
            resumeId={importing.resumeId}
            onClose={() => setImporting(null)}
          />
        </Suspense>
      )}
      {editing !== null && meeting && (
        <Suspense fallback={null}>
          {editing.guest ? (
            <EditGuest meetingId={meeting.id} guest={editing.guest} onClose={() => setEditing(null)} />
          ) : (
            <GuestFormDrawer
              meetingId={meeting.id}
              meetingType={meeting.meeting_type}
              guest={null}
              onClose={() => setEditing(null)}
            />
          )}
        </Suspense>
      )}
    </PageCard>
  );
}
