import { Empty, Typography } from 'antd';
import type { Schedule, ScheduleBody } from '@meetflow/shared/schemas/dictionary';
import { useTranslation } from '../../../lib/i18n.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { waitingCount } from '../../../lib/waitlist.ts';
import { CrudTable, EDIT_PERMISSION } from './crud-table.tsx';
import { useMeeting, useMeetingTimes, useScheduleCrud, useSchedules } from '../dictionary-api.ts';
import { timeSlotText, type DayRange } from '../dictionary-logic.ts';
import { NAME_FIELDS } from './name-fields.tsx';
import { ScheduleFields } from './schedule-fields.tsx';
import { ScheduleImportButton } from './schedule-import-button.tsx';
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
  const schedules = useSchedules(meetingId);
  const times = useMeetingTimes();
  const api = useScheduleCrud(meetingId);
  // Sessions, user types and college categories from a workbook: date-schedule meetings, editors only.
  const canImport = usePermission().hasAny(EDIT_PERMISSION);
  const meeting = useMeeting(meetingId, canImport);

  return (
    <CrudTable<Schedule, ScheduleValues, ScheduleBody>
      toolbar={
        canImport &&
        meeting.data?.meeting_type === 'date_schedule' && <ScheduleImportButton meetingId={meetingId} />
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
      renderFields={() => <ScheduleFields days={days} times={times.data} timesLoading={times.isLoading} />}
    />
  );
}
