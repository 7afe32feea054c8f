import { Descriptions, Empty, Table, Tag, Typography } from 'antd';
import { MANUAL_STATION } from '@meetflow/shared/schemas/attendance';
import { statusColor } from '../../../lib/attendance-types.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { answerFile } from '../guest-answers-logic.ts';
import { GUEST_FIELDS } from '../guest-columns.ts';
import { guestFieldText } from '../guest-text.ts';
import type { GuestDetail, GuestEnrolment, GuestScan } from '../guests-types.ts';
import { GuestAnswerFile } from './guest-answer-file.tsx';

const time = (value: number | null) => (value === null ? '—' : formatDateTime(value));
/** The guest's fields and their answers line up: one label width for both tables. */
const LABEL = { label: { width: '32%' } };

/** Every field of the guest's sign-up, with their status and attendance times. */
export function GuestFacts({ guest }: { guest: GuestDetail }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} bordered size="small" styles={LABEL} style={{ marginBottom: 24 }}>
      <Descriptions.Item label={t('guests.fields.guestCode')}>
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {guest.guest_code}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('guests.fields.status')}>
        <Tag color={statusColor(guest.status)}>{t(`guests.statuses.${guest.status}`)}</Tag>
      </Descriptions.Item>
      {GUEST_FIELDS[guest.meeting_type].map((field) => (
        <Descriptions.Item key={field.key} label={t(`guests.fields.${field.label}`)}>
          {guestFieldText(guest, field.key, t)}
        </Descriptions.Item>
      ))}
      {guest.meeting_type === 'date_schedule' && guest.other && (
        <Descriptions.Item label={t('guests.fields.other')}>{guest.other}</Descriptions.Item>
      )}
      <Descriptions.Item label={t('guests.fields.signedUpAt')}>{time(guest.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('guests.fields.firstInAt')}>{time(guest.first_in_at)}</Descriptions.Item>
      <Descriptions.Item label={t('guests.fields.lastInAt')}>{time(guest.last_in_at)}</Descriptions.Item>
      <Descriptions.Item label={t('guests.fields.lastOutAt')}>{time(guest.last_out_at)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The guest's answers to the meeting's own fields, in the form's order; retired fields marked. */
export function GuestAnswers({ guest }: { guest: GuestDetail }) {
  const { t } = useTranslation();
  if (guest.answers.length === 0) return null;
  return (
    <>
      <Typography.Title level={5}>{t('guests.answers.title')}</Typography.Title>
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={LABEL}
        style={{ marginBottom: 24 }}
        data-testid="guest-answers"
      >
        {guest.answers.map((answer) => (
          <Descriptions.Item
            key={answer.key}
            label={
              answer.retired ? (
                <span>
                  {answer.label}{' '}
                  <Tag bordered={false} data-testid="guest-answer-retired">
                    {t('guests.answers.retired')}
                  </Tag>
                </span>
              ) : (
                answer.label
              )
            }
          >
            <AnswerValue guestId={guest.id} answer={answer} />
          </Descriptions.Item>
        ))}
      </Descriptions>
    </>
  );
}

/** One answer in words; a file answer as its name, which downloads the file. */
function AnswerValue({ guestId, answer }: { guestId: number; answer: GuestDetail['answers'][number] }) {
  const file = answerFile(answer);
  if (file) return <GuestAnswerFile guestId={guestId} file={file} />;
  return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{answer.text || '—'}</span>;
}

/** The sessions a date-schedule guest is enrolled in, with attendance times. */
export function GuestEnrolments({ guest }: { guest: GuestDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{t('guests.enrolments')}</Typography.Title>
      <Table<GuestEnrolment>
        rowKey="schedule_id"
        size="small"
        pagination={false}
        dataSource={guest.enrolments}
        locale={{ emptyText: <Empty description={t('guests.noEnrolments')} /> }}
        scroll={{ x: 560 }}
        style={{ marginBottom: 24 }}
        columns={[
          {
            key: 'name',
            title: t('guests.session'),
            render: (_, e) => `${e.schedule_name} (${e.date})`,
          },
          {
            key: 'first',
            title: t('guests.fields.firstInAt'),
            render: (_, e) => time(e.first_in_at),
          },
          { key: 'in', title: t('guests.fields.lastInAt'), render: (_, e) => time(e.last_in_at) },
          { key: 'out', title: t('guests.fields.lastOutAt'), render: (_, e) => time(e.last_out_at) },
        ]}
        data-testid="guest-enrolments"
      />
    </>
  );
}

/** The guest's scans: time, direction, session and station. */
export function GuestScans({ guest }: { guest: GuestDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{t('guests.scans')}</Typography.Title>
      <Table<GuestScan>
        rowKey="id"
        size="small"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={guest.scans}
        locale={{ emptyText: <Empty description={t('guests.noScans')} /> }}
        scroll={{ x: 480 }}
        columns={[
          { key: 'time', title: t('guests.time'), render: (_, s) => formatDateTime(s.created_at) },
          {
            key: 'type',
            title: t('guests.type'),
            render: (_, s) => (
              <Tag color={s.type === 'in' ? 'green' : 'blue'}>{t(`guests.directions.${s.type}`)}</Tag>
            ),
          },
          {
            key: 'session',
            title: t('guests.session'),
            render: (_, s) => s.schedule_name ?? t('guests.wholeMeeting'),
          },
          {
            key: 'station',
            title: t('guests.station'),
            dataIndex: 'station',
            render: (station: string) => (station === MANUAL_STATION ? t('guests.manualStation') : station),
          },
        ]}
        data-testid="guest-scans"
        style={{ marginBottom: 24 }}
      />
    </>
  );
}
