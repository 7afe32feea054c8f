import { Alert, Button, Checkbox, Form, Input, Segmented, Space, Switch, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { PRIVACY_NOTICE_MAX } from '@meetflow/shared/schemas/privacy';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { currentLanguage, i18n, useTranslation } from '../../../lib/i18n.ts';
import { isDefaultNotice, shownNotice, type NoticeTexts, type PrivacyFormValues } from '../privacy-logic.ts';
import '../privacy-i18n.ts';

/** The notice part of the privacy form: on or off, its text in each language, and the preview. */
export function PrivacyNoticeFields(props: {
  form: FormInstance<PrivacyFormValues>;
  texts: Partial<NoticeTexts> | undefined;
  defaults: NoticeTexts;
  enabled: boolean;
  canEdit: boolean;
  previewLang: Language;
  onPreviewLang: (lang: Language) => void;
}) {
  const { form, texts, canEdit, previewLang, onPreviewLang: setPreviewLang } = props;
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={2} className="mf-privacy-heading">
        {t('meetingPrivacy.noticeTitle')}
      </Typography.Title>
      <Form.Item
        name="notice_enabled"
        label={t('meetingPrivacy.noticeEnabled')}
        extra={t('meetingPrivacy.noticeEnabledHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="privacy-notice-enabled" />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('meetingPrivacy.noticeTextsHelp')}</Typography.Paragraph>
      <div className="mf-privacy-notice">
        <div>
          {LANGUAGES.map((textLang) => (
            <NoticeField
              key={textLang}
              textLang={textLang}
              value={texts?.[textLang]}
              fallback={props.defaults[textLang]}
              canEdit={canEdit}
              onFocus={() => setPreviewLang(textLang)}
              onDefault={(value) => {
                form.setFields([{ name: ['notice', textLang], value, errors: [] }]);
                setPreviewLang(textLang);
              }}
            />
          ))}
        </div>
        <NoticePreview
          enabled={props.enabled}
          lang={previewLang}
          onLang={setPreviewLang}
          text={shownNotice(texts, props.defaults, previewLang)}
        />
      </div>
    </>
  );
}

/** One language's notice: empty reads as the default, shown in grey in the box. */
function NoticeField(props: {
  textLang: Language;
  value: string | undefined;
  fallback: string;
  canEdit: boolean;
  onFocus: () => void;
  onDefault: (value: string) => void;
}) {
  const { textLang, value, fallback, canEdit } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const isDefault = isDefaultNotice(value, fallback);
  const empty = !value?.trim();
  return (
    <Form.Item
      name={['notice', textLang]}
      label={
        <Space size={8} wrap>
          <span lang={textLang}>{LANGUAGE_NAMES[textLang]}</span>
          <Tag color={isDefault ? 'default' : 'blue'} data-testid={`privacy-notice-state-${textLang}`}>
            {t(isDefault ? 'meetingPrivacy.isDefault' : 'meetingPrivacy.edited')}
          </Tag>
          {canEdit && (
            <Button
              size="small"
              // Empty: start from the default's words; written: back to the default (empty).
              onClick={() => props.onDefault(empty ? fallback : '')}
              data-testid={`privacy-notice-default-${textLang}`}
            >
              {t(empty ? 'meetingPrivacy.editDefault' : 'meetingPrivacy.useDefault')}
            </Button>
          )}
        </Space>
      }
      rules={[{ max: PRIVACY_NOTICE_MAX, message: fieldMessage('privacyNoticeTooLong', lang) }]}
    >
      <Input.TextArea
        lang={textLang}
        placeholder={fallback}
        autoSize={{ minRows: 4, maxRows: 12 }}
        count={{ show: true, max: PRIVACY_NOTICE_MAX }}
        aria-label={`${t('meetingPrivacy.noticeTitle')} · ${LANGUAGE_NAMES[textLang]}`}
        onFocus={props.onFocus}
        data-testid={`privacy-notice-${textLang}`}
      />
    </Form.Item>
  );
}

/** The notice as a visitor reads it on the sign-up form, in the language picked. */
function NoticePreview(props: {
  enabled: boolean;
  lang: Language;
  onLang: (lang: Language) => void;
  text: string;
}) {
  const { t } = useTranslation();
  // The visitor's words, in the previewed language whatever the interface's.
  const visitorT = i18n.getFixedT(props.lang);
  return (
    <section
      className="mf-privacy-preview"
      aria-label={t('meetingPrivacy.preview')}
      data-testid="privacy-preview"
    >
      <div className="mf-privacy-preview-head">
        <Typography.Text strong>{t('meetingPrivacy.preview')}</Typography.Text>
        <Segmented<Language>
          size="small"
          value={props.lang}
          onChange={props.onLang}
          options={LANGUAGES.map((lang) => ({
            value: lang,
            label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
          }))}
          aria-label={t('meetingPrivacy.previewLanguage')}
          data-testid="privacy-preview-language"
        />
      </div>
      {props.enabled ? (
        <div className="mf-privacy-preview-card" lang={props.lang}>
          <Typography.Title level={3} className="mf-privacy-preview-title">
            {visitorT('meetingPrivacy.previewHeading')}
          </Typography.Title>
          <div className="mf-privacy-preview-text" data-testid="privacy-preview-text">
            {props.text}
          </div>
          {/* A picture of the form's box: nothing to tick here. */}
          <Checkbox disabled>{visitorT('meetingPrivacy.previewConsent')}</Checkbox>
        </div>
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('meetingPrivacy.previewOff')}
          data-testid="privacy-preview-off"
        />
      )}
    </section>
  );
}
