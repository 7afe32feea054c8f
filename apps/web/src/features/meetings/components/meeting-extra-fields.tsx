import { Col, Divider, Form, InputNumber, Radio, Row, Space, Switch } from 'antd';
import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import { MEETING_TYPES } from '@meetflow/shared/schemas/meetings';
import { WAITLIST_OFFER_HOURS_MAX } from '@meetflow/shared/schemas/waitlist';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { FileField } from '../../../components/file-field.tsx';
import type { OfferMode } from '../meeting-waitlist.ts';
import '../i18n.ts';

/** The meeting's type, its banner and its two PDFs. */
export function MeetingFileFields() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const message = (key: FieldMessageKey) => fieldMessage(key, lang);
  return (
    <>
      <Form.Item
        name="meeting_type"
        label={t('meetings.form.meetingType')}
        rules={[{ required: true, message: message('meetingTypeRequired') }]}
      >
        <Radio.Group data-testid="meeting-form-type">
          {MEETING_TYPES.map((type) => (
            <Radio key={type} value={type}>
              {t(`meetings.types.${type}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="banner_file_id"
        label={t('meetings.form.banner')}
        rules={[{ required: true, message: message('bannerRequired') }]}
      >
        <FileField kind="banner" testId="banner-upload" alt={t('meetings.form.banner')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="schedule_file_id" label={t('meetings.form.schedulePdf')}>
            <FileField kind="pdf" testId="schedule-pdf-upload" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="guide_file_id" label={t('meetings.form.guidePdf')}>
            <FileField kind="pdf" testId="guide-pdf-upload" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The waiting list: on or off, its size, and how a freed place is given (the hours only for offers). */
export function MeetingWaitlistFields(props: { offerMode: OfferMode | undefined }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <Divider titlePlacement="start" data-testid="meeting-form-waitlist">
        {t('meetings.waitlist.title')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="waitlist_enabled"
            label={t('meetings.waitlist.enabled')}
            extra={t('meetings.waitlist.enabledHelp')}
            valuePropName="checked"
          >
            <Switch data-testid="meeting-form-waitlist-enabled" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="waitlist_max"
            label={t('meetings.waitlist.max')}
            extra={t('meetings.waitlist.maxHelp')}
            rules={[{ required: true, type: 'integer', min: 0, message: fieldMessage('tooSmall', lang, 0) }]}
          >
            <InputNumber
              min={0}
              precision={0}
              style={{ width: '100%' }}
              data-testid="meeting-form-waitlist-max"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="waitlist_offer"
        label={t('meetings.waitlist.offer')}
        extra={t('meetings.waitlist.offerHelp')}
      >
        <Radio.Group data-testid="meeting-form-waitlist-offer">
          <Space orientation="vertical">
            <Radio value="automatic">{t('meetings.waitlist.automatic')}</Radio>
            <Radio value="offer">{t('meetings.waitlist.offerByMail')}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {props.offerMode === 'offer' && (
        <Form.Item
          name="waitlist_offer_hours"
          label={t('meetings.waitlist.hours')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: WAITLIST_OFFER_HOURS_MAX,
              message: t('meetings.waitlist.hoursRange', { max: WAITLIST_OFFER_HOURS_MAX }),
            },
          ]}
        >
          <InputNumber
            min={1}
            max={WAITLIST_OFFER_HOURS_MAX}
            precision={0}
            suffix={t('meetings.waitlist.hoursUnit')}
            style={{ width: 200 }}
            data-testid="meeting-form-waitlist-hours"
          />
        </Form.Item>
      )}
    </>
  );
}
