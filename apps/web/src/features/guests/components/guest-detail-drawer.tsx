import { Suspense, useState } from 'react';
import { Alert, Button, Drawer, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { Auth } from '../../../components/permission.tsx';
import { slot } from '../../../lib/feature-slots.ts';
import { toast } from '../../../lib/toast.ts';
import { fetchGuestPersonalData, useGuestDetail, useWithdrawGuest } from '../guests-api.ts';
import { savePersonalData } from '../personal-data.ts';
import { GuestAnswers, GuestEnrolments, GuestFacts, GuestScans } from './guest-detail-sections.tsx';
import { GuestMessages } from './guest-messages.tsx';
import '../i18n.ts';

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
          <GuestFacts guest={guest} />
          <GuestAnswers guest={guest} />
          {guest.meeting_type === 'date_schedule' && <GuestEnrolments guest={guest} />}
          <GuestScans guest={guest} />
          <GuestMessages guestId={guest.id} />
        </>
      )}
    </Drawer>
  );
}
