import { DatePicker, Input, Select, Space } from 'antd';
import type { PickerRange } from '../../../components/list-toolbar.tsx';
import type { AttendanceStatus, ScanType } from '../../../lib/attendance-types.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { meetingOptions, sessionOptions } from '../../../lib/meeting-options.ts';
import { RECORD_STATUSES, type RecordListState } from '../use-record-list.ts';

/** The records list's meeting choice and filters: session, direction, status, time and station. */
export function RecordFilterBar({ state }: { state: RecordListState }) {
  const { t } = useTranslation();
  const { list, meetings, sessions } = state;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 260, maxWidth: '100%' }}
        placeholder={t('attendance.selectMeeting')}
        loading={meetings.isLoading}
        value={state.meetingId ?? undefined}
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
        value={state.scheduleId}
        options={sessionOptions(sessions.data)}
        onChange={(value?: number) => list.setFilters({ session: value })}
        aria-label={t('attendance.session')}
        data-testid="records-session"
      />
      <Select
        allowClear
        style={{ width: 120 }}
        placeholder={t('attendance.direction')}
        value={state.type}
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
        value={state.status}
        options={RECORD_STATUSES.map((s) => ({ value: s, label: t(`attendance.records.statuses.${s}`) }))}
        onChange={(value?: AttendanceStatus) => list.setFilters({ status: value })}
        aria-label={t('attendance.records.status')}
        data-testid="records-status"
      />
      <DatePicker.RangePicker
        showTime
        value={state.range}
        onChange={(value: PickerRange) => list.setFilters({ range: state.pickRange(value) })}
        allowEmpty={[true, true]}
        aria-label={t('attendance.records.timeRange')}
        data-testid="records-range"
      />
      <Input.Search
        allowClear
        style={{ width: 200 }}
        placeholder={t('attendance.records.stationFilter')}
        value={state.stationInput}
        onChange={(event) => {
          state.setStationInput(event.target.value);
          if (!event.target.value) list.setFilters({ station: undefined });
        }}
        onSearch={(value) => list.setFilters({ station: value.trim() })}
        aria-label={t('attendance.records.stationFilter')}
        data-testid="records-station"
      />
    </Space>
  );
}
