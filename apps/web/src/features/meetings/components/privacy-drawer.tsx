import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { LANGUAGES, nameIn, type Language } from '@meetflow/shared/languages';
import {
  PRIVACY_NOTICE_MAX,
  RETENTION_DAYS_MAX,
  RETENTION_NOTICE_DAYS,
} from '@meetflow/shared/schemas/privacy';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { differsFromBrowserZone, formatDateTime } from '../../../lib/date-time.ts';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, i18n, useTranslation } from '../../../lib/i18n.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { toast } from '../../../lib/toast.ts';
import { usePrivacySettings, usePurgePersonalData, useSavePrivacy } from '../privacy-api.ts';
import {
  canPurgeNow,
  eraseDate,
  isDefaultNotice,
  isRetentionDays,
  privacyBody,
  privacyFormField,
  privacyFormValues,
  purgeConfirmMatches,
  shownNotice,
  type NoticeTexts,
  type PrivacyFormValues,
} from '../privacy-logic.ts';
import './privacy.css';
import '../privacy-i18n.ts';

export interface PrivacyMeeting {
  id: number;
  /** The Traditional Chinese name: what "erase now" asks to be typed. */
  name: string;
  name_cn: string;
  name_en: string;
}

/**
 * A meeting's personal data (issue 20): the privacy notice shown on its sign-up form (with the
 * consent it asks for), how long its guests' personal data is kept after it ends, what has happened
 * so far, and "erase now" once it has ended. Without meeting:edit everything is shown read-only.
 */
export function PrivacyDrawer(props: { meeting: PrivacyMeeting; open: boolean; onClose: () => void }) {
  const { meeting, open, onClose } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const canEdit = usePermission().hasAny('meeting:edit');
  const [form] = Form.useForm<PrivacyFormValues>();
  const query = usePrivacySettings(meeting.id, open);
  const saving = useSavePrivacy(meeting.id);
  const [previewLang, setPreviewLang] = useState<Language>(lang);
  const [purging, setPurging] = useState(false);
  // A save that would erase within minutes, waiting for the typed name.
  const [confirmingPast, setConfirmingPast] = useState<PrivacyFormValues | null>(null);
  // "Now" for whether the meeting has ended: the drawer's opening is close enough.
  const [openedAt] = useState(Date.now);
  // Dates in the server's time zone: the one its retention clock and its notices to organisers use.
  const zone = useServerTimeZone();
  const date = (ms: number) => formatDateTime(ms, zone);

  const enabled = Form.useWatch('notice_enabled', form) as boolean | undefined;
  const texts = Form.useWatch('notice', { form, preserve: true }) as Partial<NoticeTexts> | undefined;
  const days = Form.useWatch('retention_days', form) as number | null | undefined;

  // Fresh data (the refetch on open, the answer of a save, the state after a purge) replaces every field.
  const data = open ? query.data : undefined;
  useEffect(() => {
    if (data) form.setFieldsValue(privacyFormValues(data));
  }, [data, form]);

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

  const title = `${t('meetingPrivacy.title')} · ${nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}`;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size="min(1100px, 100vw)"
      placement="right"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('meetingPrivacy.close')}</Button>
          {canEdit && (
            <Button
              type="primary"
              loading={saving.isPending}
              disabled={!data}
              onClick={() => form.submit()}
              data-testid="privacy-save"
            >
              {t('meetingPrivacy.save')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="privacy-drawer">
        {query.isError ? (
          <LoadError
            title={t('meetingPrivacy.loadFailed')}
            reason={query.error.message}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : !data ? (
          <div className="mf-privacy-loading">
            <Spin />
          </div>
        ) : (
          <>
            {!canEdit && (
              <Alert
                type="warning"
                showIcon
                title={t('meetingPrivacy.readOnly')}
                style={{ marginBottom: 16 }}
                data-testid="privacy-read-only"
              />
            )}
            <Typography.Title level={2} className="mf-privacy-heading" style={{ marginTop: 0 }}>
              {t('meetingPrivacy.state')}
            </Typography.Title>
            <Descriptions
              column={1}
              bordered
              size="small"
              className="mf-privacy-state"
              data-testid="privacy-state"
              items={[
                {
                  key: 'end',
                  label: t('meetingPrivacy.meetingEnd'),
                  children: <span data-testid="privacy-meeting-end">{date(data.meeting_end_at)}</span>,
                },
                {
                  key: 'erasure',
                  label: t('meetingPrivacy.personalData'),
                  children: (
                    <span data-testid="privacy-purge-state">
                      {data.purged_at !== null ? (
                        <Tag color="red">{t('meetingPrivacy.erasedOn', { date: date(data.purged_at) })}</Tag>
                      ) : (
                        t('meetingPrivacy.willErase', { date: date(data.purge_at) })
                      )}
                    </span>
                  ),
                },
                {
                  key: 'notified',
                  label: t('meetingPrivacy.notice'),
                  children: (
                    <span data-testid="privacy-notified">
                      {data.notified_at !== null
                        ? t('meetingPrivacy.notifiedOn', { date: date(data.notified_at) })
                        : data.purged_at !== null
                          ? t('meetingPrivacy.noNotice')
                          : t('meetingPrivacy.notNotified', { days: RETENTION_NOTICE_DAYS })}
                    </span>
                  ),
                },
                {
                  key: 'held',
                  label: t('meetingPrivacy.guestsHeld'),
                  children: (
                    <span data-testid="privacy-guests-held">
                      {t('meetingPrivacy.guests', { count: data.guests_held })}
                    </span>
                  ),
                },
                {
                  key: 'version',
                  label: t('meetingPrivacy.noticeVersion'),
                  children: (
                    <span data-testid="privacy-notice-version">
                      {data.notice_version > 0
                        ? t('meetingPrivacy.version', { version: data.notice_version })
                        : t('meetingPrivacy.noVersion')}
                    </span>
                  ),
                },
              ]}
            />
            {zone && differsFromBrowserZone(data.meeting_end_at, zone) && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="privacy-zone">
                {t('meetingPrivacy.zoneNote', { zone })}
              </Typography.Paragraph>
            )}

            <Form<PrivacyFormValues>
              form={form}
              layout="vertical"
              initialValues={privacyFormValues(data)}
              disabled={!canEdit}
              onFinish={onFinish}
              data-testid="privacy-form"
            >
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
              <Typography.Paragraph type="secondary">
                {t('meetingPrivacy.noticeTextsHelp')}
              </Typography.Paragraph>
              <div className="mf-privacy-notice">
                <div>
                  {LANGUAGES.map((textLang) => (
                    <NoticeField
                      key={textLang}
                      textLang={textLang}
                      value={texts?.[textLang]}
                      fallback={data.default_notice[textLang]}
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
                  enabled={enabled ?? data.notice_enabled}
                  lang={previewLang}
                  onLang={setPreviewLang}
                  text={shownNotice(texts, data.default_notice, previewLang)}
                />
              </div>

              <Typography.Title level={2} className="mf-privacy-heading">
                {t('meetingPrivacy.retentionTitle')}
              </Typography.Title>
              <Form.Item
                label={t('meetingPrivacy.retentionDays')}
                extra={t('meetingPrivacy.retentionHelp', {
                  days: data.default_retention_days,
                  notice: RETENTION_NOTICE_DAYS,
                })}
                required
              >
                <Space.Compact>
                  <Form.Item
                    name="retention_days"
                    noStyle
                    rules={[
                      {
                        validator: (_: unknown, value: number | null | undefined) =>
                          value === null || value === undefined
                            ? Promise.reject(new Error(fieldMessage('retentionDaysRequired', lang)))
                            : isRetentionDays(value)
                              ? Promise.resolve()
                              : Promise.reject(new Error(fieldMessage('retentionDaysInvalid', lang))),
                      },
                    ]}
                  >
                    <InputNumber
                      min={1}
                      max={RETENTION_DAYS_MAX}
                      precision={0}
                      disabled={!canEdit || data.purged_at !== null}
                      aria-label={t('meetingPrivacy.retentionDays')}
                      style={{ width: 120 }}
                      data-testid="privacy-retention-days"
                    />
                  </Form.Item>
                  <Space.Addon>{t('meetingPrivacy.daysAfterEnd')}</Space.Addon>
                </Space.Compact>
              </Form.Item>
              {data.purged_at === null && (
                <EraseDate at={eraseDate(data.meeting_end_at, days)} now={openedAt} format={date} />
              )}
            </Form>

            <Typography.Title level={2} className="mf-privacy-heading">
              {t('meetingPrivacy.purgeTitle')}
            </Typography.Title>
            {data.purged_at !== null ? (
              <Alert
                type="success"
                showIcon
                title={t('meetingPrivacy.purgeDone', { date: date(data.purged_at) })}
                data-testid="privacy-purged"
              />
            ) : canPurgeNow(data, openedAt) ? (
              <div className="mf-privacy-danger">
                <Typography.Paragraph>{t('meetingPrivacy.purgeHelp')}</Typography.Paragraph>
                {canEdit && (
                  <Button danger onClick={() => setPurging(true)} data-testid="privacy-purge">
                    {t('meetingPrivacy.purgeButton')}
                  </Button>
                )}
              </div>
            ) : (
              <Typography.Paragraph type="secondary" data-testid="privacy-purge-not-ended">
                {t('meetingPrivacy.purgeNotEnded')}
              </Typography.Paragraph>
            )}
            {confirmingPast && (
              <TypedNameDialog
                meetingId={meeting.id}
                meetingName={meeting.name}
                title={t('meetingPrivacy.pastConfirmTitle')}
                body={t('meetingPrivacy.purgeConfirmBody', { count: data.guests_held })}
                okText={t('meetingPrivacy.pastConfirmOk')}
                busy={saving.isPending}
                testIdPrefix="privacy-past"
                onClose={() => setConfirmingPast(null)}
                onConfirm={async (typed) => {
                  await save(confirmingPast, typed);
                  setConfirmingPast(null);
                  return null;
                }}
              />
            )}
            {purging && (
              <PurgeDialog
                meetingId={meeting.id}
                meetingName={meeting.name}
                guests={data.guests_held}
                onClose={() => setPurging(false)}
              />
            )}
          </>
        )}
      </div>
    </Drawer>
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

/** The erase date the retention field gives, as it is typed; a warning when it has already passed. */
function EraseDate(props: { at: number | null; now: number; format: (ms: number) => string }) {
  const { t } = useTranslation();
  if (props.at === null) return null;
  return (
    <div className="mf-privacy-erase">
      <Typography.Text data-testid="privacy-erase-date">
        {t('meetingPrivacy.eraseOn', { date: props.format(props.at) })}
      </Typography.Text>
      {props.at <= props.now && (
        <Alert
          type="warning"
          showIcon
          title={t('meetingPrivacy.erasePast')}
          style={{ marginTop: 8 }}
          data-testid="privacy-erase-past"
        />
      )}
    </div>
  );
}

/** The answer's message for the typed name (400 with the field `confirm`), if that is what it was. */
function confirmError(failure: unknown): string | null {
  const fields = failure instanceof ApiError ? (failure.data as { fields?: unknown } | null)?.fields : null;
  const message = (fields as Record<string, unknown> | null | undefined)?.confirm;
  return typeof message === 'string' ? message : null;
}

/**
 * An erasure asked for, now or within minutes: the meeting's name must be typed exactly before the
 * button works. `onConfirm` answers a message to show under the name (and stay open), or null when done.
 */
function TypedNameDialog(props: {
  meetingId: number;
  meetingName: string;
  title: string;
  body: string;
  okText: string;
  busy: boolean;
  /** Test ids: `<prefix>-dialog`, `-name`, `-input`, `-ok`, `-error`. */
  testIdPrefix: string;
  onConfirm: (typed: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { meetingName, testIdPrefix: id, busy } = props;
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = purgeConfirmMatches(typed, meetingName);
  const inputId = `${id}-confirm-${props.meetingId}`;

  async function confirm() {
    if (!matches || busy) return;
    setError(await props.onConfirm(typed));
  }

  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      cancelText={t('meetingPrivacy.cancel')}
      okButtonProps={{ danger: true, disabled: !matches, 'data-testid': `${id}-ok` }}
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <div data-testid={`${id}-dialog`}>
        <Alert type="error" showIcon title={props.body} style={{ marginBottom: 16 }} />
        <label htmlFor={inputId} className="mf-privacy-confirm-label">
          {t('meetingPrivacy.purgeConfirmType')}{' '}
          <Typography.Text strong lang="zh-TW" data-testid={`${id}-name`}>
            {meetingName}
          </Typography.Text>
        </label>
        <Input
          id={inputId}
          value={typed}
          autoComplete="off"
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          onPressEnter={() => void confirm()}
          data-testid={`${id}-input`}
        />
        {error && (
          <Typography.Text type="danger" id={`${inputId}-error`} data-testid={`${id}-error`}>
            {error}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}

/** "Erase now" (a meeting that has ended): the erasure itself, behind the typed name. */
function PurgeDialog(props: { meetingId: number; meetingName: string; guests: number; onClose: () => void }) {
  const { meetingId, onClose } = props;
  const { t } = useTranslation();
  const purge = usePurgePersonalData(meetingId);
  return (
    <TypedNameDialog
      meetingId={meetingId}
      meetingName={props.meetingName}
      title={t('meetingPrivacy.purgeConfirmTitle')}
      body={t('meetingPrivacy.purgeConfirmBody', { count: props.guests })}
      okText={t('meetingPrivacy.purgeConfirmOk')}
      busy={purge.isPending}
      testIdPrefix="privacy-purge"
      onClose={onClose}
      onConfirm={async (typed) => {
        try {
          const result = await purge.mutateAsync({ confirm: typed });
          toast.success(t('meetingPrivacy.purgeSuccess', { count: result.guests }));
          onClose();
          return null;
        } catch (failure) {
          // A wrong name stays open to be typed again; anything else (not ended, already erased) was toasted.
          const message = confirmError(failure);
          if (message === null) onClose();
          return message;
        }
      }}
    />
  );
}
