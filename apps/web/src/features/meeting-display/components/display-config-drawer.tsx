import { useEffect, useState } from 'react';
import { Alert, Button, ColorPicker, Drawer, Form, Input, Select, Space, Spin, Tabs, Typography } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import { AREA_CODES } from '@meetflow/shared/constants';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { type MeetingDisplayConfig } from '@meetflow/shared/schemas/meeting-display';
import {
  DISPLAY_COLOR_FIELDS,
  DISPLAY_LANGUAGE_SUFFIX,
  DISPLAY_TEXT_DEFAULTS,
  DISPLAY_TEXT_FIELDS,
  DISPLAY_TEXT_MAX,
  DISPLAY_TEXT_PAGES,
  type DisplayColorField,
  type DisplayTextField,
  type DisplayTextKey,
  type DisplayTextPage,
} from '@meetflow/shared/display-text';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useDisplayConfig, useSaveDisplayConfig } from '../display-config-api.ts';
import { DisplayPreview } from './display-preview.tsx';
import { placeLanguage } from '../language-order.ts';
import './display-config.css';
import '../i18n.ts';

type FormValues = Partial<MeetingDisplayConfig>;

const ORDINALS = [
  { label: 'meetingDisplay.firstLanguage', testId: 'display-lang-first' },
  { label: 'meetingDisplay.secondLanguage', testId: 'display-lang-second' },
  { label: 'meetingDisplay.thirdLanguage', testId: 'display-lang-third' },
] as const;

const COLOR_LABELS: Record<DisplayColorField, { label: string; testId: string }> = {
  theme_color: { label: 'meetingDisplay.themeColor', testId: 'display-theme-color' },
  schedule_text_color: { label: 'meetingDisplay.scheduleTextColor', testId: 'display-schedule-color' },
  hint_text_color: { label: 'meetingDisplay.hintTextColor', testId: 'display-hint-color' },
};

const fieldName = (key: DisplayTextKey, lang: Language) =>
  `${key}${DISPLAY_LANGUAGE_SUFFIX[lang]}` as DisplayTextField;
type FieldName = keyof MeetingDisplayConfig;
const KNOWN_FIELDS: readonly FieldName[] = [
  'language_order',
  'default_area_code',
  ...DISPLAY_COLOR_FIELDS,
  ...DISPLAY_TEXT_FIELDS,
];
const isKnownField = (name: string): name is FieldName => (KNOWN_FIELDS as readonly string[]).includes(name);
const isTextField = (name: string): name is DisplayTextField =>
  (DISPLAY_TEXT_FIELDS as readonly string[]).includes(name);

/** The page tab holding a text field. */
function pageOf(field: DisplayTextField): DisplayTextPage | undefined {
  return (Object.keys(DISPLAY_TEXT_PAGES) as DisplayTextPage[]).find((page) =>
    DISPLAY_TEXT_PAGES[page].some((key) => LANGUAGES.some((lang) => fieldName(key, lang) === field)),
  );
}

const multiline = (key: DisplayTextKey) => /intro|hint/.test(key);

/** The three language Selects; picking a language already used swaps it with this position. */
function LanguageOrderInput(props: { value?: Language[]; onChange?: (order: Language[]) => void }) {
  const { t } = useTranslation();
  const order = props.value ?? [...LANGUAGES];
  return (
    <Space wrap>
      {ORDINALS.map(({ label, testId }, index) => (
        <Space.Compact key={testId}>
          <span className="mf-display-ordinal">{t(label)}</span>
          <Select<Language>
            aria-label={t(label)}
            data-testid={testId}
            style={{ width: 140 }}
            value={order[index]}
            options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
            onChange={(lang) => props.onChange?.(placeLanguage(order, index, lang))}
          />
        </Space.Compact>
      ))}
    </Space>
  );
}

/** Inputs of one text in the three languages; each shows what a visitor would get if left empty. */
function TextRow({ textKey, values }: { textKey: DisplayTextKey; values: FormValues }) {
  const { t } = useTranslation();
  return (
    <section className="mf-display-text" aria-label={t(`meetingDisplay.keys.${textKey}`)}>
      <Typography.Text strong className="mf-display-text-title">
        {t(`meetingDisplay.keys.${textKey}`)}
      </Typography.Text>
      <div className="mf-display-text-langs">
        {LANGUAGES.map((lang) => {
          const name = fieldName(textKey, lang);
          const base = lang === 'zh-tw' ? undefined : values[textKey]?.trim();
          const placeholder = base || DISPLAY_TEXT_DEFAULTS[textKey][lang];
          const common = {
            placeholder,
            maxLength: DISPLAY_TEXT_MAX,
            'aria-label': `${t(`meetingDisplay.keys.${textKey}`)} (${LANGUAGE_NAMES[lang]})`,
            'data-testid': `display-text-${name}`,
          };
          return (
            <Form.Item key={name} name={name} label={LANGUAGE_NAMES[lang]} className="mf-display-text-item">
              {multiline(textKey) ? (
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} {...common} />
              ) : (
                <Input {...common} />
              )}
            </Form.Item>
          );
        })}
      </div>
    </section>
  );
}

export function DisplayConfigDrawer(props: { meetingId: number; open: boolean; onClose: () => void }) {
  const { meetingId, open, onClose } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [page, setPage] = useState<DisplayTextPage>('signup');
  const query = useDisplayConfig(meetingId, open);
  const save = useSaveDisplayConfig(meetingId);
  // Every keystroke redraws the preview; `preserve` keeps the fields of tabs not yet shown.
  const watched = Form.useWatch((values: FormValues) => values, { form, preserve: true }) ?? {};

  // Fresh data (the refetch on open, or the answer of a save) replaces every field, set or not.
  const data = open ? query.data : undefined;
  useEffect(() => {
    if (data) form.setFields(KNOWN_FIELDS.map((name) => ({ name, value: data[name], errors: [] })));
  }, [data, form]);

  const onFinish = async () => {
    const all = form.getFieldsValue(true) as Record<string, unknown>;
    const body = Object.fromEntries(
      KNOWN_FIELDS.filter((key) => all[key] !== undefined && all[key] !== null).map((key) => [key, all[key]]),
    );
    try {
      await save.mutateAsync(body);
      toast.success(t('message.editSuccess'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        const fields = (error.data as { fields?: Record<string, string> } | null)?.fields ?? {};
        const errors = new Map<FieldName, string>();
        for (const [path, message] of Object.entries(fields)) {
          // 'language_order.1' (an unknown language) belongs to the language order as a whole.
          const name = path.split('.')[0] ?? path;
          if (isKnownField(name) && !errors.has(name)) errors.set(name, message);
        }
        form.setFields([...errors].map(([name, message]) => ({ name, errors: [message] })));
        // Show the tab of the first text in error, so the message is not hidden.
        const firstText = [...errors.keys()].find(isTextField);
        const tab = firstText && pageOf(firstText);
        if (tab) setPage(tab);
      }
    }
  };

  const tabs = (Object.keys(DISPLAY_TEXT_PAGES) as DisplayTextPage[]).map((key) => ({
    key,
    label: t(`meetingDisplay.pages.${key}`),
    forceRender: true,
    children: DISPLAY_TEXT_PAGES[key].map((textKey) => (
      <TextRow key={textKey} textKey={textKey} values={watched} />
    )),
  }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('meetingDisplay.title')}
      size="min(1200px, 100vw)"
      placement="right"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('meetingDisplay.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!query.data}
            onClick={() => form.submit()}
            data-testid="display-save"
          >
            {t('meetingDisplay.save')}
          </Button>
        </Space>
      }
    >
      <div data-testid="display-config-drawer" className="mf-display-config">
        {query.isError ? (
          <Alert type="error" showIcon title={t('meetingDisplay.loadFailed')} />
        ) : !query.data ? (
          <Spin />
        ) : (
          <div className="mf-display-layout">
            <Form<FormValues>
              form={form}
              layout="vertical"
              initialValues={query.data}
              onFinish={onFinish}
              className="mf-display-form"
            >
              <Form.Item
                name="language_order"
                label={t('meetingDisplay.languageOrder')}
                extra={t('meetingDisplay.languageOrderHelp')}
              >
                <LanguageOrderInput />
              </Form.Item>
              <Form.Item
                name="default_area_code"
                label={t('meetingDisplay.defaultAreaCode')}
                extra={t('meetingDisplay.defaultAreaCodeHelp')}
                // null (the organisation's) is the empty option: antd shows a null value as blank.
                getValueProps={(value: string | null) => ({ value: value ?? '' })}
                normalize={(value: string) => (value === '' ? null : value)}
              >
                <Select
                  data-testid="display-default-area-code"
                  style={{ maxWidth: 320 }}
                  options={[
                    { value: '', label: t('meetingDisplay.defaultAreaCodeOrganization') },
                    ...AREA_CODES.map((a) => ({ value: a.value, label: a.label[currentLanguage()] })),
                  ]}
                />
              </Form.Item>
              <Typography.Title level={5}>{t('meetingDisplay.colors')}</Typography.Title>
              <Space wrap size="large">
                {DISPLAY_COLOR_FIELDS.map((name) => (
                  <Form.Item
                    key={name}
                    name={name}
                    label={t(COLOR_LABELS[name].label)}
                    getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
                  >
                    <ColorPicker
                      disabledAlpha
                      format="hex"
                      showText
                      aria-label={t(COLOR_LABELS[name].label)}
                      data-testid={COLOR_LABELS[name].testId}
                    />
                  </Form.Item>
                ))}
              </Space>
              <Typography.Title level={5}>{t('meetingDisplay.texts')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('meetingDisplay.textsHelp')}</Typography.Paragraph>
              <Tabs activeKey={page} onChange={(key) => setPage(key as DisplayTextPage)} items={tabs} />
            </Form>
            <aside className="mf-display-preview">
              <DisplayPreview config={watched} page={page} />
            </aside>
          </div>
        )}
      </div>
    </Drawer>
  );
}
