import type { FormInstance } from 'antd';
import type { MailSettings, MailSettingsBody } from '@meetflow/shared/schemas/mail';
import { ApiError } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveMailSettings } from './mail-settings-api.ts';
import type { MailFormValues } from './mail-settings-values.ts';
import { changedTemplates, formField } from './mail-templates.ts';

/**
 * Saving the mail settings: only the texts that differ from the defaults are sent; the server's
 * field messages go on their fields and `showTabOf` opens the tab of the first one.
 */
export function useMailSettingsSave(
  meetingId: number,
  form: FormInstance<MailFormValues>,
  data: MailSettings | undefined,
  onClose: () => void,
  showTabOf: (name: readonly (string | number)[] | undefined) => void,
) {
  const { t } = useTranslation();
  const save = useSaveMailSettings(meetingId);

  async function onFinish() {
    if (!data) return;
    // Every tab's fields, the ones not shown included.
    const values = form.getFieldsValue(true) as MailFormValues;
    const body: MailSettingsBody = {
      confirmation_enabled: values.confirmation_enabled,
      reminder_hours: values.reminder_on ? Number(values.reminder_hours) : 0,
      lookup_code_by_email: values.lookup_code_by_email,
      templates: changedTemplates(values.templates, data.defaults),
    };
    try {
      await save.mutateAsync(body);
      toast.success(t('message.saveSuccess'));
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.data as { fields?: unknown } | null)?.fields : null;
      if (typeof fields !== 'object' || fields === null) return;
      const errors = Object.entries(fields as Record<string, unknown>).flatMap(([path, message]) => {
        const name = formField(path);
        return name && typeof message === 'string' ? [{ name, errors: [message] }] : [];
      });
      form.setFields(errors);
      showTabOf(errors[0]?.name);
    }
  }

  return { save, onFinish };
}
