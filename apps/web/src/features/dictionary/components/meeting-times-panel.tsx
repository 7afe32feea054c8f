import { Form, Input, TimePicker } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { meetingTimeBody, type MeetingTime, type MeetingTimeBody } from '@meetflow/shared/schemas/dictionary';
import { dayjs } from '../../../lib/dayjs.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { CrudTable } from './crud-table.tsx';
import { useMeetingTimeCrud, useMeetingTimes } from '../dictionary-api.ts';
import { useMayChangeEntry, useOwnerColumn } from './entry-owner.tsx';
import { zodRule } from '../../../lib/zod-rule.ts';
import '../i18n.ts';

interface MeetingTimeValues {
  start_time: string | undefined;
  end_time: string | undefined;
  remark: string;
  remark_cn: string;
  remark_en: string;
}

const FIELDS = ['start_time', 'end_time', 'remark', 'remark_cn', 'remark_en'] as const;
const REMARKS = [
  { name: 'remark', label: 'dictionary.fields.remark' },
  { name: 'remark_cn', label: 'dictionary.fields.remarkCn' },
  { name: 'remark_en', label: 'dictionary.fields.remarkEn' },
] as const;

/** The form keeps 'HH:mm' strings (the API's format); the picker works with dayjs. */
const timeProps = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value, 'HH:mm') : null }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('HH:mm') : undefined),
};

/** The time slots sessions pick from: shared ones and the organisation's. */
export function MeetingTimesPanel({ addRequest }: { addRequest?: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const times = useMeetingTimes();
  const api = useMeetingTimeCrud();
  const mayChange = useMayChangeEntry();
  const ownerColumn = useOwnerColumn<MeetingTime>();
  const shape = meetingTimeBody.shape;

  return (
    <CrudTable<MeetingTime, MeetingTimeValues, MeetingTimeBody>
      addRequest={addRequest}
      testIdPrefix="meeting-time"
      onRefresh={() => void times.refetch()}
      rows={times.data}
      loading={times.isLoading}
      emptyText={emptyTextFor(times)}
      api={api}
      titles={{ add: t('dictionary.titles.addMeetingTime'), edit: t('dictionary.titles.editMeetingTime') }}
      fieldNames={FIELDS}
      columns={[
        { title: t('dictionary.fields.startTime'), dataIndex: 'start_time', key: 'start', width: 110 },
        { title: t('dictionary.fields.endTime'), dataIndex: 'end_time', key: 'end', width: 110 },
        { title: t('dictionary.fields.remark'), dataIndex: 'remark', key: 'remark' },
        { title: t('dictionary.fields.remarkCn'), dataIndex: 'remark_cn', key: 'remark_cn' },
        { title: t('dictionary.fields.remarkEn'), dataIndex: 'remark_en', key: 'remark_en' },
        ownerColumn,
      ]}
      canChange={(row) => row === null || mayChange(row.organization_id)}
      toValues={(row) => ({ ...row })}
      toBody={(v) => ({
        start_time: v.start_time ?? '',
        end_time: v.end_time ?? '',
        remark: v.remark ?? '',
        remark_cn: v.remark_cn ?? '',
        remark_en: v.remark_en ?? '',
      })}
      renderFields={() => (
        <>
          <Form.Item
            name="start_time"
            label={t('dictionary.fields.startTime')}
            required
            rules={[zodRule(shape.start_time, lang)]}
            {...timeProps}
          >
            <TimePicker
              format="HH:mm"
              minuteStep={5}
              needConfirm={false}
              style={{ width: '100%' }}
              data-testid="meeting-time-start"
            />
          </Form.Item>
          <Form.Item
            name="end_time"
            label={t('dictionary.fields.endTime')}
            required
            dependencies={['start_time']}
            rules={[
              zodRule(shape.end_time, lang),
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  const start = getFieldValue('start_time') as string | undefined;
                  if (start && value && value <= start)
                    throw new Error(fieldMessage('endTimeBeforeStart', lang));
                },
              }),
            ]}
            {...timeProps}
          >
            <TimePicker
              format="HH:mm"
              minuteStep={5}
              needConfirm={false}
              style={{ width: '100%' }}
              data-testid="meeting-time-end"
            />
          </Form.Item>
          {REMARKS.map((r) => (
            <Form.Item key={r.name} name={r.name} label={t(r.label)} rules={[zodRule(shape[r.name], lang)]}>
              <Input maxLength={200} />
            </Form.Item>
          ))}
        </>
      )}
    />
  );
}
