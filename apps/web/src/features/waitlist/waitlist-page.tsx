import { Suspense, useState } from 'react';
import { Button, Empty, Flex, Grid, Segmented, Table } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n.ts';
import { slot } from '../../lib/feature-slots.ts';
import { useMeetingChoices, useSessionChoices } from '../../lib/meeting-options.ts';
import { ExportButton } from '../../components/export-button.tsx';
import { ListToolbar, useListState, useTableView } from '../../components/list-toolbar.tsx';
import { emptyTextFor } from '../../components/load-error.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePermission } from '../../components/permission.tsx';
import {
  refreshAfterChange,
  useMeetingDetail,
  useWaitlistPage,
  type WaitlistAdminEntry,
} from './waitlist-api.ts';
import { exportPath, LIST_OPTIONS, listQuery, showsOffers } from './waitlist-logic.ts';
import { WaitlistSummary } from './components/waitlist-summary.tsx';
import { WaitlistPicker } from './components/waitlist-picker.tsx';
import { waitlistColumns } from './components/waitlist-columns.tsx';
import './i18n.ts';

// The settings are edited where they live: the meeting's form, the sessions' editor (app/slots/waitlist.ts).
const MeetingFormDrawer = slot('meetingFormDrawer');
const ScheduleEditorDrawer = slot('scheduleEditorDrawer');

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

  const canEditSettings = hasAny(scope === 'meeting' ? 'meeting:edit' : 'dictionary:edit');
  const closeEditor = () => {
    setEditing(false);
    if (meetingId !== null) refreshAfterChange(queryClient, meetingId);
  };

  const columns = waitlistColumns(t, {
    offers: Boolean(data && showsOffers(data)),
    showAll: filters.show === 'all',
    // Kept in view on wide screens; on a phone it would cover most of the table.
    actions:
      hasAny('guest:edit') && meetingId !== null && data
        ? { meetingId, seats: data, scope, fixed: Boolean(screens.md) }
        : null,
  });
  // Medium rows: the contact column is two lines high already.
  const view = useTableView(columns, 'medium');

  const emptyKey = filters.show === 'all' ? 'all' : data && !data.enabled ? 'off' : 'active';

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.waitlist')}</PageTitle>
        <WaitlistPicker
          meetings={meetings.data?.items}
          meetingsLoading={meetings.isLoading}
          meetingId={meetingId}
          meetingWaiting={meeting.data?.waiting_count ?? 0}
          sessions={sessions.data}
          sessionId={sessionId}
          onMeeting={(id: number) => list.setFilters({ meeting: id, session: undefined })}
          onList={(id: number) => list.setFilters({ session: id || undefined })}
        />
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
