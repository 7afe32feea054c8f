import { useState } from 'react';
import { Drawer, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { ScanConflict } from '@meetflow/shared/schemas/offline-door';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { useConflictPage } from '../attendance-api.ts';
import '../i18n.ts';

const PAGE_SIZE = 20;

/**
 * Offline scans that no longer fitted when their station uploaded them (the same guest at two
 * offline doors, a guest cancelled meanwhile): kept, outside the scan log, for the organiser.
 */
export default function ConflictsDrawer({ meetingId, onClose }: { meetingId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const conflicts = useConflictPage(meetingId, page, PAGE_SIZE);

  const columns: TableProps<ScanConflict>['columns'] = [
    {
      key: 'scanned',
      title: t('attendance.records.scannedAt'),
      render: (_, row) => formatDateTime(row.scanned_at),
    },
    { key: 'guest', title: t('attendance.records.guest'), dataIndex: 'guest_name' },
    {
      key: 'type',
      title: t('attendance.records.type'),
      render: (_, row) => (
        <Tag color={row.type === 'in' ? 'green' : 'blue'}>{t(`attendance.directions.${row.type}`)}</Tag>
      ),
    },
    {
      key: 'reason',
      title: t('attendance.records.reason'),
      render: (_, row) => t(`attendance.records.reasons.${row.reason}`),
    },
    { key: 'station', title: t('attendance.records.station'), dataIndex: 'station' },
    {
      key: 'operator',
      title: t('attendance.records.operator'),
      render: (_, row) => row.operator_name ?? '—',
    },
    {
      key: 'uploaded',
      title: t('attendance.records.uploadedAt'),
      render: (_, row) => formatDateTime(row.uploaded_at),
    },
  ];

  return (
    <Drawer
      open
      size="large"
      title={t('attendance.records.conflictsTitle')}
      onClose={onClose}
      data-testid="conflicts-drawer"
    >
      <Typography.Paragraph type="secondary">{t('attendance.records.conflictsHelp')}</Typography.Paragraph>
      <Table<ScanConflict>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={conflicts.data?.items}
        loading={conflicts.isFetching}
        locale={{ emptyText: emptyTextFor(conflicts) }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: conflicts.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="conflicts-table"
      />
    </Drawer>
  );
}
