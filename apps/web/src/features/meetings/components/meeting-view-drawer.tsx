import { Descriptions, Drawer, Image, Typography } from 'antd';
import { fileUrl } from '@meetflow/shared/schemas/files';
import { type Meeting } from '@meetflow/shared/schemas/meetings';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { publicLink } from '../meeting-text.ts';
import '../i18n.ts';

/** Read-only details of one meeting. */
export function MeetingViewDrawer({ meeting, onClose }: { meeting: Meeting | null; onClose: () => void }) {
  const { t } = useTranslation();
  const none = t('meetings.view.none');
  const yesNo = (value: boolean) => t(value ? 'meetings.view.yes' : 'meetings.view.no');
  const pdf = (id: string | null) =>
    id ? (
      <Typography.Link href={fileUrl(id)} target="_blank" rel="noopener noreferrer">
        {t('meetings.form.openPdf')}
      </Typography.Link>
    ) : (
      none
    );
  return (
    <Drawer
      open={meeting !== null}
      onClose={onClose}
      title={t('meetings.view.title')}
      size={720}
      data-testid="meeting-view"
    >
      {meeting && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('meetings.form.organization')}>
            {meeting.organization_name}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.name')}>{meeting.name}</Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.nameCn')}>{meeting.name_cn}</Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.nameEn')}>{meeting.name_en}</Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.location')}>
            {meeting.location || none}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.locationCn')}>
            {meeting.location_cn || none}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.locationEn')}>
            {meeting.location_en || none}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.time')}>
            {formatDateTime(meeting.start_at)} – {formatDateTime(meeting.end_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.registrationLimit')}>
            {meeting.registration_limit === 0 ? t('meetings.view.unlimited') : meeting.registration_limit}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.registrationDeadline')}>
            {meeting.registration_deadline === null ? none : formatDateTime(meeting.registration_deadline)}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.columns.signupCount')}>
            {meeting.signup_count}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.columns.checkinCount')}>
            {meeting.checkin_count}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.waitlist.enabled')}>
            {yesNo(meeting.waitlist_enabled)}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.waitlist.max')}>
            {meeting.waitlist_max === 0 ? t('meetings.waitlist.noMax') : meeting.waitlist_max}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.waitlist.offer')}>
            {meeting.waitlist_offer_hours === 0
              ? t('meetings.waitlist.automatic')
              : t('meetings.waitlist.offerFor', { hours: meeting.waitlist_offer_hours })}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.columns.waiting')}>{meeting.waiting_count}</Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.multiLanguage')}>
            {yesNo(meeting.multi_language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.signupEnabled')}>
            {yesNo(meeting.signup_enabled)}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.meetingType')}>
            {t(`meetings.types.${meeting.meeting_type}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.actions.copySignup')}>
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {publicLink('sign-up', meeting.public_id)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.banner')}>
            {meeting.banner_file_id ? (
              <Image src={fileUrl(meeting.banner_file_id)} width={320} alt={t('meetings.form.banner')} />
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.schedulePdf')}>
            {pdf(meeting.schedule_file_id)}
          </Descriptions.Item>
          <Descriptions.Item label={t('meetings.form.guidePdf')}>
            {pdf(meeting.guide_file_id)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
