import { DatePicker, Form, InputNumber, Select, Switch } from 'antd';
import { scheduleBody, type MeetingTime } from '@meetflow/shared/schemas/dictionary';
import { nameIn } from '@meetflow/shared/languages';
import { dayjs } from '../../../lib/dayjs.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { isOutsideDays, timeSlotText, type DayRange } from '../dictionary-logic.ts';
import { NameFields } from './name-fields.tsx';
import '../i18n.ts';

interface Props {
  /** The meeting's days: the only ones the date picker offers. */
  days: DayRange | undefined;
  times: MeetingTime[] | undefined;
  timesLoading: boolean;
}

/** A session's form fields: names ×3, sign-up limit, date, time slot and its waiting list. */
export function ScheduleFields({ days, times, timesLoading }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <NameFields shape={scheduleBody.shape} lang={lang} testIdPrefix="schedule" />
      <Form.Item
        name="signup_limit"
        label={t('dictionary.fields.signupLimit')}
        extra={t('dictionary.fields.signupLimitHint')}
        required
        rules={[zodRule(scheduleBody.shape.signup_limit, lang)]}
      >
        <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="schedule-signup-limit" />
      </Form.Item>
      <Form.Item
        name="date"
        label={t('dictionary.fields.date')}
        required
        rules={[zodRule(scheduleBody.shape.date, lang)]}
        // The form keeps 'YYYY-MM-DD' (the API's format); the picker works with dayjs.
        getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : null })}
        normalize={(value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined)}
      >
        <DatePicker
          style={{ width: '100%' }}
          disabledDate={(d) => isOutsideDays(d.format('YYYY-MM-DD'), days)}
          defaultPickerValue={days ? dayjs(days.first) : undefined}
          data-testid="schedule-date"
        />
      </Form.Item>
      <Form.Item name="meeting_time_id" label={t('dictionary.fields.timeSlot')}>
        <Select
          allowClear
          placeholder={t('dictionary.fields.noTimeSlot')}
          loading={timesLoading}
          options={(times ?? []).map((time) => ({
            value: time.id,
            label: [timeSlotText(time), nameIn(lang, time.remark, time.remark_cn, time.remark_en)]
              .filter(Boolean)
              .join(' '),
          }))}
          data-testid="schedule-time-slot"
        />
      </Form.Item>
      <Form.Item
        name="waitlist_enabled"
        label={t('dictionary.fields.waitlistEnabled')}
        extra={t('dictionary.fields.waitlistEnabledHint')}
        valuePropName="checked"
      >
        <Switch data-testid="schedule-waitlist-enabled" />
      </Form.Item>
      <Form.Item
        name="waitlist_max"
        label={t('dictionary.fields.waitlistMax')}
        extra={t('dictionary.fields.waitlistMaxHint')}
        rules={[zodRule(scheduleBody.shape.waitlist_max, lang)]}
      >
        <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="schedule-waitlist-max" />
      </Form.Item>
    </>
  );
}
