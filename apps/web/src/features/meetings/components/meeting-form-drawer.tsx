import {
  Button,
  Col,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import {
  MEETING_TYPES,
  type Meeting,
  type MeetingBody,
  type MeetingType,
} from '@meetflow/shared/schemas/meetings';
import { WAITLIST_OFFER_HOURS_MAX } from '@meetflow/shared/schemas/waitlist';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { FileField } from '../../../components/file-field.tsx';
import { useOrganizationTree, useSaveMeeting } from '../meetings-api.ts';
import { offerFields, offerHoursOf, type OfferMode } from '../meeting-waitlist.ts';
import '../i18n.ts';

interface FormValues {
  organization_id?: number;
  name: string;
  name_cn: string;
  name_en: string;
  location: string;
  location_cn: string;
  location_en: string;
  time?: [Dayjs, Dayjs];
  registration_limit: number;
  registration_deadline?: Dayjs | null;
  multi_language: boolean;
  signup_enabled: boolean;
  meeting_type?: MeetingType;
  banner_file_id?: string | null;
  schedule_file_id?: string | null;
  guide_file_id?: string | null;
  waitlist_enabled: boolean;
  waitlist_max: number;
  waitlist_offer: OfferMode;
  /** Kept while 'automatic' is chosen, so switching back to offers shows the hours again. */
  waitlist_offer_hours: number;
}

const FORM_FIELDS = [
  'organization_id',
  'name',
  'name_cn',
  'name_en',
  'location',
  'location_cn',
  'location_en',
  'time',
  'registration_limit',
  'registration_deadline',
  'multi_language',
  'signup_enabled',
  'meeting_type',
  'banner_file_id',
  'schedule_file_id',
  'guide_file_id',
  'waitlist_enabled',
  'waitlist_max',
  'waitlist_offer_hours',
] as const;

function initialValues(meeting: Meeting | null): FormValues {
  if (!meeting) {
    return {
      name: '',
      name_cn: '',
      name_en: '',
      location: '',
      location_cn: '',
      location_en: '',
      registration_limit: 0,
      registration_deadline: null,
      multi_language: true,
      signup_enabled: true,
      meeting_type: 'general',
      banner_file_id: null,
      schedule_file_id: null,
      guide_file_id: null,
      waitlist_enabled: false,
      waitlist_max: 0,
      ...offerFields(0),
    };
  }
  return {
    organization_id: meeting.organization_id,
    name: meeting.name,
    name_cn: meeting.name_cn,
    name_en: meeting.name_en,
    location: meeting.location,
    location_cn: meeting.location_cn,
    location_en: meeting.location_en,
    time: [dayjs(meeting.start_at), dayjs(meeting.end_at)],
    registration_limit: meeting.registration_limit,
    registration_deadline:
      meeting.registration_deadline === null ? null : dayjs(meeting.registration_deadline),
    multi_language: meeting.multi_language,
    signup_enabled: meeting.signup_enabled,
    meeting_type: meeting.meeting_type,
    banner_file_id: meeting.banner_file_id,
    schedule_file_id: meeting.schedule_file_id,
    guide_file_id: meeting.guide_file_id,
    waitlist_enabled: meeting.waitlist_enabled,
    waitlist_max: meeting.waitlist_max,
    ...offerFields(meeting.waitlist_offer_hours),
  };
}

function toBody(values: FormValues): MeetingBody {
  return {
    organization_id: values.organization_id as number,
    name: values.name,
    name_cn: values.name_cn,
    name_en: values.name_en,
    location: values.location ?? '',
    location_cn: values.location_cn ?? '',
    location_en: values.location_en ?? '',
    start_at: values.time?.[0]?.valueOf() as number,
    end_at: values.time?.[1]?.valueOf() as number,
    registration_limit: values.registration_limit ?? 0,
    registration_deadline: values.registration_deadline ? values.registration_deadline.valueOf() : null,
    multi_language: values.multi_language,
    signup_enabled: values.signup_enabled,
    meeting_type: values.meeting_type as MeetingType,
    banner_file_id: values.banner_file_id ?? '',
    schedule_file_id: values.schedule_file_id ?? null,
    guide_file_id: values.guide_file_id ?? null,
    waitlist_enabled: values.waitlist_enabled,
    waitlist_max: values.waitlist_max ?? 0,
    waitlist_offer_hours: offerHoursOf(values.waitlist_offer, values.waitlist_offer_hours),
  };
}

/** The server's field names, mapped onto the form's (the time range is one control). */
function serverFieldErrors(data: unknown) {
  const fields = (data as { fields?: Record<string, string> } | null)?.fields;
  if (!fields) return [];
  const merged: Record<string, string> = { ...fields };
  const time = fields.start_at ?? fields.end_at;
  if (time) merged.time = time;
  return fieldErrors({ fields: merged }, FORM_FIELDS);
}

interface Props {
  open: boolean;
  /** null: add a meeting. */
  meeting: Meeting | null;
  onClose: () => void;
}

/** The add/edit meeting form (spec §3 Meeting, §5), with the server's rules and messages mirrored. */
export function MeetingFormDrawer({ open, meeting, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const organizations = useOrganizationTree(open);
  const save = useSaveMeeting();
  const lang = currentLanguage();
  const message = (key: FieldMessageKey) => fieldMessage(key, lang);
  const required = (key: FieldMessageKey) => [{ required: true, whitespace: true, message: message(key) }];
  const offerMode = Form.useWatch('waitlist_offer', form);

  async function submit(values: FormValues) {
    try {
      await save.mutateAsync({ id: meeting?.id ?? null, body: toBody(values) });
      toast.success(t(meeting ? 'message.editSuccess' : 'message.addSuccess'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) form.setFields(serverFieldErrors(error.data));
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(meeting ? 'meetings.form.editTitle' : 'meetings.form.addTitle')}
      size={880}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('meetings.form.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="meeting-form-submit"
          >
            {t('meetings.form.save')}
          </Button>
        </Space>
      }
    >
      <Form<FormValues>
        key={meeting?.id ?? 'new'}
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={initialValues(meeting)}
        data-testid="meeting-form"
      >
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
              rules={[
                { required: true, type: 'integer', min: 0, message: fieldMessage('tooSmall', lang, 0) },
              ]}
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
        </Row>
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
              rules={[
                { required: true, type: 'integer', min: 0, message: fieldMessage('tooSmall', lang, 0) },
              ]}
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
        {offerMode === 'offer' && (
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
      </Form>
    </Drawer>
  );
}
