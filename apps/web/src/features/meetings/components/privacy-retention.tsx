import { Alert, Form, InputNumber, Space, Typography } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import {
  RETENTION_DAYS_MAX,
  RETENTION_NOTICE_DAYS,
  type PrivacySettings,
} from '@meetflow/shared/schemas/privacy';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { eraseDate, isRetentionDays } from '../privacy-logic.ts';
import '../privacy-i18n.ts';

/** How long the guests' personal data is kept after the meeting ends, and the erase date it gives. */
export function PrivacyRetentionFields(props: {
  data: PrivacySettings;
  days: number | null | undefined;
  canEdit: boolean;
  openedAt: number;
  format: (ms: number) => string;
}) {
  const { data, days, canEdit, openedAt } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <Typography.Title level={2} className="mf-privacy-heading">
        {t('meetingPrivacy.retentionTitle')}
      </Typography.Title>
      <Form.Item
        label={t('meetingPrivacy.retentionDays')}
        extra={t('meetingPrivacy.retentionHelp', {
          days: data.default_retention_days,
          notice: RETENTION_NOTICE_DAYS,
        })}
        required
      >
        <Space.Compact>
          <Form.Item
            name="retention_days"
            noStyle
            rules={[
              {
                validator: (_: unknown, value: number | null | undefined) =>
                  value === null || value === undefined
                    ? Promise.reject(new Error(fieldMessage('retentionDaysRequired', lang)))
                    : isRetentionDays(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(fieldMessage('retentionDaysInvalid', lang))),
              },
            ]}
          >
            <InputNumber
              min={1}
              max={RETENTION_DAYS_MAX}
              precision={0}
              disabled={!canEdit || data.purged_at !== null}
              aria-label={t('meetingPrivacy.retentionDays')}
              style={{ width: 120 }}
              data-testid="privacy-retention-days"
            />
          </Form.Item>
          <Space.Addon>{t('meetingPrivacy.daysAfterEnd')}</Space.Addon>
        </Space.Compact>
      </Form.Item>
      {data.purged_at === null && (
        <EraseDate at={eraseDate(data.meeting_end_at, days)} now={openedAt} format={props.format} />
      )}
    </>
  );
}

/** The erase date the retention field gives, as it is typed; a warning when it has already passed. */
function EraseDate(props: { at: number | null; now: number; format: (ms: number) => string }) {
  const { t } = useTranslation();
  if (props.at === null) return null;
  return (
    <div className="mf-privacy-erase">
      <Typography.Text data-testid="privacy-erase-date">
        {t('meetingPrivacy.eraseOn', { date: props.format(props.at) })}
      </Typography.Text>
      {props.at <= props.now && (
        <Alert
          type="warning"
          showIcon
          title={t('meetingPrivacy.erasePast')}
          style={{ marginTop: 8 }}
          data-testid="privacy-erase-past"
        />
      )}
    </div>
  );
}
