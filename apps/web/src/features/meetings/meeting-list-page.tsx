import { lazy, Suspense, useState } from 'react';
import { Button, Popconfirm, Space, Table } from 'antd';
// The bare Input: antd's `Input` export brings TextArea, Password, Search and OTP along (~9 KB gzip).
import Input from 'antd/es/input/Input';
import type { TableProps } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { Meeting, MeetingListQuery } from '@meetflow/shared/schemas/meetings';
import { nameIn } from '@meetflow/shared/languages';
import { LazyRangePicker, LazyTreeSelect } from '../../components/lazy-filters.tsx';
import { ListToolbar, useTableView } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { Auth, usePermission } from '../../components/permission.tsx';
import { slot } from '../../lib/feature-slots.ts';
import { copyText, publicLink } from './meeting-text.ts';
import { useDeleteMeeting, useMeetingPage, useOrganizationTree } from './meetings-api.ts';
import './i18n.ts';

// The drawers load when first opened: the list itself stays light for the first screen of the back office.
const MeetingFormDrawer = lazy(() =>
  import('./meeting-form-drawer.tsx').then((m) => ({ default: m.MeetingFormDrawer })),
);

const MeetingViewDrawer = lazy(() =>
  import('./meeting-view-drawer.tsx').then((m) => ({ default: m.MeetingViewDrawer })),
);

// Other features' drawers, through the shell's slots (lib/feature-slots.ts).
const DisplayConfigDrawer = slot('displayConfigDrawer');
const ScheduleEditorDrawer = slot('scheduleEditorDrawer');

type SortBy = 'start_at' | 'created_at' | 'name';
type Range = [Dayjs | null, Dayjs | null] | null;
const DATE_PARAM = 'YYYY-MM-DD';

/**
 * The meeting list (spec §2): server-side pagination, sorting and filters. The route is cached
 * (meta.cache), so filters and page survive a tab switch as plain component state.
 */
export default function MeetingListPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { hasAny } = usePermission();
  const organizations = useOrganizationTree(hasAny('organization:view'));

  const [organizationId, setOrganizationId] = useState<number | undefined>();
  const [range, setRange] = useState<Range>(null);
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [sort, setSort] = useState<{ by: SortBy; order: 'asc' | 'desc' }>({ by: 'start_at', order: 'desc' });

  const [viewing, setViewing] = useState<Meeting | null>(null);
  const [editing, setEditing] = useState<{ meeting: Meeting | null } | null>(null);
  const [displayFor, setDisplayFor] = useState<number | null>(null);
  const [scheduleFor, setScheduleFor] = useState<number | null>(null);

  const query: MeetingListQuery = {
    page,
    page_size: pageSize,
    sort_by: sort.by,
    sort_order: sort.order,
    ...(organizationId ? { organization_id: organizationId } : {}),
    // Calendar days: the server counts them in its time zone and matches the meetings held on any of them.
    ...(range?.[0] ? { date_from: range[0].format(DATE_PARAM) } : {}),
    ...(range?.[1] ? { date_to: range[1].format(DATE_PARAM) } : {}),
    ...(keyword ? { keyword } : {}),
  };
  const meetings = useMeetingPage(query);
  const remove = useDeleteMeeting();

  async function copy(page: 'sign-up' | 'check-in', meeting: Meeting) {
    if (await copyText(publicLink(page, meeting.public_id))) toast.success(t('message.copySuccess'));
  }

  async function confirmDelete(meeting: Meeting) {
    try {
      await remove.mutateAsync(meeting.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The HTTP client has shown the reason.
    }
  }

  const sortOrder = (key: SortBy) => (sort.by === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

  const columns: TableProps<Meeting>['columns'] = [
    {
      key: 'name',
      title: t('meetings.columns.name'),
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, meeting) => nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en),
    },
    {
      key: 'start_at',
      title: t('meetings.columns.time'),
      sorter: true,
      sortOrder: sortOrder('start_at'),
      width: 190,
      render: (_, meeting) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(meeting.start_at)}
          <br />
          {formatDateTime(meeting.end_at)}
        </span>
      ),
    },
    {
      key: 'location',
      title: t('meetings.columns.location'),
      render: (_, meeting) => nameIn(lang, meeting.location, meeting.location_cn, meeting.location_en),
    },
    {
      key: 'type',
      title: t('meetings.columns.type'),
      render: (_, meeting) => t(`meetings.types.${meeting.meeting_type}`),
    },
    { key: 'signup', title: t('meetings.columns.signupCount'), dataIndex: 'signup_count', align: 'right' },
    { key: 'checkin', title: t('meetings.columns.checkinCount'), dataIndex: 'checkin_count', align: 'right' },
    {
      key: 'actions',
      title: t('meetings.columns.actions'),
      // Always in view at the table's right edge, however narrow the screen.
      fixed: 'right',
      width: 340,
      render: (_, meeting) => (
        <Space size={[4, 0]} wrap data-testid="meeting-row-actions">
          <Button
            type="link"
            size="small"
            onClick={() => setViewing(meeting)}
            data-testid="meeting-view-button"
          >
            {t('meetings.actions.view')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => void copy('sign-up', meeting)}
            data-testid="copy-signup-link"
          >
            {t('meetings.actions.copySignup')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => void copy('check-in', meeting)}
            data-testid="copy-checkin-link"
          >
            {t('meetings.actions.copyCheckin')}
          </Button>
          <Auth value="meeting:edit">
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ meeting })}
              data-testid="meeting-edit-button"
            >
              {t('meetings.actions.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => setDisplayFor(meeting.id)}
              data-testid="meeting-display-button"
            >
              {t('meetings.actions.editDisplay')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => setScheduleFor(meeting.id)}
              data-testid="meeting-schedule-button"
            >
              {t('meetings.actions.editSchedule')}
            </Button>
            <Popconfirm
              title={t('meetings.actions.deleteConfirm')}
              onConfirm={() => confirmDelete(meeting)}
              okButtonProps={{ danger: true, 'data-testid': 'meeting-delete-confirm' }}
            >
              <Button type="link" size="small" danger data-testid="meeting-delete-button">
                {t('meetings.actions.delete')}
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  const onTableChange: TableProps<Meeting>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = single?.columnKey;
    if (single?.order && (key === 'name' || key === 'start_at')) {
      setSort({ by: key, order: single.order === 'ascend' ? 'asc' : 'desc' });
    } else {
      setSort({ by: 'start_at', order: 'desc' });
    }
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setPage(1);
    } else {
      setPage(pagination.current ?? 1);
    }
  };

  const view = useTableView(columns);

  return (
    <PageCard>
      <PageTitle>{t('route.meeting')}</PageTitle>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {hasAny('organization:view') && (
            <LazyTreeSelect
              allowClear
              showSearch
              treeDefaultExpandAll
              treeData={organizations.data ?? []}
              fieldNames={{ label: 'name', value: 'id', children: 'children' }}
              treeNodeFilterProp="name"
              value={organizationId}
              onChange={(value?: number) => {
                setOrganizationId(value ?? undefined);
                setPage(1);
              }}
              placeholder={t('meetings.organizationPlaceholder')}
              aria-label={t('meetings.organization')}
              style={{ width: 240 }}
              data-testid="meeting-filter-organization"
            />
          )}
          <LazyRangePicker
            value={range}
            onChange={(value) => {
              setRange(value);
              setPage(1);
            }}
            placeholder={[t('meetings.startTime'), t('meetings.endTime')]}
            allowEmpty={[true, true]}
            data-testid="meeting-filter-range"
          />
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('meetings.keywordPlaceholder')}
            aria-label={t('common.search')}
            value={keywordInput}
            onChange={(event) => {
              setKeywordInput(event.target.value);
              if (!event.target.value) {
                setKeyword('');
                setPage(1);
              }
            }}
            onPressEnter={() => {
              setKeyword(keywordInput.trim());
              setPage(1);
            }}
            style={{ width: 240 }}
            data-testid="meeting-search-input"
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => {
              setKeyword(keywordInput.trim());
              setPage(1);
            }}
            data-testid="meeting-search-button"
          >
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              setOrganizationId(undefined);
              setRange(null);
              setKeywordInput('');
              setKeyword('');
              setPage(1);
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
        <Auth value="meeting:edit">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ meeting: null })}
            data-testid="meeting-add"
          >
            {t('meetings.add')}
          </Button>
        </Auth>
      </Space>
      <ListToolbar
        view={view}
        total={meetings.data?.total}
        onRefresh={() => void meetings.refetch()}
        refreshing={meetings.isFetching}
      />
      <Table<Meeting>
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={meetings.data?.items ?? []}
        loading={meetings.isFetching}
        locale={{ emptyText: emptyTextFor(meetings) }}
        onChange={onTableChange}
        pagination={{
          current: page,
          pageSize,
          total: meetings.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
        }}
        scroll={{ x: 1100 }}
        data-testid="meeting-table"
      />
      {viewing !== null && (
        <Suspense fallback={null}>
          <MeetingViewDrawer meeting={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <MeetingFormDrawer open meeting={editing.meeting ?? null} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {scheduleFor !== null && (
        <Suspense fallback={null}>
          <ScheduleEditorDrawer meetingId={scheduleFor} open onClose={() => setScheduleFor(null)} />
        </Suspense>
      )}
      {displayFor !== null && (
        <Suspense fallback={null}>
          <DisplayConfigDrawer meetingId={displayFor} open onClose={() => setDisplayFor(null)} />
        </Suspense>
      )}
    </PageCard>
  );
}
