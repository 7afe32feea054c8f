import { Tag } from 'antd';
import type { TableProps } from 'antd';
import { DAY_END_STATION, MANUAL_STATION } from '@meetflow/shared/schemas/attendance';
import type { AttendanceRecord } from '../../../lib/attendance-types.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import type { TFunction } from '../../../lib/i18n.ts';

/** Stations the server names (an organiser's desk, the exit at a day's end), in the reader's language. */
const SYSTEM_STATIONS: Partial<Record<string, string>> = {
  [MANUAL_STATION]: 'attendance.records.manualStation',
  [DAY_END_STATION]: 'attendance.records.dayEndStation',
};

/** The records table's columns: time, guest, direction, session, station and operator. */
export function recordColumns(t: TFunction): NonNullable<TableProps<AttendanceRecord>['columns']> {
  return [
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
}
