import { Button, Drawer, Form, Space } from 'antd';
import type { Meeting } from '@meetflow/shared/schemas/meetings';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useOrganizationTree, useSaveMeeting } from '../meetings-api.ts';
import { initialValues, serverFieldErrors, toBody, type MeetingFormValues } from '../meeting-form-values.ts';
import { MeetingDetailFields } from './meeting-detail-fields.tsx';
import { MeetingFileFields, MeetingWaitlistFields } from './meeting-extra-fields.tsx';
import '../i18n.ts';

interface Props {
  open: boolean;
  /** null: add a meeting. */
  meeting: Meeting | null;
  onClose: () => void;
}

/** The add/edit meeting form (spec §3 Meeting, §5), with the server's rules and messages mirrored. */
export function MeetingFormDrawer({ open, meeting, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MeetingFormValues>();
  const organizations = useOrganizationTree(open);
  const save = useSaveMeeting();
  const offerMode = Form.useWatch('waitlist_offer', form);

  async function submit(values: MeetingFormValues) {
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
      <Form<MeetingFormValues>
        key={meeting?.id ?? 'new'}
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={initialValues(meeting)}
        data-testid="meeting-form"
      >
        <MeetingDetailFields organizations={organizations} />
        <MeetingFileFields />
        <MeetingWaitlistFields offerMode={offerMode} />
      </Form>
    </Drawer>
  );
}
