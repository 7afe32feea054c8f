import { Col, DatePicker, Form, Input, InputNumber, Row, Switch, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import type { useOrganizationTree } from '../meetings-api.ts';
import '../i18n.ts';

/** The field messages in the interface's language, and the "required" rule built on them. */
function useFieldRules() {
  const lang = currentLanguage();
  const message = (key: FieldMessageKey) => fieldMessage(key, lang);
  const required = (key: FieldMessageKey) => [{ required: true, whitespace: true, message: message(key) }];
  return { lang, message, required };
}

/** The meeting form's first part: organisation, names and places, then <MeetingTimeFields>. */
export function MeetingDetailFields(props: { organizations: ReturnType<typeof useOrganizationTree> }) {
  const { organizations } = props;
  const { t } = useTranslation();
  const { message, required } = useFieldRules();
  return (
    <>
      <Form.Item
        name="organization_id"
        label={t('meetings.form.organization')}
        rules={[{ required: true, message: message('organizationRequired') }]}
      >
        <TreeSelect
          treeData={organizations.data ?? []}
          fieldNames={{ label: 'name', value: 'id', children: 'children' }}
          loading={organizations.isLoading}
          showSearch
          treeNodeFilterProp="name"
          treeDefaultExpandAll
          placeholder={t('meetings.organizationPlaceholder')}
          data-testid="meeting-form-organization"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="name" label={t('meetings.form.name')} rules={required('meetingNameRequired')}>
            <Input maxLength={200} data-testid="meeting-form-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="name_cn"
            label={t('meetings.form.nameCn')}
            rules={required('meetingNameCnRequired')}
          >
            <Input maxLength={200} data-testid="meeting-form-name-cn" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="name_en"
            label={t('meetings.form.nameEn')}
            rules={required('meetingNameEnRequired')}
          >
            <Input maxLength={200} data-testid="meeting-form-name-en" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="location" label={t('meetings.form.location')}>
            <Input maxLength={200} data-testid="meeting-form-location" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="location_cn" label={t('meetings.form.locationCn')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="location_en" label={t('meetings.form.locationEn')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <MeetingTimeFields />
      </Row>
    </>
  );
}

/** When it takes place, until when one signs up, how many places, its languages and sign-up switch. */
function MeetingTimeFields() {
  const { t } = useTranslation();
  const { lang, message } = useFieldRules();
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name="time"
          label={t('meetings.form.time')}
          rules={[
            { required: true, message: message('meetingTimeRequired') },
            {
              validator: (_, value?: [Dayjs, Dayjs]) =>
                !value || value[1].valueOf() > value[0].valueOf()
                  ? Promise.resolve()
                  : Promise.reject(new Error(message('meetingTimeOrder'))),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            data-testid="meeting-form-time"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="registration_deadline"
          label={t('meetings.form.registrationDeadline')}
          dependencies={['time']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value?: Dayjs | null) => {
                const time = getFieldValue('time') as [Dayjs, Dayjs] | undefined;
                return !value || !time || value.valueOf() <= time[1].valueOf()
                  ? Promise.resolve()
                  : Promise.reject(new Error(message('registrationDeadlineAfterEnd')));
              },
            }),
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            data-testid="meeting-form-deadline"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="registration_limit"
          label={t('meetings.form.registrationLimit')}
          extra={t('meetings.form.registrationLimitHelp')}
          rules={[{ required: true, type: 'integer', min: 0, message: fieldMessage('tooSmall', lang, 0) }]}
        >
          <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="meeting-form-limit" />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="multi_language" label={t('meetings.form.multiLanguage')} valuePropName="checked">
          <Switch data-testid="meeting-form-multi-language" />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="signup_enabled" label={t('meetings.form.signupEnabled')} valuePropName="checked">
          <Switch data-testid="meeting-form-signup-enabled" />
        </Form.Item>
      </Col>
    </>
  );
}
