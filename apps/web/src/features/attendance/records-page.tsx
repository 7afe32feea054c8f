import { lazy, Suspense, useState } from 'react';
import { Empty, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { ListToolbar, useTableView } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { emptyTextFor } from '../../components/load-error.tsx';
import { useConflictCount } from './attendance-api.ts';
import type { AttendanceRecord } from '../../lib/attendance-types.ts';
import { STATION_PATH } from '../../lib/station-lock.ts';
import { recordColumns } from './components/record-columns.tsx';
import { RecordFilterBar } from './components/record-filter-bar.tsx';
import { RecordsActions } from './components/records-actions.tsx';
import { ScanSetupDialog } from './components/scan-setup-dialog.tsx';
import { readStation, setupDefaults, writeStation, type StationSettings } from './scan-station.ts';
import { unlockAudio } from './scan-tone.ts';
import { useRecordList } from './use-record-list.ts';
import { StatsPanel } from '../../components/stats-panel.tsx';
import './i18n.ts';

const ConflictsDrawer = lazy(() => import('./components/conflicts-drawer.tsx'));
const ManualScanDialog = lazy(() =>
  import('./components/manual-scan-dialog.tsx').then((m) => ({ default: m.ManualScanDialog })),
);

/**
 * Entry and exit records (spec §2) with the door station's scan mode. Meeting, page and filters are
 * in the URL; the route is cached, so they survive a tab switch. The scan screen covers the whole
 * window while it is open.
 */
export default function RecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [station, setStation] = useState<StationSettings>(readStation);
  const [setupOpen, setSetupOpen] = useState(false);
  const [conflictsOpen, setConflictsOpen] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const state = useRecordList(station.meetingId);
  const { list, meetingId, scheduleId, query, records } = state;
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

  const view = useTableView(recordColumns(t));

  return (
    <PageCard>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.records')}</PageTitle>
        <RecordsActions
          conflicts={conflicts.data}
          query={query}
          onConflicts={() => setConflictsOpen(true)}
          onManual={() => setManualOpen(true)}
          onScan={() => {
            unlockAudio();
            setSetupOpen(true);
          }}
        />
      </Space>

      <RecordFilterBar state={state} />

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
          current: list.page,
          pageSize: list.size,
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
