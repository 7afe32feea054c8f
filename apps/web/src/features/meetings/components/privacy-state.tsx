import { Descriptions, Tag, Typography } from 'antd';
import { RETENTION_NOTICE_DAYS, type PrivacySettings } from '@meetflow/shared/schemas/privacy';
import { differsFromBrowserZone } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import '../privacy-i18n.ts';

/** What has happened so far: the meeting's end, the erasure, the notice to organisers, guests, version. */
export function PrivacyState(props: {
  data: PrivacySettings;
  zone: string | null | undefined;
  date: (ms: number) => string;
}) {
  const { data, zone, date } = props;
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={2} className="mf-privacy-heading" style={{ marginTop: 0 }}>
        {t('meetingPrivacy.state')}
      </Typography.Title>
      <Descriptions
        column={1}
        bordered
        size="small"
        className="mf-privacy-state"
        data-testid="privacy-state"
        items={[
          {
            key: 'end',
            label: t('meetingPrivacy.meetingEnd'),
            children: <span data-testid="privacy-meeting-end">{date(data.meeting_end_at)}</span>,
          },
          {
            key: 'erasure',
            label: t('meetingPrivacy.personalData'),
            children: (
              <span data-testid="privacy-purge-state">
                {data.purged_at !== null ? (
                  <Tag color="red">{t('meetingPrivacy.erasedOn', { date: date(data.purged_at) })}</Tag>
                ) : (
                  t('meetingPrivacy.willErase', { date: date(data.purge_at) })
                )}
              </span>
            ),
          },
          {
            key: 'notified',
            label: t('meetingPrivacy.notice'),
            children: (
              <span data-testid="privacy-notified">
                {data.notified_at !== null
                  ? t('meetingPrivacy.notifiedOn', { date: date(data.notified_at) })
                  : data.purged_at !== null
                    ? t('meetingPrivacy.noNotice')
                    : t('meetingPrivacy.notNotified', { days: RETENTION_NOTICE_DAYS })}
              </span>
            ),
          },
          {
            key: 'held',
            label: t('meetingPrivacy.guestsHeld'),
            children: (
              <span data-testid="privacy-guests-held">
                {t('meetingPrivacy.guests', { count: data.guests_held })}
              </span>
            ),
          },
          {
            key: 'version',
            label: t('meetingPrivacy.noticeVersion'),
            children: (
              <span data-testid="privacy-notice-version">
                {data.notice_version > 0
                  ? t('meetingPrivacy.version', { version: data.notice_version })
                  : t('meetingPrivacy.noVersion')}
              </span>
            ),
          },
        ]}
      />
      {zone && differsFromBrowserZone(data.meeting_end_at, zone) && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="privacy-zone">
          {t('meetingPrivacy.zoneNote', { zone })}
        </Typography.Paragraph>
      )}
    </>
  );
}
