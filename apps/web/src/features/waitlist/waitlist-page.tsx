import { Suspense, useState } from 'react';
import { Button, Empty, Flex, Grid, Segmented, Select, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Language } from '@meetflow/shared/languages';
import { formatPhone } from '@meetflow/shared/phone';
import { formatDateTime } from '../../lib/date-time.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { slot } from '../../lib/feature-slots.ts';
import {
  meetingOptions,
  sessionLabel,
  useMeetingChoices,
  useSessionChoices,
} from '../../lib/meeting-options.ts';
import { ExportButton } from '../../components/export-button.tsx';
import { LANGUAGE_NAMES } from '../../components/lang-switch.tsx';
import { ListToolbar, useListState, useTableView } from '../../components/list-toolbar.tsx';
import { emptyTextFor } from '../../components/load-error.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePermission } from '../../components/permission.tsx';
import { EntryActions } from './components/entry-actions.tsx';
import {
  refreshAfterChange,
  useMeetingDetail,
  useWaitlistPage,
  type WaitlistAdminEntry,
} from './waitlist-api.ts';
import {
  exportPath,
  isActive,
  LIST_OPTIONS,
  listQuery,
  showsOffers,
  STATUS_COLORS,
} from './waitlist-logic.ts';
import { WaitlistSummary } from './components/waitlist-summary.tsx';
import './i18n.ts';

// The settings are edited where they live: the meeting's form, the sessions' editor (app/slots/waitlist.ts).
const MeetingFormDrawer = slot('meetingFormDrawer');
const ScheduleEditorDrawer = slot('scheduleEditorDrawer');

/** To the minute: the seconds only widen the table. */
const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms).slice(0, 16));

/**
 * The waiting list of a meeting or of one of its sessions (issue 19): who is in line and in what
 * order, offers pending, what became of the others, and the organiser's promotion and removal. The
 * meeting, the list, the view and the page are in the URL.
 */
export default function WaitlistPage() {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const meetings = useMeetingChoices();
  const list = useListState(LIST_OPTIONS);
  const { page, size, filters } = list;
  const meetingId = filters.meeting ?? meetings.data?.items[0]?.id ?? null;
  const sessionId = filters.session ?? 0;
  const scope = sessionId === 0 ? 'meeting' : 'session';
  const meeting = useMeetingDetail(meetingId);
  const sessions = useSessionChoices(meetingId);
  const waitlist = useWaitlistPage(meetingId, listQuery(page, size, filters));
  const data = waitlist.data;
  const [editing, setEditing] = useState(false);

  const waitingSuffix = (count: number) => (count > 0 ? t('waitlist.waitingSuffix', { count }) : '');
  const listOptions = [
    { value: 0, label: t('waitlist.meetingList') + waitingSuffix(meeting.data?.waiting_count ?? 0) },
    ...(sessions.data ?? []).map((s) => ({
      value: s.id,
      label: sessionLabel(s) + waitingSuffix(s.waiting_count),
    })),
  ];

  const canEditSettings = hasAny(scope === 'meeting' ? 'meeting:edit' : 'dictionary:edit');
  const closeEditor = () => {
    setEditing(false);
    if (meetingId !== null) refreshAfterChange(queryClient, meetingId);
  };

  const columns: TableProps<WaitlistAdminEntry>['columns'] = [
    {
      key: 'position',
      title: t('waitlist.columns.position'),
      width: 72,
      align: 'right',
      render: (_, entry) => entry.position ?? '—',
    },
    { key: 'name', title: t('waitlist.columns.name'), dataIndex: 'display_name' },
    {
      key: 'contact',
      title: t('waitlist.columns.contact'),
      render: (_, entry) => (
        <>
          <div style={{ whiteSpace: 'nowrap' }}>{formatPhone(entry.phone, entry.area_code)}</div>
          {entry.email && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {entry.email}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'language',
      title: t('waitlist.columns.language'),
      render: (_, entry) => LANGUAGE_NAMES[entry.language as Language] ?? entry.language,
    },
    {
      key: 'status',
      title: t('waitlist.columns.status'),
      render: (_, entry) => (
        <Tag color={STATUS_COLORS[entry.status]} data-testid={`waitlist-status-${entry.id}`}>
          {t(`waitlist.statuses.${entry.status}`)}
        </Tag>
      ),
    },
    {
      key: 'joined_at',
      title: t('waitlist.columns.joinedAt'),
      render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{when(entry.joined_at)}</span>,
    },
  ];
  if (data && showsOffers(data)) {
    columns.push({
      key: 'offer_expires_at',
      title: t('waitlist.columns.offerExpires'),
      // An open offer's deadline, or the one that lapsed; once decided otherwise it no longer matters.
      render: (_, entry) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {entry.status === 'offered' || entry.status === 'expired' ? when(entry.offer_expires_at) : '—'}
        </span>
      ),
    });
  }
  if (filters.show === 'all') {
    columns.push({
      key: 'decided',
      title: t('waitlist.columns.decided'),
      render: (_, entry) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {when(entry.decided_at)}
          {entry.decided_by && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('waitlist.decidedBy', { name: entry.decided_by })}
            </Typography.Text>
          )}
        </span>
      ),
    });
  }
  if (hasAny('guest:edit') && meetingId !== null && data) {
    columns.push({
      key: 'actions',
      title: t('waitlist.columns.actions'),
      // Kept in view on wide screens; on a phone it would cover most of the table.
      fixed: screens.md ? 'right' : undefined,
      width: 180,
      render: (_, entry) =>
        isActive(entry.status) && (
          <EntryActions meetingId={meetingId} entry={entry} seats={data} scope={scope} />
        ),
    });
  }
  // Medium rows: the contact column is two lines high already.
  const view = useTableView(columns, 'medium');

  const emptyKey = filters.show === 'all' ? 'all' : data && !data.enabled ? 'off' : 'active';

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.waitlist')}</PageTitle>
        <Flex wrap gap={8}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 280, maxWidth: '100%' }}
            placeholder={t('waitlist.selectMeeting')}
            loading={meetings.isLoading}
            value={meetingId ?? undefined}
            options={meetingOptions(meetings.data?.items)}
            onChange={(id: number) => list.setFilters({ meeting: id, session: undefined })}
            aria-label={t('waitlist.meeting')}
            data-testid="waitlist-meeting"
          />
          {listOptions.length > 1 && (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 280, maxWidth: '100%' }}
              value={sessionId}
              options={listOptions}
              onChange={(id: number) => list.setFilters({ session: id || undefined })}
              aria-label={t('waitlist.list')}
              data-testid="waitlist-session"
            />
          )}
        </Flex>
      </Flex>
      {meetingId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={t(meetings.isLoading ? 'waitlist.selectMeeting' : 'waitlist.pickMeeting')}
          data-testid="waitlist-no-meeting"
        />
      ) : (
        <>
          <WaitlistSummary
            data={data}
            loading={waitlist.isLoading}
            ofSession={scope === 'session'}
            editButton={
              // The meeting's form opens with the meeting as it is now: not before it has loaded.
              canEditSettings &&
              (scope === 'session' || meeting.data) && (
                <Button
                  icon={<EditOutlined />}
                  onClick={() => setEditing(true)}
                  data-testid="waitlist-edit-settings"
                >
                  {t(scope === 'meeting' ? 'waitlist.settings.editMeeting' : 'waitlist.settings.editSession')}
                </Button>
              )
            }
          />
          <ListToolbar
            view={view}
            total={data?.total}
            onRefresh={() => void waitlist.refetch()}
            refreshing={waitlist.isFetching}
          >
            <Segmented
              value={filters.show ?? 'active'}
              options={(['active', 'all'] as const).map((show) => ({
                value: show,
                label: t(`waitlist.show.${show}`),
              }))}
              onChange={(show) => list.setFilters({ show: show === 'all' ? 'all' : undefined })}
              data-testid="waitlist-show"
            />
            {hasAny('guest:export') && (
              <ExportButton
                path={exportPath(meetingId, sessionId)}
                fallbackName="waiting-list.xlsx"
                label={t('waitlist.export')}
                data-testid="waitlist-export"
              />
            )}
          </ListToolbar>
          <Table<WaitlistAdminEntry>
            rowKey="id"
            size={view.size}
            columns={view.columns}
            dataSource={data?.items ?? []}
            loading={waitlist.isFetching}
            pagination={{
              current: page,
              pageSize: size,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [...LIST_OPTIONS.sizes],
              onChange: (next, nextSize) => list.setPage(next, nextSize),
            }}
            locale={{
              emptyText: emptyTextFor(waitlist, <Empty description={t(`waitlist.empty.${emptyKey}`)} />),
            }}
            scroll={{ x: 'max-content' }}
            data-testid="waitlist-table"
          />
        </>
      )}
      {editing && meetingId !== null && (
        <Suspense fallback={null}>
          {scope === 'meeting' && meeting.data ? (
            <MeetingFormDrawer meeting={meeting.data} open onClose={closeEditor} />
          ) : (
            <ScheduleEditorDrawer meetingId={meetingId} open onClose={closeEditor} />
          )}
        </Suspense>
      )}
    </PageCard>
  );
}
