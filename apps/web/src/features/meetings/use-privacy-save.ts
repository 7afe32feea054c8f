import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { PrivacySettings } from '@meetflow/shared/schemas/privacy';
import { ApiError } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { useSavePrivacy } from './privacy-api.ts';
import { eraseDate, privacyBody, privacyFormField, type PrivacyFormValues } from './privacy-logic.ts';

/**
 * Saving the privacy form: field messages from the server on their fields, and a save that would
 * erase within minutes held in `confirmingPast` until the meeting's name is typed.
 */
export function usePrivacySave(
  meetingId: number,
  form: FormInstance<PrivacyFormValues>,
  data: PrivacySettings | undefined,
) {
  const { t } = useTranslation();
  const saving = useSavePrivacy(meetingId);
  // A save that would erase within minutes, waiting for the typed name.
  const [confirmingPast, setConfirmingPast] = useState<PrivacyFormValues | null>(null);

  /** `confirm`: the typed name, when the new period erases at once (the server asks for it too). */
  async function save(values: PrivacyFormValues, confirm?: string) {
    if (!data) return;
    try {
      const body = privacyBody(values, data.default_notice);
      await saving.mutateAsync(confirm === undefined ? body : { ...body, confirm });
      toast.success(t('message.saveSuccess'));
    } catch (error) {
      const fields = error instanceof ApiError ? (error.data as { fields?: unknown } | null)?.fields : null;
      if (typeof fields !== 'object' || fields === null) return;
      form.setFields(
        Object.entries(fields as Record<string, unknown>).flatMap(([path, message]) => {
          const name = privacyFormField(path);
          return name && typeof message === 'string' ? [{ name, errors: [message] }] : [];
        }),
      );
    }
  }

  function onFinish() {
    if (!data) return;
    const values = form.getFieldsValue(true) as PrivacyFormValues;
    // A shorter period whose date has passed erases within minutes: the same typed name as "erase now".
    const at = eraseDate(data.meeting_end_at, values.retention_days);
    const erasesNow =
      data.purged_at === null &&
      at !== null &&
      at <= Date.now() &&
      values.retention_days !== data.retention_days;
    if (erasesNow) setConfirmingPast(values);
    else void save(values);
  }

  return { saving, save, onFinish, confirmingPast, setConfirmingPast };
}
