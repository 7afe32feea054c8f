import { Button, Divider, Drawer, Form, Input, Radio, Select, Space, Switch } from 'antd';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import { type MeetingType } from '@meetflow/shared/schemas/meetings';
import { nameIn } from '@meetflow/shared/languages';
import {
  AREA_CODE_VALUES,
  dateScheduleSignUpBody,
  generalSignUpBody,
  type SignUpBody,
} from '@meetflow/shared/schemas/public';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useCollegeCategories, useSchedules, useUserTypes } from '../../../lib/dictionary-queries.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { answersForForm } from '../guest-answers-logic.ts';
import { useMeetingForm, useSaveGuest } from '../guests-api.ts';
import type { AdminGuest } from '../guests-types.ts';
import { GuestAnswerFields } from './guest-answer-fields.tsx';
import '../i18n.ts';

type Values = Record<string, unknown>;

const GENERAL_FIELDS = Object.keys(generalSignUpBody.shape);
const DATE_SCHEDULE_FIELDS = Object.keys(dateScheduleSignUpBody.shape);

function initialValues(
  type: MeetingType,
  guest: AdminGuest | null,
  scheduleIds: number[],
  answers: Answers | undefined,
): Values {
  if (!guest) return { area_code: '853', academy_member: false, schedule_ids: [], answers: {} };
  const phone = guest.phone.startsWith(`+${guest.area_code}`)
    ? guest.phone.slice(guest.area_code.length + 1)
    : guest.phone;
  const common = { area_code: guest.area_code, phone, email: guest.email, answers: answersForForm(answers) };
  return type === 'general'
    ? {
        ...common,
        name: guest.name,
        gender: guest.gender ?? undefined,
        local_guest: guest.local_guest ?? undefined,
        institution: guest.institution,
        job_title: guest.job_title,
        contact_name: guest.contact_name,
        contact_number: guest.contact_number,
        contact_phone: guest.contact_phone,
      }
    : {
        ...common,
        name_zh: guest.name_zh,
        name_en: guest.name_en,
        organization: guest.organization,
        user_type_id: guest.user_type_id ?? undefined,
        license_number: guest.license_number,
        other: guest.other,
        academy_member: guest.academy_member,
        college_category_id: guest.college_category_id ?? undefined,
        schedule_ids: scheduleIds,
      };
}

/**
 * Adds or edits a guest with the fields of the meeting's sign-up form. The rules are the shared
 * sign-up schema's, so the form says what the server would say.
 */
export function GuestFormDrawer(props: {
  meetingId: number;
  meetingType: MeetingType;
  guest: AdminGuest | null;
  /** The guest's current sessions (date-schedule meetings), when editing. */
  scheduleIds?: number[];
  /** The guest's stored answers to the meeting's own fields, when editing. */
  answers?: Answers;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const save = useSaveGuest(props.meetingId);
  const dateSchedule = props.meetingType === 'date_schedule';
  const userTypes = useUserTypes(dateSchedule ? props.meetingId : undefined);
  const schedules = useSchedules(dateSchedule ? props.meetingId : undefined);
  const categories = useCollegeCategories();
  // The own fields: saving waits for them, or an edit would send no answers and lose them.
  const ownFields = useMeetingForm(props.meetingId);
  const userTypeId = Form.useWatch('user_type_id', form) as number | undefined;
  const allowedSessions = userTypes.data?.find((u) => u.id === userTypeId)?.schedule_ids;

  const shape = dateSchedule ? dateScheduleSignUpBody.shape : generalSignUpBody.shape;
  const rule = (name: string) => [zodRule(shape[name as keyof typeof shape] as never, lang)];
  const f = (key: string) => t(`guests.fields.${key}`);

  async function onFinish(values: Values) {
    const body = { ...values, meeting_type: props.meetingType } as SignUpBody;
    try {
      await save.mutateAsync({ id: props.guest?.id ?? null, body });
      toast.success(t(props.guest ? 'message.editSuccess' : 'message.addSuccess'));
      props.onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const names = dateSchedule ? DATE_SCHEDULE_FIELDS : GENERAL_FIELDS;
        form.setFields([...fieldErrors(error.data, names), ...answerErrors(error.data)] as Parameters<
          typeof form.setFields
        >[0]);
      }
    }
  }

  const text = (name: string, label: string, extra?: string) => (
    <Form.Item name={name} label={f(label)} rules={rule(name)} extra={extra}>
      <Input data-testid={`guest-form-${name}`} />
    </Form.Item>
  );

  return (
    <Drawer
      open
      title={t(props.guest ? 'guests.editTitle' : 'guests.addTitle')}
      onClose={props.onClose}
      size={560}
      destroyOnHidden
      data-testid="guest-form"
      extra={
        <Space>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending || ownFields.isLoading}
            disabled={!ownFields.data}
            onClick={() => form.submit()}
            data-testid="guest-form-submit"
          >
            {t('guests.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(props.meetingType, props.guest, props.scheduleIds ?? [], props.answers)}
        onFinish={(values) => void onFinish(values)}
      >
        {dateSchedule ? (
          <>
            {text('name_zh', 'nameZh', t('guests.naHint'))}
            {text('name_en', 'nameEn', t('guests.naHint'))}
          </>
        ) : (
          <>
            {text('name', 'name')}
            <GeneralChoices rule={rule} />
          </>
        )}
        <PhoneRow rule={rule} />
        {text('email', 'email')}
        {dateSchedule ? (
          <>
            {text('organization', 'organization')}
            <Form.Item name="user_type_id" label={f('userType')} rules={rule('user_type_id')}>
              <Select
                loading={userTypes.isLoading}
                options={(userTypes.data ?? []).map((u) => ({
                  value: u.id,
                  label: nameIn(lang, u.name, u.name_cn, u.name_en),
                }))}
                onChange={() => form.setFieldValue('schedule_ids', [])}
              />
            </Form.Item>
            <Form.Item name="schedule_ids" label={f('sessions')} rules={rule('schedule_ids')}>
              <Select
                mode="multiple"
                loading={schedules.isLoading}
                options={(schedules.data ?? [])
                  .filter((s) => !allowedSessions || allowedSessions.includes(s.id))
                  .map((s) => ({
                    value: s.id,
                    label: `${nameIn(lang, s.name, s.name_cn, s.name_en)} (${s.date})`,
                  }))}
              />
            </Form.Item>
            {text('license_number', 'licenseNumber', t('guests.naHint'))}
            {text('other', 'other')}
            <Form.Item name="academy_member" label={f('academyMember')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="college_category_id" label={f('collegeCategory')}>
              <Select
                allowClear
                loading={categories.isLoading}
                options={(categories.data ?? []).map((c) => ({
                  value: c.id,
                  label: nameIn(lang, c.name, c.name_cn, c.name_en),
                }))}
              />
            </Form.Item>
          </>
        ) : (
          <>
            {text('institution', 'institution')}
            {text('job_title', 'jobTitle')}
            {text('contact_name', 'contactName')}
            {text('contact_number', 'contactNumber')}
            {text('contact_phone', 'contactPhone')}
          </>
        )}
        {ownFields.data?.some((f) => !f.retired) && (
          <>
            <Divider titlePlacement="start">{t('guests.answers.title')}</Divider>
            <GuestAnswerFields fields={ownFields.data} form={form} userTypeId={userTypeId ?? null} />
          </>
        )}
      </Form>
    </Drawer>
  );
}

type RuleOf = (name: string) => ReturnType<typeof zodRule>[];

/** The server's `answers.<key>` messages on the own fields' inputs. */
function answerErrors(data: unknown): { name: ['answers', string]; errors: string[] }[] {
  const fields = (data as { fields?: Record<string, unknown> } | null)?.fields ?? {};
  return Object.entries(fields)
    .filter(([name, message]) => name.startsWith('answers.') && typeof message === 'string')
    .map(([name, message]) => ({
      name: ['answers', name.slice('answers.'.length)],
      errors: [String(message)],
    }));
}

/** A general meeting's gender and local-guest choices. */
function GeneralChoices({ rule }: { rule: RuleOf }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`guests.fields.${key}`);
  return (
    <>
      <Form.Item name="gender" label={f('gender')} rules={rule('gender')}>
        <Radio.Group
          options={(['male', 'female'] as const).map((g) => ({
            value: g,
            label: t(`guests.fields.genders.${g}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="local_guest" label={f('localGuest')} rules={rule('local_guest')}>
        <Radio.Group
          options={[
            { value: true, label: t('guests.yes') },
            { value: false, label: t('guests.no') },
          ]}
        />
      </Form.Item>
    </>
  );
}

/** Area code and phone number on one line. */
function PhoneRow({ rule }: { rule: RuleOf }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`guests.fields.${key}`);
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Form.Item name="area_code" label={f('areaCode')} rules={rule('area_code')} style={{ width: 110 }}>
        <Select options={AREA_CODE_VALUES.map((v) => ({ value: v, label: `+${v}` }))} />
      </Form.Item>
      <Form.Item name="phone" label={f('phone')} rules={rule('phone')} style={{ flex: 1 }}>
        <Input inputMode="tel" data-testid="guest-form-phone" />
      </Form.Item>
    </div>
  );
}
