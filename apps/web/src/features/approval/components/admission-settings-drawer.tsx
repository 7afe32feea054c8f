import { useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Flex, Form, InputNumber, Radio, Switch, Typography } from 'antd';
import { nameIn } from '@meetflow/shared/languages';
import { admissionSettingsBody, type AdmissionSettings } from '@meetflow/shared/schemas/approval';
import { ApiError } from '../../../lib/http.ts';
import { useUserTypes } from '../../../lib/dictionary-queries.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { toast } from '../../../lib/toast.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useSaveAdmission } from '../approval-api.ts';
import { approvalModes, settingsBody, settingsValues, type SettingsValues } from '../approval-logic.ts';
import '../i18n.ts';

const FIELDS = [
  'approval',
  'approval_holds_seat',
  'approval_user_type_ids',
  'reject_erase_days',
  'group_max',
] as const;

/**
 * Who may register to a meeting (issue 45): whether sign-ups wait for approval (all, or those of
 * chosen registration types), whether a waiting sign-up holds its seat, how soon a rejected
 * applicant's data goes, and how large a group booking may be. The server checks and audits the save.
 */
export function AdmissionSettingsDrawer(props: {
  meetingId: number;
  dateSchedule: boolean;
  settings: AdmissionSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<SettingsValues>();
  const save = useSaveAdmission(props.meetingId);
  const types = useUserTypes(props.dateSchedule ? props.meetingId : undefined);
  const [error, setError] = useState<string | null>(null);
  const mode = Form.useWatch('approval', form) ?? props.settings.approval;
  const shape = admissionSettingsBody.shape;

  async function submit(values: SettingsValues) {
    setError(null);
    try {
      await save.mutateAsync(settingsBody(values));
      toast.success(t('approval.settings.saved'));
      props.onClose();
    } catch (failure) {
      const fields = failure instanceof ApiError ? fieldErrors(failure.data, FIELDS) : [];
      if (fields.length > 0) form.setFields(fields);
      else setError(refusalText(failure));
    }
  }

  return (
    <Drawer
      open
      title={t('approval.settings.title')}
      onClose={props.onClose}
      size={480}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={props.onClose}>{t('approval.settings.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="admission-save"
          >
            {t('approval.settings.save')}
          </Button>
        </Flex>
      }
      data-testid="admission-drawer"
    >
      <Form<SettingsValues>
        form={form}
        layout="vertical"
        initialValues={settingsValues(props.settings)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="approval" label={t('approval.settings.approval')}>
          <Radio.Group data-testid="admission-mode">
            <Flex vertical gap={8}>
              {approvalModes(props.dateSchedule, props.settings.approval).map((value) => (
                <Radio key={value} value={value} data-testid={`admission-mode-${value}`}>
                  {t(`approval.settings.modes.${value}`)}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        {mode === 'types' && (
          <Form.Item
            name="approval_user_type_ids"
            label={t('approval.settings.types')}
            extra={t('approval.settings.typesHelp')}
            rules={[{ type: 'array', min: 1, message: t('approval.settings.typesNeeded') }]}
          >
            {types.data && types.data.length === 0 ? (
              <Typography.Text type="secondary">{t('approval.settings.noTypes')}</Typography.Text>
            ) : (
              <Checkbox.Group
                data-testid="admission-types"
                options={(types.data ?? []).map((type) => ({
                  value: type.id,
                  label: nameIn(lang, type.name, type.name_cn, type.name_en),
                }))}
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              />
            )}
          </Form.Item>
        )}
        <Form.Item
          name="approval_holds_seat"
          label={t('approval.settings.holdsSeat')}
          extra={t('approval.settings.holdsSeatHelp')}
          valuePropName="checked"
        >
          {/* No text inside: white on the off state's grey is unreadable (1.8:1); the label says it. */}
          <Switch disabled={mode === 'none'} data-testid="admission-holds-seat" />
        </Form.Item>
        <Form.Item
          name="reject_erase_days"
          label={t('approval.settings.eraseDays')}
          extra={t('approval.settings.eraseDaysHelp')}
          rules={[zodRule(shape.reject_erase_days, lang)]}
        >
          <InputNumber
            precision={0}
            suffix={t('approval.settings.days')}
            style={{ width: 160 }}
            data-testid="admission-erase-days"
          />
        </Form.Item>
        <Form.Item
          name="group_max"
          label={t('approval.settings.groupMax')}
          extra={t('approval.settings.groupMaxHelp')}
          rules={[zodRule(shape.group_max, lang)]}
        >
          <InputNumber precision={0} style={{ width: 160 }} data-testid="admission-group-max" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </Drawer>
  );
}
