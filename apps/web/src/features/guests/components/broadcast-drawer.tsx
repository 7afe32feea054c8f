import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Drawer, Form, Input, Radio, Space, Tabs, Typography } from 'antd';
import { CheckCircleOutlined, MailOutlined, SendOutlined } from '@ant-design/icons';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import {
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  type BroadcastFilters,
  type BroadcastTexts,
  type MailText,
} from '@meetflow/shared/schemas/mail';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { MailPlaceholders } from '../../../components/mail-placeholders.tsx';
import { MailPreview } from '../../../components/mail-preview.tsx';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { insertAtCursor } from '../../../lib/text-insert.ts';
import { toast } from '../../../lib/toast.ts';
import { BroadcastConfirm } from './broadcast-confirm.tsx';
import { BroadcastHistory } from './broadcast-history.tsx';
import { hasFilters } from '../broadcast-filters.ts';
import { BROADCAST_PLACEHOLDERS, checkTexts, readingLanguage } from '../broadcast-logic.ts';
import { useSendBroadcastTest } from '../broadcasts-api.ts';
import '../broadcast-i18n.ts';
import './broadcast.css';

type Drafts = Partial<Record<Language, Partial<MailText>>>;
interface FormValues {
  recipients: 'all' | 'filtered';
  texts: Drafts;
}
type Part = 'subject' | 'body';
type TextPath = ['texts', Language, Part];
const textPath = (language: Language, part: Part): TextPath => ['texts', language, part];
/** The id Ant Design gives the input of a form field without a form name. */
const inputId = (path: readonly string[]) => path.join('_');
const LIMITS = { subject: MAIL_SUBJECT_MAX, body: MAIL_BODY_MAX } as const;

/**
 * An organiser's message to the guests of a meeting (issue 15): to all of them or to those the guest
 * list's filters match, written in one or more languages with placeholders and a live preview, sent
 * to oneself as a test, then sent after confirming the number of recipients. The second tab follows
 * the meeting's broadcasts as they go out.
 */
export function BroadcastDrawer(props: {
  meetingId: number;
  meetingName: string;
  /** The guest list's current filters, and the same as text ("Status: Checked in"). */
  filters: BroadcastFilters;
  filterLabels: readonly { label: string; value: string }[];
  onClose: () => void;
}) {
  const { meetingId, filters, filterLabels, onClose } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const ownEmail = useSessionStore((s) => s.user?.email ?? null);
  const [form] = Form.useForm<FormValues>();
  const [tab, setTab] = useState<'compose' | 'history'>('compose');
  const [textLang, setTextLang] = useState<Language>(lang);
  const [noText, setNoText] = useState(false);
  const [noOwnEmail, setNoOwnEmail] = useState(false);
  const [confirming, setConfirming] = useState<{ filters: BroadcastFilters; texts: BroadcastTexts } | null>(
    null,
  );
  const sendTest = useSendBroadcastTest(meetingId);
  const lastFocused = useRef<{ path: TextPath; element: HTMLInputElement | HTMLTextAreaElement } | null>(
    null,
  );
  const drafts = Form.useWatch('texts', { form, preserve: true }) as Drafts | undefined;
  const recipients = (Form.useWatch('recipients', form) as FormValues['recipients'] | undefined) ?? 'all';
  const filtered = hasFilters(filters);
  const written = checkTexts(drafts).texts;
  const fallback = readingLanguage(written, 'zh-tw');

  /** The checked texts, or null after showing what is missing (on its tab). */
  async function validTexts() {
    setNoText(false);
    try {
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (first?.[0] === 'texts' && LANGUAGES.includes(first[1] as Language))
        setTextLang(first[1] as Language);
      return null;
    }
    const check = checkTexts(form.getFieldsValue(true).texts as Drafts);
    if (check.empty) {
      setNoText(true);
      return null;
    }
    return check.texts;
  }

  async function onSendTest() {
    setNoOwnEmail(false);
    const texts = await validTexts();
    if (!texts) return;
    try {
      await sendTest.mutateAsync({ texts, language: textLang });
      toast.success(
        ownEmail ? t('broadcast.testSent', { email: ownEmail }) : t('broadcast.testSentNoAddress'),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.NO_OWN_EMAIL.code) setNoOwnEmail(true);
      else if (error instanceof Error) toast.error(error.message);
    }
  }

  async function onSend() {
    const texts = await validTexts();
    if (!texts) return;
    setConfirming({ filters: recipients === 'filtered' ? filters : {}, texts });
  }

  function onSent() {
    setConfirming(null);
    form.resetFields();
    setTab('history');
  }

  function insertPlaceholder(placeholder: string) {
    const focused = lastFocused.current;
    const inOpenTab = focused && focused.path[1] === textLang;
    const path = inOpenTab ? focused.path : textPath(textLang, 'body');
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
    setNoText(false);
    void form
      .validateFields([path, textPath(textLang, path[2] === 'subject' ? 'body' : 'subject')])
      .catch(() => undefined);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  const remember = (path: TextPath) => (event: { target: HTMLInputElement | HTMLTextAreaElement }) => {
    lastFocused.current = { path, element: event.target };
  };

  /** A part is needed once the other part of its language is written; both keep to their limits. */
  const partRule =
    (language: Language, part: Part) =>
    ({ getFieldValue }: { getFieldValue: (name: TextPath) => unknown }) => ({
      validator: (_: unknown, value: unknown) => {
        const own = String(value ?? '').trim();
        const other = String(
          getFieldValue(textPath(language, part === 'subject' ? 'body' : 'subject')) ?? '',
        );
        if (!own && other.trim()) return Promise.reject(new Error(t('broadcast.required')));
        if (own.length > LIMITS[part]) {
          return Promise.reject(new Error(fieldMessage('tooLong', lang, LIMITS[part])));
        }
        return Promise.resolve();
      },
    });

  const textPane = (language: Language) => {
    const label = (part: Part) =>
      `${LANGUAGE_NAMES[language]} · ${t(part === 'subject' ? 'broadcast.subject' : 'broadcast.body')}`;
    return (
      <>
        <Form.Item
          name={textPath(language, 'subject')}
          label={t('broadcast.subject')}
          dependencies={[textPath(language, 'body')]}
          rules={[partRule(language, 'subject')]}
        >
          <Input
            count={{ show: true, max: MAIL_SUBJECT_MAX }}
            aria-label={label('subject')}
            onFocus={remember(textPath(language, 'subject'))}
            onChange={() => setNoText(false)}
            data-testid={`broadcast-subject-${language}`}
          />
        </Form.Item>
        <Form.Item
          name={textPath(language, 'body')}
          label={t('broadcast.body')}
          dependencies={[textPath(language, 'subject')]}
          rules={[partRule(language, 'body')]}
        >
          <Input.TextArea
            autoSize={{ minRows: 6, maxRows: 14 }}
            count={{ show: true, max: MAIL_BODY_MAX }}
            aria-label={label('body')}
            onFocus={remember(textPath(language, 'body'))}
            onChange={() => setNoText(false)}
            data-testid={`broadcast-body-${language}`}
          />
        </Form.Item>
      </>
    );
  };

  const compose = (
    <div className="mf-mail-layout">
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ recipients: filtered ? 'filtered' : 'all', texts: {} }}
        className="mf-broadcast-form"
        data-testid="broadcast-form"
      >
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
          onChange={(key) => setTextLang(key as Language)}
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
            children: textPane(language),
          }))}
          data-testid="broadcast-languages"
        />
        <MailPlaceholders
          names={BROADCAST_PLACEHOLDERS}
          onInsert={insertPlaceholder}
          testIdPrefix="broadcast"
        />
        {noText && (
          <Alert
            type="error"
            showIcon
            title={t('broadcast.noText')}
            style={{ marginTop: 16 }}
            role="alert"
            data-testid="broadcast-no-text"
          />
        )}
        {noOwnEmail && (
          <Alert
            type="warning"
            showIcon
            title={t('broadcast.noOwnEmail')}
            style={{ marginTop: 16 }}
            role="alert"
            action={
              <Link to="/personal/setting" onClick={onClose} data-testid="broadcast-open-personal">
                {t('broadcast.openPersonal')}
              </Link>
            }
            data-testid="broadcast-no-own-email"
          />
        )}
      </Form>
      <MailPreview
        meetingId={meetingId}
        type="broadcast"
        language={textLang}
        text={drafts?.[textLang] as MailText}
      />
    </div>
  );

  return (
    <Drawer
      open
      onClose={onClose}
      title={`${t('broadcast.title')} · ${props.meetingName}`}
      size="min(1200px, 100vw)"
      placement="right"
      destroyOnHidden
      footer={
        tab === 'compose' ? (
          <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button
              icon={<MailOutlined />}
              loading={sendTest.isPending}
              onClick={() => void onSendTest()}
              data-testid="broadcast-test"
            >
              {t('broadcast.sendTest')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void onSend()}
              data-testid="broadcast-send"
            >
              {t('broadcast.send')}
            </Button>
          </Space>
        ) : null
      }
    >
      <div data-testid="broadcast-drawer">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'compose' | 'history')}
          items={[
            { key: 'compose', label: t('broadcast.compose'), forceRender: true, children: compose },
            {
              key: 'history',
              label: t('broadcast.history'),
              children: <BroadcastHistory meetingId={meetingId} />,
            },
          ]}
          data-testid="broadcast-tabs"
        />
      </div>
      {confirming && (
        <BroadcastConfirm
          meetingId={meetingId}
          filters={confirming.filters}
          texts={confirming.texts}
          filtered={hasFilters(confirming.filters)}
          onCancel={() => setConfirming(null)}
          onSent={onSent}
        />
      )}
    </Drawer>
  );
}
