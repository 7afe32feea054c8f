import { Suspense, useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { MANUAL_STATION } from '@meetflow/shared/schemas/attendance';
import { useTranslation } from '../../../lib/i18n.ts';
import { Auth } from '../../../components/permission.tsx';
import { slot } from '../../../lib/feature-slots.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { GUEST_FIELDS } from '../guest-columns.ts';
import { fetchGuestPersonalData, useGuestDetail, useWithdrawGuest } from '../guests-api.ts';
import { savePersonalData } from '../personal-data.ts';
import type { GuestEnrolment, GuestScan } from '../guests-types.ts';
import { statusColor } from '../../../lib/attendance-types.ts';
import { guestFieldText } from '../guest-text.ts';
import { GuestMessages } from './guest-messages.tsx';
import '../i18n.ts';

const time = (value: number | null) => (value === null ? '—' : formatDateTime(value));

// The desk's check-in/out dialog, shared with the records page; loaded when first opened.
const ManualScanDialog = slot('manualScanDialog');

/** One guest: every field of their sign-up, their sessions with attendance times, their scans and their mail. */
export function GuestDetailDrawer({ guestId, onClose }: { guestId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useGuestDetail(guestId);
  const guest = detail.data;
  const [manual, setManual] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const withdraw = useWithdrawGuest();

  // On the guest's request (issue 20): their own copy, as the JSON file their guest page would give them.
  async function download() {
    setDownloading(true);
    try {
      const data = await fetchGuestPersonalData(guestId);
      savePersonalData(guestId, data);
      toast.success(t('guests.personalData.downloaded'));
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setDownloading(false);
    }
  }

  async function confirmWithdraw() {
    try {
      await withdraw.mutateAsync(guestId);
      toast.success(t('guests.personalData.withdrawn'));
      // The guest has left the list; nothing of theirs is left to show.
      onClose();
    } catch {
      // The HTTP client has shown the reason.
    }
  }

  return (
    <Drawer
      open
      title={t('guests.detailTitle')}
      onClose={onClose}
      size={720}
      data-testid="guest-detail"
      extra={
        guest && (
          <Space wrap size={8}>
            <Auth value="records:scan">
              <Button onClick={() => setManual(true)} data-testid="guest-manual-scan">
                {t('guests.manualScan')}
              </Button>
            </Auth>
            <Auth value="guest:export">
              <Button
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void download()}
                data-testid="guest-personal-data"
              >
                {t('guests.personalData.download')}
              </Button>
            </Auth>
            <Auth value="guest:edit">
              <Popconfirm
                title={t('guests.personalData.withdrawTitle')}
                description={
                  <Typography.Paragraph style={{ maxWidth: 360, margin: 0 }}>
                    {t('guests.personalData.withdrawBody')}
                  </Typography.Paragraph>
                }
                okText={t('guests.personalData.withdrawOk')}
                onConfirm={() => confirmWithdraw()}
                okButtonProps={{ danger: true, 'data-testid': 'guest-withdraw-confirm' }}
              >
                <Button danger loading={withdraw.isPending} data-testid="guest-withdraw">
                  {t('guests.personalData.withdraw')}
                </Button>
              </Popconfirm>
            </Auth>
          </Space>
        )
      }
    >
      {manual && guest && (
        <Suspense fallback={null}>
          <ManualScanDialog
            meetingId={guest.meeting_id}
            scheduleId={null}
            guestCode={guest.guest_code}
            onClose={() => setManual(false)}
          />
        </Suspense>
      )}
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={t('http.unanswered')} />}
      {guest && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
            <Descriptions.Item label={t('guests.fields.guestCode')}>
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {guest.guest_code}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('guests.fields.status')}>
              <Tag color={statusColor(guest.status)}>{t(`guests.statuses.${guest.status}`)}</Tag>
            </Descriptions.Item>
            {GUEST_FIELDS[guest.meeting_type].map((field) => (
              <Descriptions.Item key={field.key} label={t(`guests.fields.${field.label}`)}>
                {guestFieldText(guest, field.key, t)}
              </Descriptions.Item>
            ))}
            {guest.meeting_type === 'date_schedule' && guest.other && (
              <Descriptions.Item label={t('guests.fields.other')}>{guest.other}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('guests.fields.signedUpAt')}>
              {time(guest.created_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('guests.fields.firstInAt')}>
              {time(guest.first_in_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('guests.fields.lastInAt')}>
              {time(guest.last_in_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('guests.fields.lastOutAt')}>
              {time(guest.last_out_at)}
            </Descriptions.Item>
          </Descriptions>

          {guest.meeting_type === 'date_schedule' && (
            <>
              <Typography.Title level={5}>{t('guests.enrolments')}</Typography.Title>
              <Table<GuestEnrolment>
                rowKey="schedule_id"
                size="small"
                pagination={false}
                dataSource={guest.enrolments}
                locale={{ emptyText: <Empty description={t('guests.noEnrolments')} /> }}
                scroll={{ x: 560 }}
                style={{ marginBottom: 24 }}
                columns={[
                  {
                    key: 'name',
                    title: t('guests.session'),
                    render: (_, e) => `${e.schedule_name} (${e.date})`,
                  },
                  {
                    key: 'first',
                    title: t('guests.fields.firstInAt'),
                    render: (_, e) => time(e.first_in_at),
                  },
                  { key: 'in', title: t('guests.fields.lastInAt'), render: (_, e) => time(e.last_in_at) },
                  { key: 'out', title: t('guests.fields.lastOutAt'), render: (_, e) => time(e.last_out_at) },
                ]}
                data-testid="guest-enrolments"
              />
            </>
          )}

          <Typography.Title level={5}>{t('guests.scans')}</Typography.Title>
          <Table<GuestScan>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            dataSource={guest.scans}
            locale={{ emptyText: <Empty description={t('guests.noScans')} /> }}
            scroll={{ x: 480 }}
            columns={[
              { key: 'time', title: t('guests.time'), render: (_, s) => formatDateTime(s.created_at) },
              {
                key: 'type',
                title: t('guests.type'),
                render: (_, s) => (
                  <Tag color={s.type === 'in' ? 'green' : 'blue'}>{t(`guests.directions.${s.type}`)}</Tag>
                ),
              },
              {
                key: 'session',
                title: t('guests.session'),
                render: (_, s) => s.schedule_name ?? t('guests.wholeMeeting'),
              },
              {
                key: 'station',
                title: t('guests.station'),
                dataIndex: 'station',
                render: (station: string) =>
                  station === MANUAL_STATION ? t('guests.manualStation') : station,
              },
            ]}
            data-testid="guest-scans"
            style={{ marginBottom: 24 }}
          />

          <GuestMessages guestId={guest.id} />
        </>
      )}
    </Drawer>
  );
}
