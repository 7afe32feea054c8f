import { lazy, Suspense, useState } from 'react';
import { Button, DatePicker, Empty, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { scheduleBody, type Schedule, type ScheduleBody } from '@meetflow/shared/schemas/dictionary';
import { nameIn } from '@meetflow/shared/languages';
import { dayjs } from '../../../lib/dayjs.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { waitingCount } from '../../../lib/waitlist.ts';
import { CrudTable, EDIT_PERMISSION } from './crud-table.tsx';
import { useMeeting, useMeetingTimes, useScheduleCrud, useSchedules } from '../dictionary-api.ts';
import { isOutsideDays, type DayRange } from '../dictionary-logic.ts';
import { NAME_FIELDS, NameFields } from './name-fields.tsx';
import { zodRule } from '../../../lib/zod-rule.ts';
import '../i18n.ts';

interface ScheduleValues {
  name: string;
  name_cn: string;
  name_en: string;
  signup_limit: number | null;
  date: string | undefined;
  meeting_time_id: number | null;
  waitlist_enabled: boolean;
  waitlist_max: number | null;
}

const FIELDS = [
  ...NAME_FIELDS,
  'signup_limit',
  'date',
  'meeting_time_id',
  'waitlist_enabled',
  'waitlist_max',
] as const;

const ScheduleImportModal = lazy(() =>
  import('./schedule-import-modal.tsx').then((m) => ({ default: m.ScheduleImportModal })),
);

export function timeSlotText(time: { start_time: string; end_time: string } | null | undefined): string {
  return time ? `${time.start_time}–${time.end_time}` : '';
}

/**
 * A meeting's sessions: table plus the add/edit form (names ×3, sign-up limit with 0 = unlimited,
 * a date limited to the meeting's days, a time slot from the meeting times). Used by the dictionary
 * page and the schedule editor drawer alike.
 */
export function SchedulesPanel({
  meetingId,
  days,
  addRequest,
}: {
  meetingId: number;
  days: DayRange | undefined;
  addRequest?: number;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const schedules = useSchedules(meetingId);
  const times = useMeetingTimes();
  const api = useScheduleCrud(meetingId);
  // Sessions, user types and college categories from a workbook: date-schedule meetings, editors only.
  const canImport = usePermission().hasAny(EDIT_PERMISSION);
  const meeting = useMeeting(meetingId, canImport);
  const [importing, setImporting] = useState(false);

  return (
    <CrudTable<Schedule, ScheduleValues, ScheduleBody>
      toolbar={
        canImport &&
        meeting.data?.meeting_type === 'date_schedule' && (
          <>
            <Button
              title={t('dictionary.importSchedulesHint')}
              onClick={() => setImporting(true)}
              data-testid="schedule-import-open"
            >
              {t('dictionary.importSchedules')}
            </Button>
            {importing && (
              <Suspense fallback={null}>
                <ScheduleImportModal meetingId={meetingId} onClose={() => setImporting(false)} />
              </Suspense>
            )}
          </>
        )
      }
      addRequest={addRequest}
      testIdPrefix="schedule"
      onRefresh={() => void schedules.refetch()}
      rows={schedules.data}
      loading={schedules.isLoading}
      api={api}
      titles={{ add: t('dictionary.titles.addSchedule'), edit: t('dictionary.titles.editSchedule') }}
      emptyText={emptyTextFor(schedules, <Empty description={t('message.noSchedule')} />)}
      fieldNames={FIELDS}
      columns={[
        { title: t('dictionary.fields.date'), dataIndex: 'date', key: 'date', width: 120 },
        {
          title: t('dictionary.fields.timeSlot'),
          key: 'time',
          width: 130,
          render: (_v, row) => timeSlotText(row.meeting_time),
        },
        { title: t('dictionary.fields.name'), dataIndex: 'name', key: 'name' },
        { title: t('dictionary.fields.nameCn'), dataIndex: 'name_cn', key: 'name_cn' },
        { title: t('dictionary.fields.nameEn'), dataIndex: 'name_en', key: 'name_en' },
        {
          title: t('dictionary.fields.signupLimit'),
          key: 'limit',
          width: 120,
          render: (_v, row) => (row.signup_limit === 0 ? t('dictionary.unlimited') : row.signup_limit),
        },
        {
          title: t('dictionary.fields.signupCount'),
          key: 'count',
          width: 100,
          // The waiting count under it, not in a column of its own: the table is at its width already.
          render: (_v, row) => {
            const waiting = waitingCount(row);
            return (
              <>
                {row.signup_count}
                {waiting !== null && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('dictionary.fields.waitingCount', { count: waiting })}
                  </Typography.Text>
                )}
              </>
            );
          },
        },
      ]}
      toValues={(row) => ({
        name: row.name,
        name_cn: row.name_cn,
        name_en: row.name_en,
        signup_limit: row.signup_limit,
        date: row.date,
        meeting_time_id: row.meeting_time_id,
        waitlist_enabled: row.waitlist_enabled,
        waitlist_max: row.waitlist_max,
      })}
      newValues={() => ({
        signup_limit: 0,
        date: days?.first,
        meeting_time_id: null,
        waitlist_enabled: false,
        waitlist_max: 0,
      })}
      toBody={(v) => ({
        name: v.name,
        name_cn: v.name_cn,
        name_en: v.name_en,
        signup_limit: v.signup_limit as number,
        date: v.date ?? '',
        meeting_time_id: v.meeting_time_id ?? null,
        waitlist_enabled: v.waitlist_enabled,
        waitlist_max: v.waitlist_max ?? 0,
      })}
      renderFields={() => (
        <>
          <NameFields shape={scheduleBody.shape} lang={lang} testIdPrefix="schedule" />
          <Form.Item
            name="signup_limit"
            label={t('dictionary.fields.signupLimit')}
            extra={t('dictionary.fields.signupLimitHint')}
            required
            rules={[zodRule(scheduleBody.shape.signup_limit, lang)]}
          >
            <InputNumber
              min={0}
              precision={0}
              style={{ width: '100%' }}
              data-testid="schedule-signup-limit"
            />
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
              loading={times.isLoading}
              options={(times.data ?? []).map((time) => ({
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
            <InputNumber
              min={0}
              precision={0}
              style={{ width: '100%' }}
              data-testid="schedule-waitlist-max"
            />
          </Form.Item>
        </>
      )}
    />
  );
}
