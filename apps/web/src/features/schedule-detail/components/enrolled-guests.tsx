import { useState } from 'react';
import { Empty, Table, Tag } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { statusColor } from '../../../lib/attendance-types.ts';
import { useEnrolledGuests, type EnrolledGuest } from '../schedule-detail-api.ts';
import '../i18n.ts';

const time = (value: number | null) => (value === null ? '—' : formatDateTime(value));

/** The guests enrolled in one session, paged by the server (a session can hold thousands). */
export function EnrolledGuests({ scheduleId }: { scheduleId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const guests = useEnrolledGuests(scheduleId, page, pageSize);
  return (
    <Table<EnrolledGuest>
      rowKey="guest_id"
      size="small"
      dataSource={guests.data?.items ?? []}
      loading={guests.isFetching}
      locale={{
        emptyText: emptyTextFor(guests, <Empty description={t('scheduleDetail.noGuests')} />),
      }}
      pagination={{
        current: page,
        pageSize,
        total: guests.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: (next, size) => {
          setPage(size !== pageSize ? 1 : next);
          setPageSize(size);
        },
      }}
      scroll={{ x: 640 }}
      columns={[
        { key: 'name', title: t('scheduleDetail.guest'), dataIndex: 'display_name' },
        { key: 'type', title: t('scheduleDetail.userType'), render: (_, g) => g.user_type_name ?? '—' },
        {
          key: 'status',
          title: t('scheduleDetail.status'),
          render: (_, g) => (
            <Tag color={statusColor(g.status)}>{t(`scheduleDetail.statuses.${g.status}`)}</Tag>
          ),
        },
        { key: 'enrolled', title: t('scheduleDetail.enrolledAt'), render: (_, g) => time(g.enrolled_at) },
        { key: 'in', title: t('scheduleDetail.lastInAt'), render: (_, g) => time(g.last_in_at) },
        { key: 'out', title: t('scheduleDetail.lastOutAt'), render: (_, g) => time(g.last_out_at) },
      ]}
      data-testid={`enrolled-guests-${scheduleId}`}
    />
  );
}
