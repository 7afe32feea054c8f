import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  meetingOptions,
  sessionOptions,
  useMeetingChoices,
  useSessionChoices,
} from '../../../lib/meeting-options.ts';
import { SCAN_DIRECTIONS, STATION_NAME_MAX, type StationSettings } from '../scan-station.ts';
import '../i18n.ts';

interface SetupValues {
  meetingId: number;
  scheduleId: number;
  direction: StationSettings['direction'];
  name: string;
}

/** 0 stands for "whole meeting" in the select (antd shows no option for null). */
const WHOLE_MEETING = 0;

/** Chooses what this door station scans for; the choice is remembered in this browser. */
export function ScanSetupDialog(props: {
  initial: StationSettings;
  onStart: (settings: StationSettings) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SetupValues>();
  const meetingId = Form.useWatch('meetingId', form) as number | undefined;
  const meetings = useMeetingChoices();
  const sessions = useSessionChoices(meetingId);

  return (
    <Modal
      open
      title={t('attendance.startScan')}
      okText={t('attendance.startScan')}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      okButtonProps={{ 'data-testid': 'scan-setup-start' }}
      destroyOnHidden
      data-testid="scan-setup"
    >
      <Form<SetupValues>
        form={form}
        layout="vertical"
        initialValues={{
          meetingId: props.initial.meetingId ?? undefined,
          scheduleId: props.initial.scheduleId ?? WHOLE_MEETING,
          direction: props.initial.direction,
          name: props.initial.name,
        }}
        onFinish={(values) =>
          props.onStart({
            meetingId: values.meetingId,
            scheduleId: values.scheduleId || null,
            direction: values.direction,
            name: values.name.trim(),
          })
        }
      >
        <Form.Item
          name="meetingId"
          label={t('attendance.meeting')}
          rules={[{ required: true, message: t('attendance.selectMeeting') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('attendance.selectMeeting')}
            loading={meetings.isLoading}
            options={meetingOptions(meetings.data?.items)}
            onChange={() => form.setFieldValue('scheduleId', WHOLE_MEETING)}
            data-testid="scan-setup-meeting"
          />
        </Form.Item>
        <Form.Item
          name="scheduleId"
          label={t('attendance.session')}
          // Not an empty list: door staff must see that the sessions are missing, not absent.
          {...(sessions.isError ? { validateStatus: 'error', help: t('attendance.sessionsFailed') } : {})}
        >
          <Select
            loading={sessions.isLoading}
            options={[
              { value: WHOLE_MEETING, label: t('attendance.wholeMeeting') },
              ...sessionOptions(sessions.data),
            ]}
            data-testid="scan-setup-session"
          />
        </Form.Item>
        <Form.Item name="direction" label={t('attendance.direction')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={SCAN_DIRECTIONS.map((d) => ({ value: d, label: t(`attendance.directions.${d}`) }))}
            data-testid="scan-setup-direction"
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('attendance.station')}
          extra={t('attendance.stationHelp')}
          rules={[{ required: true, whitespace: true, message: t('attendance.stationRequired') }]}
        >
          <Input
            maxLength={STATION_NAME_MAX}
            placeholder={t('attendance.stationPlaceholder')}
            data-testid="scan-setup-station"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
