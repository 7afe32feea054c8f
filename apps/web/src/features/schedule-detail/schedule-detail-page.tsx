import { useState } from 'react';
import { Empty, Progress, Select, Space, Table } from 'antd';
import type { TableProps } from 'antd';
import { nameIn } from '@meetflow/shared/languages';
import { ExportButton } from '../../components/export-button.tsx';
import { ListToolbar, useTableView } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { meetingOptions, useMeetingChoices } from '../../lib/meeting-options.ts';
import { usePermission } from '../../components/permission.tsx';
import { waitlistLink } from '../../lib/waitlist.ts';
import { WaitingCount } from '../../components/waiting-count.tsx';
import { EnrolledGuests } from './components/enrolled-guests.tsx';
import { scheduleExportPath, useSessionSummaries, type SessionSummary } from './schedule-detail-api.ts';
import './i18n.ts';

/** Per session of a meeting: enrolled guests, sign-ups against the limit, checked-in and inside counts (spec §2). */
export default function ScheduleDetailPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { hasAny } = usePermission();
  const meetings = useMeetingChoices();
  const [chosen, setChosen] = useState<number | null>(null);
  const meetingId = chosen ?? meetings.data?.items[0]?.id ?? null;
  const sessions = useSessionSummaries(meetingId);
  const canSeeWaitlist = hasAny('guest:view');

  const columns: TableProps<SessionSummary>['columns'] = [
    {
      key: 'name',
      title: t('scheduleDetail.session'),
      render: (_, s) => nameIn(lang, s.name, s.name_cn, s.name_en),
    },
    { key: 'date', title: t('scheduleDetail.date'), dataIndex: 'date', width: 120 },
    {
      key: 'time',
      title: t('scheduleDetail.timeSlot'),
      width: 130,
      render: (_, s) => (s.meeting_time ? `${s.meeting_time.start_time}–${s.meeting_time.end_time}` : '—'),
    },
    {
      key: 'enrolled',
      title: t('scheduleDetail.enrolled'),
      width: 200,
      render: (_, s) =>
        s.signup_limit === 0 ? (
          `${s.signup_count} / ${t('scheduleDetail.unlimited')}`
        ) : (
          <Space orientation="vertical" size={0} style={{ width: '100%' }}>
            <span>
              {s.signup_count} / {s.signup_limit}
            </span>
            <Progress
              percent={Math.round((s.signup_count / s.signup_limit) * 100)}
              size="small"
              showInfo={false}
              status={s.signup_count >= s.signup_limit ? 'exception' : 'normal'}
            />
          </Space>
        ),
    },
    {
      key: 'checked_in',
      title: t('scheduleDetail.checkedIn'),
      dataIndex: 'checked_in',
      width: 100,
      align: 'right',
    },
    { key: 'inside', title: t('scheduleDetail.inside'), dataIndex: 'inside', width: 90, align: 'right' },
    {
      key: 'waiting',
      title: t('scheduleDetail.waiting'),
      width: 100,
      align: 'right',
      render: (_, s) => (
        <WaitingCount
          list={s}
          link={canSeeWaitlist && meetingId !== null ? waitlistLink(meetingId, s.id) : undefined}
          testId={`schedule-waiting-${s.id}`}
        />
      ),
    },
  ];

  const view = useTableView(columns);

  return (
    <PageCard>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.scheduleDetail')}</PageTitle>
        {meetingId !== null && hasAny('schedule:export') && (
          <ExportButton
            type="primary"
            path={scheduleExportPath(meetingId)}
            fallbackName="schedule-detail.xlsx"
            label={t('scheduleDetail.export')}
            data-testid="schedule-export"
          />
        )}
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 300, maxWidth: '100%' }}
          placeholder={t('scheduleDetail.selectMeeting')}
          loading={meetings.isLoading}
          value={meetingId ?? undefined}
          options={meetingOptions(meetings.data?.items)}
          onChange={(id: number) => setChosen(id)}
          aria-label={t('scheduleDetail.meeting')}
          data-testid="schedule-detail-meeting"
        />
      </Space>
      <ListToolbar
        view={view}
        total={sessions.data?.length}
        onRefresh={() => void sessions.refetch()}
        refreshing={sessions.isFetching}
      />
      <Table<SessionSummary>
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={sessions.data ?? []}
        loading={sessions.isFetching}
        pagination={false}
        expandable={{ expandedRowRender: (s) => <EnrolledGuests scheduleId={s.id} /> }}
        locale={{
          emptyText: emptyTextFor(sessions, <Empty description={t('message.noSchedule')} />),
        }}
        scroll={{ x: 760 }}
        data-testid="schedule-detail-table"
      />
    </PageCard>
  );
}
