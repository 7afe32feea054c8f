import { Link } from 'react-router';
import { Alert, Form, Radio, Tabs, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import type { MailText } from '@meetflow/shared/schemas/mail';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { MailPlaceholders } from '../../../components/mail-placeholders.tsx';
import { MailPreview } from '../../../components/mail-preview.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAnswerFields } from '../../../lib/meeting-form-queries.ts';
import { BROADCAST_PLACEHOLDERS } from '../broadcast-logic.ts';
import type { BroadcastCompose, BroadcastFormValues } from '../use-broadcast-compose.ts';
import { BroadcastTextPane } from './broadcast-text-pane.tsx';

/** Whom the broadcast reaches: every guest, or those the guest list's filters (listed) match. */
function BroadcastRecipients({
  filtered,
  filterLabels,
}: {
  filtered: boolean;
  filterLabels: readonly { label: string; value: string }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="recipients" label={t('broadcast.recipients')} style={{ marginBottom: 8 }}>
        <Radio.Group className="mf-broadcast-recipients" data-testid="broadcast-recipients">
          <Radio value="all" data-testid="broadcast-recipients-all">
            {t('broadcast.allGuests')}
          </Radio>
          <Radio value="filtered" disabled={!filtered} data-testid="broadcast-recipients-filtered">
            {t('broadcast.filteredGuests')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <div className="mf-broadcast-filters" data-testid="broadcast-filters">
        {filtered ? (
          <ul>
            {filterLabels.map(({ label, value }) => (
              <li key={label}>{t('broadcast.filterItem', { label, value })}</li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">{t('broadcast.noFilters')}</Typography.Text>
        )}
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('broadcast.unsubscribedNote')}
        </Typography.Paragraph>
      </div>
    </>
  );
}

/** The broadcast's first tab: the recipients, the texts in every language and the live preview. */
export function BroadcastComposeForm(props: {
  meetingId: number;
  compose: BroadcastCompose;
  filterLabels: readonly { label: string; value: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { compose } = props;
  const { form, filtered, written, fallback, textLang } = compose;
  const answerFields = useAnswerFields(props.meetingId);
  return (
    <div className="mf-mail-layout">
      <Form<BroadcastFormValues>
        form={form}
        layout="vertical"
        initialValues={{ recipients: filtered ? 'filtered' : 'all', texts: {} }}
        className="mf-broadcast-form"
        data-testid="broadcast-form"
      >
        <BroadcastRecipients filtered={filtered} filterLabels={props.filterLabels} />

        <Typography.Title level={5}>{t('broadcast.texts')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('broadcast.textsHelp')}</Typography.Paragraph>
        {fallback && (
          <Typography.Paragraph data-testid="broadcast-fallback">
            {t('broadcast.fallbackNote', { language: LANGUAGE_NAMES[fallback] })}
          </Typography.Paragraph>
        )}
        <Tabs
          size="small"
          activeKey={textLang}
          onChange={(key) => compose.setTextLang(key as Language)}
          items={LANGUAGES.map((language) => ({
            key: language,
            label: (
              <span className="mf-broadcast-tab">
                <span lang={language}>{LANGUAGE_NAMES[language]}</span>
                {written[language] && (
                  <CheckCircleOutlined
                    aria-label={t('broadcast.written')}
                    className="mf-broadcast-written"
                    data-testid={`broadcast-written-${language}`}
                  />
                )}
              </span>
            ),
            forceRender: true,
            children: <BroadcastTextPane language={language} compose={compose} />,
          }))}
          data-testid="broadcast-languages"
        />
        <MailPlaceholders
          names={BROADCAST_PLACEHOLDERS}
          answerFields={answerFields}
          onInsert={compose.insertPlaceholder}
          testIdPrefix="broadcast"
        />
        {compose.noText && (
          <Alert
            type="error"
            showIcon
            title={t('broadcast.noText')}
            style={{ marginTop: 16 }}
            role="alert"
            data-testid="broadcast-no-text"
          />
        )}
        {compose.noOwnEmail && (
          <Alert
            type="warning"
            showIcon
            title={t('broadcast.noOwnEmail')}
            style={{ marginTop: 16 }}
            role="alert"
            action={
              <Link to="/personal/setting" onClick={props.onClose} data-testid="broadcast-open-personal">
                {t('broadcast.openPersonal')}
              </Link>
            }
            data-testid="broadcast-no-own-email"
          />
        )}
      </Form>
      <MailPreview
        meetingId={props.meetingId}
        type="broadcast"
        language={textLang}
        text={compose.drafts?.[textLang] as MailText}
      />
    </div>
  );
}
