import { lazy, Suspense, useState } from 'react';
import { Button, DatePicker, Empty, Input, Select, Space, Table, Tag } from 'antd';
import type { TableProps } from 'antd';
import { EditOutlined, ScanOutlined, WarningOutlined } from '@ant-design/icons';
import { DAY_END_STATION, MANUAL_STATION } from '@meetflow/shared/schemas/attendance';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import {
  ListToolbar,
  useTableView,
  field,
  useDraft,
  useListState,
  asInstant,
  usePickerRange,
  type PickerRange,
} from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { dayjs } from '../../lib/dayjs.ts'; // with the date picker's locales
import { emptyTextFor } from '../../components/load-error.tsx';
import { Auth, AuthAll } from '../../components/permission.tsx';
import { ExportButton } from '../../components/export-button.tsx';
import { recordExportPath, useConflictCount, useRecordPage } from './attendance-api.ts';
import type {
  AttendanceRecord,
  AttendanceStatus,
  RecordQuery,
  ScanType,
} from '../../lib/attendance-types.ts';
import {
  meetingOptions,
  sessionOptions,
  useMeetingChoices,
  useSessionChoices,
} from '../../lib/meeting-options.ts';
import { STATION_PATH } from '../../lib/station-lock.ts';
import { ScanSetupDialog } from './components/scan-setup-dialog.tsx';
import { readStation, setupDefaults, writeStation, type StationSettings } from './scan-station.ts';
import { unlockAudio } from './scan-tone.ts';
import { StatsPanel } from '../../components/stats-panel.tsx';
import './i18n.ts';

const ConflictsDrawer = lazy(() => import('./components/conflicts-drawer.tsx'));
const ManualScanDialog = lazy(() =>
  import('./components/manual-scan-dialog.tsx').then((m) => ({ default: m.ManualScanDialog })),
);

const instants = { read: (ms: number) => dayjs(ms), write: asInstant };
const STATUSES: AttendanceStatus[] = ['checked_in', 'not_checked_in', 'left'];

/** Stations the server names (an organiser's desk, the exit at a day's end), in the reader's language. */
const SYSTEM_STATIONS: Partial<Record<string, string>> = {
  [MANUAL_STATION]: 'attendance.records.manualStation',
  [DAY_END_STATION]: 'attendance.records.dayEndStation',
};

/**
 * Entry and exit records (spec §2) with the door station's scan mode. Meeting, page and filters are
 * in the URL; the route is cached, so they survive a tab switch. The scan screen covers the whole
 * window while it is open.
 */
export default function RecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meetings = useMeetingChoices();
  const [station, setStation] = useState<StationSettings>(readStation);
  const [setupOpen, setSetupOpen] = useState(false);
  const [conflictsOpen, setConflictsOpen] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);

  const list = useListState({
    filters: {
      meeting: field.number(),
      session: field.number(),
      type: field.enum(['in', 'out'] as const),
      status: field.enum(STATUSES),
      station: field.string(),
      range: field.timeRange(),
    },
    sizes: [20, 50, 100],
    defaultSize: 20,
  });
  const { page, size: pageSize, filters } = list;
  // Until one is chosen: the station's meeting, else the first.
  const meetingId = filters.meeting ?? station.meetingId ?? meetings.data?.items[0]?.id ?? null;
  const { session: scheduleId, type, status } = filters;
  const stationFilter = filters.station ?? '';
  const [stationInput, setStationInput] = useDraft(stationFilter);
  const [rangeFrom, rangeTo] = filters.range ?? [];
  const [range, pickRange] = usePickerRange(filters.range, instants);
  const sessions = useSessionChoices(meetingId);

  const query: RecordQuery | null =
    meetingId === null
      ? null
      : {
          page,
          page_size: pageSize,
          meeting_id: meetingId,
          ...(scheduleId ? { schedule_id: scheduleId } : {}),
          ...(type ? { type } : {}),
          ...(status ? { status } : {}),
          ...(stationFilter ? { station: stationFilter } : {}),
          ...(rangeFrom ? { from: rangeFrom } : {}),
          ...(rangeTo ? { to: rangeTo } : {}),
        };
  const records = useRecordPage(query);

  const conflicts = useConflictCount(meetingId);

  /** The station is a page of its own (it opens offline); the records list stays as it was. */
  function startScan(settings: StationSettings) {
    unlockAudio();
    writeStation(settings);
    setStation(settings);
    setSetupOpen(false);
    // A real full screen where the browser allows it.
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
    void navigate(STATION_PATH);
  }

  const columns: TableProps<AttendanceRecord>['columns'] = [
    {
      key: 'time',
      title: t('attendance.records.time'),
      width: 180,
      render: (_, row) => formatDateTime(row.created_at),
    },
    { key: 'guest', title: t('attendance.records.guest'), dataIndex: 'guest_name' },
    {
      key: 'type',
      title: t('attendance.records.type'),
      width: 100,
      render: (_, row) => (
        <Tag color={row.type === 'in' ? 'green' : 'blue'}>{t(`attendance.directions.${row.type}`)}</Tag>
      ),
    },
    {
      key: 'session',
      title: t('attendance.records.session'),
      render: (_, row) => row.schedule_name ?? t('attendance.wholeMeeting'),
    },
    {
      key: 'station',
      title: t('attendance.records.station'),
      render: (_, row) => {
        const named = SYSTEM_STATIONS[row.station];
        return named ? t(named) : row.station;
      },
    },
    {
      key: 'operator',
      title: t('attendance.records.operator'),
      render: (_, row) => row.operator_name ?? '—',
    },
  ];

  const view = useTableView(columns);

  return (
    <PageCard>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.records')}</PageTitle>
        <Space wrap>
          {(conflicts.data ?? 0) > 0 && (
            <Button
              danger
              icon={<WarningOutlined />}
              onClick={() => setConflictsOpen(true)}
              data-testid="records-conflicts"
            >
              {t('attendance.records.conflicts', { count: conflicts.data })}
            </Button>
          )}
          {query !== null && (
            // The file carries phone numbers: the guest export's permission too, as the server asks.
            <AuthAll value={['records:view', 'guest:export']}>
              <ExportButton
                path={recordExportPath(query)}
                fallbackName="attendance.xlsx"
                label={t('attendance.records.export')}
                data-testid="records-export"
              />
            </AuthAll>
          )}
          <Auth value="records:scan">
            <Space wrap>
              <Button
                icon={<EditOutlined />}
                disabled={meetingId === null}
                onClick={() => setManualOpen(true)}
                data-testid="records-manual"
              >
                {t('attendance.records.manual')}
              </Button>
              <Button
                type="primary"
                icon={<ScanOutlined />}
                onClick={() => {
                  unlockAudio();
                  setSetupOpen(true);
                }}
                data-testid="scan-mode-open"
              >
                {t('attendance.startScan')}
              </Button>
            </Space>
          </Auth>
        </Space>
      </Space>

      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 260, maxWidth: '100%' }}
          placeholder={t('attendance.selectMeeting')}
          loading={meetings.isLoading}
          value={meetingId ?? undefined}
          options={meetingOptions(meetings.data?.items)}
          onChange={(id: number) => list.setFilters({ meeting: id, session: undefined })}
          aria-label={t('attendance.meeting')}
          data-testid="records-meeting"
        />
        <Select
          allowClear
          style={{ width: 220, maxWidth: '100%' }}
          placeholder={t(sessions.isError ? 'attendance.sessionsFailed' : 'attendance.wholeMeeting')}
          status={sessions.isError ? 'error' : undefined}
          value={scheduleId}
          options={sessionOptions(sessions.data)}
          onChange={(value?: number) => list.setFilters({ session: value })}
          aria-label={t('attendance.session')}
          data-testid="records-session"
        />
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('attendance.direction')}
          value={type}
          options={(['in', 'out'] as const).map((d) => ({
            value: d,
            label: t(`attendance.directions.${d}`),
          }))}
          onChange={(value?: ScanType) => list.setFilters({ type: value })}
          aria-label={t('attendance.direction')}
          data-testid="records-type"
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('attendance.records.status')}
          value={status}
          options={STATUSES.map((s) => ({ value: s, label: t(`attendance.records.statuses.${s}`) }))}
          onChange={(value?: AttendanceStatus) => list.setFilters({ status: value })}
          aria-label={t('attendance.records.status')}
          data-testid="records-status"
        />
        <DatePicker.RangePicker
          showTime
          value={range}
          onChange={(value: PickerRange) => list.setFilters({ range: pickRange(value) })}
          allowEmpty={[true, true]}
          aria-label={t('attendance.records.timeRange')}
          data-testid="records-range"
        />
        <Input.Search
          allowClear
          style={{ width: 200 }}
          placeholder={t('attendance.records.stationFilter')}
          value={stationInput}
          onChange={(event) => {
            setStationInput(event.target.value);
            if (!event.target.value) list.setFilters({ station: undefined });
          }}
          onSearch={(value) => list.setFilters({ station: value.trim() })}
          aria-label={t('attendance.records.stationFilter')}
          data-testid="records-station"
        />
      </Space>

      {meetingId !== null && (
        <div style={{ marginBottom: 16 }}>
          <StatsPanel meetingId={meetingId} scheduleId={scheduleId ?? null} />
        </div>
      )}

      <ListToolbar
        view={view}
        total={records.data?.total}
        onRefresh={() => void records.refetch()}
        refreshing={records.isFetching}
      />
      <Table<AttendanceRecord>
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={records.data?.items ?? []}
        loading={records.isFetching}
        locale={{
          emptyText: emptyTextFor(records, <Empty description={t('message.noData')} />),
        }}
        onChange={(pagination) => list.setPage(pagination.current ?? 1, pagination.pageSize)}
        pagination={{
          current: page,
          pageSize,
          total: records.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('attendance.records.total', { count: total }),
          pageSizeOptions: [20, 50, 100],
        }}
        scroll={{ x: 800 }}
        data-testid="records-table"
      />

      {setupOpen && (
        <ScanSetupDialog
          initial={setupDefaults(station, { meetingId, scheduleId: scheduleId ?? null })}
          onStart={startScan}
          onCancel={() => setSetupOpen(false)}
        />
      )}
      {manualOpen && meetingId !== null && (
        <Suspense fallback={null}>
          <ManualScanDialog
            meetingId={meetingId}
            scheduleId={scheduleId ?? null}
            onClose={() => setManualOpen(false)}
          />
        </Suspense>
      )}
      {conflictsOpen && meetingId !== null && (
        <Suspense fallback={null}>
          <ConflictsDrawer meetingId={meetingId} onClose={() => setConflictsOpen(false)} />
        </Suspense>
      )}
    </PageCard>
  );
}
