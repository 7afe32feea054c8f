import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Space, Spin, Typography } from 'antd';
import type { Language } from '@meetflow/shared/languages';
import type { EditableMailType } from '@meetflow/shared/schemas/mail';
import { LoadError } from '../../../components/load-error.tsx';
import { MailPlaceholders } from '../../../components/mail-placeholders.tsx';
import { MAIL_PREVIEW_PERMISSIONS, MailPreview } from '../../../components/mail-preview.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useAnswerFields } from '../../../lib/meeting-form-queries.ts';
import { useMailSettings } from '../mail-settings-api.ts';
import { toFormValues, type MailFormValues } from '../mail-settings-values.ts';
import { isLanguage, isMailType, type MailTexts } from '../mail-templates.ts';
import { useMailPlaceholder } from '../use-mail-placeholder.ts';
import { useMailSettingsSave } from '../use-mail-settings-save.ts';
import { MailGeneralFields } from './mail-general-fields.tsx';
import { MailTextTabs } from './mail-texts.tsx';
import './mail-settings.css';
import '../mail-settings-i18n.ts';

/**
 * A meeting's guest mail (issue 15): whether sign-ups get a confirmation, the reminder, and the
 * subject and body of each mail in each language, with a live preview of the text being edited.
 * Without meeting:edit everything is shown read-only, and without the preview's permissions (meeting:edit
 * or guest:edit) no preview: it renders a guest's ticket.
 */
export function MailSettingsDrawer(props: { meetingId: number; open: boolean; onClose: () => void }) {
  const { meetingId, open, onClose } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { hasAny } = usePermission();
  const canEdit = hasAny('meeting:edit');
  // A preview renders a guest's ticket: door staff and other readers see the texts only.
  const canPreview = hasAny(MAIL_PREVIEW_PERMISSIONS);
  const [form] = Form.useForm<MailFormValues>();
  const query = useMailSettings(meetingId, open);
  const answerFields = useAnswerFields(meetingId, open && canEdit);
  const [type, setType] = useState<EditableMailType>('confirmation');
  // The user's own language first: the text they are most likely to edit.
  const [textLang, setTextLang] = useState<Language>(lang);
  const { remember, insertPlaceholder } = useMailPlaceholder(form, type, textLang);
  const texts = Form.useWatch('templates', { form, preserve: true }) as MailTexts | undefined;
  const reminderOn = Form.useWatch('reminder_on', form) as boolean | undefined;
  const lookupCode = Form.useWatch('lookup_code_by_email', form) as boolean | undefined;

  // Fresh data (the refetch on open, or the answer of a save) replaces every field.
  const data = open ? query.data : undefined;
  useEffect(() => {
    if (data) form.setFieldsValue(toFormValues(data));
  }, [data, form]);

  function showTabOf(name: readonly (string | number)[] | undefined) {
    if (name?.[0] !== 'templates') return;
    if (isMailType(name[1])) setType(name[1]);
    if (isLanguage(name[2])) setTextLang(name[2]);
  }

  const { save, onFinish } = useMailSettingsSave(meetingId, form, data, onClose, showTabOf);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('meetingMail.title')}
      size="min(1200px, 100vw)"
      placement="right"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t(canEdit ? 'meetingMail.cancel' : 'meetingMail.close')}</Button>
          {canEdit && (
            <Button
              type="primary"
              loading={save.isPending}
              disabled={!data}
              onClick={() => form.submit()}
              data-testid="mail-save"
            >
              {t('meetingMail.save')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="mail-settings-drawer">
        {query.isError ? (
          <LoadError
            title={t('meetingMail.loadFailed')}
            reason={query.error.message}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : !data ? (
          <div className="mf-mail-loading">
            <Spin />
          </div>
        ) : (
          <>
            {!data.mail_server_configured && (
              <Alert
                type="info"
                showIcon
                title={t('meetingMail.noServer')}
                style={{ marginBottom: 16 }}
                data-testid="mail-no-server"
              />
            )}
            {!canEdit && (
              <Alert
                type="warning"
                showIcon
                title={t('meetingMail.readOnly')}
                style={{ marginBottom: 16 }}
                data-testid="mail-read-only"
              />
            )}
            <div className="mf-mail-layout">
              <Form<MailFormValues>
                form={form}
                layout="vertical"
                initialValues={toFormValues(data)}
                disabled={!canEdit}
                onFinish={() => void onFinish()}
                onFinishFailed={({ errorFields }) => showTabOf(errorFields[0]?.name)}
                className="mf-mail-form"
                data-testid="mail-settings-form"
              >
                <MailGeneralFields
                  canEdit={canEdit}
                  reminderOn={reminderOn}
                  lookupCode={lookupCode}
                  mailServerConfigured={data.mail_server_configured}
                />

                <Typography.Title level={5}>{t('meetingMail.texts')}</Typography.Title>
                <Typography.Paragraph type="secondary">{t('meetingMail.textsHelp')}</Typography.Paragraph>
                <MailTextTabs
                  form={form}
                  defaults={data.defaults}
                  texts={texts}
                  canEdit={canEdit}
                  type={type}
                  onType={setType}
                  textLang={textLang}
                  onTextLang={setTextLang}
                  remember={remember}
                />
                {canEdit && data.placeholders.length > 0 && (
                  <MailPlaceholders
                    names={data.placeholders}
                    answerFields={answerFields}
                    onInsert={insertPlaceholder}
                    testIdPrefix="mail"
                  />
                )}
              </Form>
              {canPreview && (
                <MailPreview
                  meetingId={meetingId}
                  type={type}
                  language={textLang}
                  text={texts?.[type]?.[textLang]}
                />
              )}
            </div>
          </>
        )}
      </div>
    </Drawer>
  );
}
