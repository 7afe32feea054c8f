import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Space,
  Spin,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import {
  EDITABLE_MAIL_TYPES,
  MAIL_BODY_MAX,
  MAIL_REMINDER_HOURS_MAX,
  MAIL_SUBJECT_MAX,
  type EditableMailType,
  type MailSettings,
  type MailSettingsBody,
} from '@meetflow/shared/schemas/mail';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MailPlaceholders } from '../../../components/mail-placeholders.tsx';
import { MAIL_PREVIEW_PERMISSIONS, MailPreview } from '../../../components/mail-preview.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { insertAtCursor } from '../../../lib/text-insert.ts';
import { toast } from '../../../lib/toast.ts';
import { useMailSettings, useSaveMailSettings } from '../mail-settings-api.ts';
import {
  changedTemplates,
  editableTexts,
  formField,
  isDefaultText,
  isLanguage,
  isMailType,
  textPath,
  type MailTexts,
  type TextPart,
  type TextPath,
} from '../mail-templates.ts';
import './mail-settings.css';
import '../mail-settings-i18n.ts';

interface FormValues {
  confirmation_enabled: boolean;
  lookup_code_by_email: boolean;
  reminder_on: boolean;
  reminder_hours: number | null;
  templates: MailTexts;
}

/** The hours a reminder starts with when it is switched on for the first time. */
const DEFAULT_REMINDER_HOURS = 24;

function toFormValues(settings: MailSettings): FormValues {
  return {
    confirmation_enabled: settings.confirmation_enabled,
    lookup_code_by_email: settings.lookup_code_by_email,
    reminder_on: settings.reminder_hours > 0,
    reminder_hours: settings.reminder_hours > 0 ? settings.reminder_hours : DEFAULT_REMINDER_HOURS,
    templates: editableTexts(settings),
  };
}

/** The id Ant Design gives the input of a form field without a form name. */
const inputId = (path: readonly string[]) => path.join('_');

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
  const [form] = Form.useForm<FormValues>();
  const query = useMailSettings(meetingId, open);
  const save = useSaveMailSettings(meetingId);
  const [type, setType] = useState<EditableMailType>('confirmation');
  // The user's own language first: the text they are most likely to edit.
  const [textLang, setTextLang] = useState<Language>(lang);
  // The field a placeholder goes into: the subject or body last focused in the open tab.
  const lastFocused = useRef<{ path: TextPath; element: HTMLInputElement | HTMLTextAreaElement } | null>(
    null,
  );
  const texts = Form.useWatch('templates', { form, preserve: true }) as MailTexts | undefined;
  const reminderOn = Form.useWatch('reminder_on', form) as boolean | undefined;
  const lookupCode = Form.useWatch('lookup_code_by_email', form) as boolean | undefined;

  // Fresh data (the refetch on open, or the answer of a save) replaces every field.
  const data = open ? query.data : undefined;
  useEffect(() => {
    if (data) form.setFieldsValue(toFormValues(data));
  }, [data, form]);

  const required = { required: true, whitespace: true, message: fieldMessage('required', lang) };
  const longest = (max: number) => ({ max, message: fieldMessage('tooLong', lang, max) });

  function showTabOf(name: readonly (string | number)[] | undefined) {
    if (name?.[0] !== 'templates') return;
    if (isMailType(name[1])) setType(name[1]);
    if (isLanguage(name[2])) setTextLang(name[2]);
  }

  async function onFinish() {
    if (!data) return;
    // Every tab's fields, the ones not shown included.
    const values = form.getFieldsValue(true) as FormValues;
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

  function reset(textType: EditableMailType, textLanguage: Language) {
    const fallback = data?.defaults[textType]?.[textLanguage];
    if (!fallback) return;
    form.setFields(
      (['subject', 'body'] as const).map((part) => ({
        name: textPath(textType, textLanguage, part),
        value: fallback[part],
        errors: [],
      })),
    );
  }

  function insertPlaceholder(placeholder: string) {
    const focused = lastFocused.current;
    const inOpenTab = focused && focused.path[1] === type && focused.path[2] === textLang;
    const path = inOpenTab ? focused.path : textPath(type, textLang, 'body');
    const element = inOpenTab
      ? focused.element
      : (document.getElementById(inputId(path)) as HTMLTextAreaElement | null);
    const current = String(form.getFieldValue(path) ?? '');
    const { value, caret } = insertAtCursor(
      current,
      element?.selectionStart,
      element?.selectionEnd,
      `{${placeholder}}`,
    );
    form.setFieldValue(path, value);
    void form.validateFields([path]).catch(() => undefined);
    // Back to the text, the caret after the placeholder, once the input shows the new value.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  const remember = (path: TextPath) => (event: { target: HTMLInputElement | HTMLTextAreaElement }) => {
    lastFocused.current = { path, element: event.target };
  };

  const textPane = (textType: EditableMailType, textLanguage: Language) => {
    const edited = !isDefaultText(
      texts?.[textType]?.[textLanguage],
      data?.defaults[textType]?.[textLanguage],
    );
    const label = (part: TextPart) =>
      `${t(`meetingMail.types.${textType}`)} · ${LANGUAGE_NAMES[textLanguage]} · ${t(`meetingMail.${part}`)}`;
    const testId = (part: TextPart) => `mail-${part}-${textType}-${textLanguage}`;
    return (
      <div className="mf-mail-text">
        <div className="mf-mail-text-head">
          {/* A state, not a control: readable in the read-only form too (the form's disabled greys it). */}
          <Tag
            color={edited ? 'blue' : 'default'}
            disabled={false}
            data-testid={`mail-state-${textType}-${textLanguage}`}
          >
            {t(edited ? 'meetingMail.edited' : 'meetingMail.isDefault')}
          </Tag>
          {canEdit && (
            <Button
              size="small"
              disabled={!edited}
              onClick={() => reset(textType, textLanguage)}
              data-testid={`mail-reset-${textType}-${textLanguage}`}
            >
              {t('meetingMail.resetDefault')}
            </Button>
          )}
        </div>
        <Form.Item
          name={textPath(textType, textLanguage, 'subject')}
          label={t('meetingMail.subject')}
          rules={[required, longest(MAIL_SUBJECT_MAX)]}
        >
          <Input
            count={{ show: true, max: MAIL_SUBJECT_MAX }}
            aria-label={label('subject')}
            onFocus={remember(textPath(textType, textLanguage, 'subject'))}
            data-testid={testId('subject')}
          />
        </Form.Item>
        <Form.Item
          name={textPath(textType, textLanguage, 'body')}
          label={t('meetingMail.body')}
          rules={[required, longest(MAIL_BODY_MAX)]}
        >
          <Input.TextArea
            autoSize={{ minRows: 6, maxRows: 16 }}
            count={{ show: true, max: MAIL_BODY_MAX }}
            aria-label={label('body')}
            onFocus={remember(textPath(textType, textLanguage, 'body'))}
            data-testid={testId('body')}
          />
        </Form.Item>
      </div>
    );
  };

  const typeTabs = EDITABLE_MAIL_TYPES.map((textType) => ({
    key: textType,
    label: t(`meetingMail.types.${textType}`),
    forceRender: true,
    children: (
      <Tabs
        size="small"
        activeKey={textLang}
        onChange={(key) => setTextLang(key as Language)}
        items={LANGUAGES.map((textLanguage) => ({
          key: textLanguage,
          label: <span lang={textLanguage}>{LANGUAGE_NAMES[textLanguage]}</span>,
          forceRender: true,
          children: textPane(textType, textLanguage),
        }))}
        data-testid={`mail-languages-${textType}`}
      />
    ),
  }));

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
              <Form<FormValues>
                form={form}
                layout="vertical"
                initialValues={toFormValues(data)}
                disabled={!canEdit}
                onFinish={() => void onFinish()}
                onFinishFailed={({ errorFields }) => showTabOf(errorFields[0]?.name)}
                className="mf-mail-form"
                data-testid="mail-settings-form"
              >
                <Form.Item
                  name="confirmation_enabled"
                  label={t('meetingMail.confirmationEnabled')}
                  valuePropName="checked"
                >
                  <Switch data-testid="mail-confirmation-enabled" />
                </Form.Item>
                <Form.Item label={t('meetingMail.reminder')} extra={t('meetingMail.reminderHelp')}>
                  <Space wrap align="center">
                    <Form.Item name="reminder_on" valuePropName="checked" noStyle>
                      <Switch
                        aria-label={t('meetingMail.reminderEnabled')}
                        data-testid="mail-reminder-enabled"
                      />
                    </Form.Item>
                    <span aria-hidden="true">{t('meetingMail.reminderEnabled')}</span>
                    <Space.Compact>
                      <Form.Item
                        name="reminder_hours"
                        noStyle
                        dependencies={['reminder_on']}
                        rules={[
                          ({ getFieldValue }) => ({
                            validator: (_: unknown, value: number | null | undefined) => {
                              if (!getFieldValue('reminder_on')) return Promise.resolve();
                              if (value === null || value === undefined)
                                return Promise.reject(new Error(fieldMessage('required', lang)));
                              if (value < 1)
                                return Promise.reject(new Error(fieldMessage('tooSmall', lang, 1)));
                              if (value > MAIL_REMINDER_HOURS_MAX)
                                return Promise.reject(
                                  new Error(fieldMessage('tooBig', lang, MAIL_REMINDER_HOURS_MAX)),
                                );
                              return Promise.resolve();
                            },
                          }),
                        ]}
                      >
                        <InputNumber
                          min={1}
                          max={MAIL_REMINDER_HOURS_MAX}
                          precision={0}
                          disabled={!canEdit || !reminderOn}
                          aria-label={t('meetingMail.reminderHours')}
                          style={{ width: 96 }}
                          data-testid="mail-reminder-hours"
                        />
                      </Form.Item>
                      <Space.Addon>{t('meetingMail.hoursBefore')}</Space.Addon>
                    </Space.Compact>
                  </Space>
                </Form.Item>

                <Form.Item
                  name="lookup_code_by_email"
                  label={t('meetingMail.lookupCodeByEmail')}
                  extra={t('meetingMail.lookupCodeByEmailHelp')}
                  valuePropName="checked"
                >
                  <Switch data-testid="mail-lookup-code" />
                </Form.Item>
                {lookupCode && !data.mail_server_configured && (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('meetingMail.lookupCodeNoServer')}
                    style={{ marginBottom: 16 }}
                    data-testid="mail-lookup-code-no-server"
                  />
                )}

                <Typography.Title level={5}>{t('meetingMail.texts')}</Typography.Title>
                <Typography.Paragraph type="secondary">{t('meetingMail.textsHelp')}</Typography.Paragraph>
                <Tabs
                  activeKey={type}
                  onChange={(key) => setType(key as EditableMailType)}
                  items={typeTabs}
                  data-testid="mail-types"
                />
                {canEdit && data.placeholders.length > 0 && (
                  <MailPlaceholders
                    names={data.placeholders}
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
