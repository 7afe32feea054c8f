import { Button, Form, Input, Tabs, Tag } from 'antd';
import type { FormInstance } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import {
  EDITABLE_MAIL_TYPES,
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  type EditableMailType,
  type MailSettings,
} from '@meetflow/shared/schemas/mail';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import type { MailFormValues } from '../mail-settings-values.ts';
import { isDefaultText, textPath, type MailTexts, type TextPart, type TextPath } from '../mail-templates.ts';
import '../mail-settings-i18n.ts';

type Remember = (path: TextPath) => (event: { target: HTMLInputElement | HTMLTextAreaElement }) => void;

/** Each mail's subject and body in each language: a tab per mail type, and inside it a tab per language. */
export function MailTextTabs(props: {
  form: FormInstance<MailFormValues>;
  defaults: MailSettings['defaults'];
  texts: MailTexts | undefined;
  canEdit: boolean;
  type: EditableMailType;
  onType: (type: EditableMailType) => void;
  textLang: Language;
  onTextLang: (lang: Language) => void;
  remember: Remember;
}) {
  const { form, defaults, texts, type, textLang } = props;
  const { t } = useTranslation();

  function reset(textType: EditableMailType, textLanguage: Language) {
    const fallback = defaults[textType]?.[textLanguage];
    if (!fallback) return;
    form.setFields(
      (['subject', 'body'] as const).map((part) => ({
        name: textPath(textType, textLanguage, part),
        value: fallback[part],
        errors: [],
      })),
    );
  }

  const typeTabs = EDITABLE_MAIL_TYPES.map((textType) => ({
    key: textType,
    label: t(`meetingMail.types.${textType}`),
    forceRender: true,
    children: (
      <Tabs
        size="small"
        activeKey={textLang}
        onChange={(key) => props.onTextLang(key as Language)}
        items={LANGUAGES.map((textLanguage) => ({
          key: textLanguage,
          label: <span lang={textLanguage}>{LANGUAGE_NAMES[textLanguage]}</span>,
          forceRender: true,
          children: (
            <MailTextPane
              textType={textType}
              textLanguage={textLanguage}
              edited={!isDefaultText(texts?.[textType]?.[textLanguage], defaults[textType]?.[textLanguage])}
              canEdit={props.canEdit}
              onReset={() => reset(textType, textLanguage)}
              remember={props.remember}
            />
          ),
        }))}
        data-testid={`mail-languages-${textType}`}
      />
    ),
  }));

  return (
    <Tabs
      activeKey={type}
      onChange={(key) => props.onType(key as EditableMailType)}
      items={typeTabs}
      data-testid="mail-types"
    />
  );
}

/** One mail's subject and body in one language, with whether it is the default and a reset. */
function MailTextPane(props: {
  textType: EditableMailType;
  textLanguage: Language;
  edited: boolean;
  canEdit: boolean;
  onReset: () => void;
  remember: Remember;
}) {
  const { textType, textLanguage, edited, canEdit, remember } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const required = { required: true, whitespace: true, message: fieldMessage('required', lang) };
  const longest = (max: number) => ({ max, message: fieldMessage('tooLong', lang, max) });
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
            onClick={props.onReset}
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
}
