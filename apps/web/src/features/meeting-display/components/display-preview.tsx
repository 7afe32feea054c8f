import { useState, type CSSProperties } from 'react';
import { Segmented, Typography } from 'antd';
import {
  displayLanguage,
  displayTextOrDefault,
  type DisplayTextField,
  type DisplayTextPage,
} from '@meetflow/shared/display-text';
import { type Language } from '@meetflow/shared/languages';
import { type MeetingDisplayConfig } from '@meetflow/shared/schemas/meeting-display';
import { useTranslation } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { isPermutation } from '../language-order.ts';
import '../i18n.ts';

export interface PreviewProps {
  config: Partial<MeetingDisplayConfig> & Partial<Record<DisplayTextField, string>>;
  /** Which public page to draw: follows the tab being edited. */
  page: DisplayTextPage;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = (value: unknown, fallback: string) =>
  typeof value === 'string' && HEX.test(value) ? value : fallback;

/**
 * A 360×640 phone drawing of a public page with the config being edited. It reads texts through
 * the same displayTextOrDefault as the public pages, in a preview language that follows the order.
 */
export function DisplayPreview({ config, page }: PreviewProps) {
  const { t, i18n } = useTranslation();
  const order: Language[] =
    config.language_order && isPermutation(config.language_order)
      ? config.language_order
      : ['zh-tw', 'zh-cn', 'en'];
  const [chosen, setChosen] = useState<Language | undefined>(undefined);
  const lang = displayLanguage({ language_order: order }, chosen);
  const pt = i18n.getFixedT(lang);
  const text = (key: Parameters<typeof displayTextOrDefault>[1]) => displayTextOrDefault(config, key, lang);

  const theme = colour(config.theme_color, '#1677ff');
  const hint = colour(config.hint_text_color, '#595959');
  const schedule = colour(config.schedule_text_color, '#1f1f1f');

  const field = (label: string) => (
    <div style={styles.field}>
      <div style={styles.fieldLabel}>{label}</div>
      <div style={styles.fieldBox} />
    </div>
  );
  const button = (label: string) => (
    <div role="presentation" style={{ ...styles.button, background: theme }}>
      {label}
    </div>
  );
  const link = (label: string) => <div style={{ ...styles.link, color: theme }}>{label}</div>;
  const scheduleLine = (
    <div style={{ ...styles.schedule, color: schedule }}>{pt('meetingDisplay.previewSchedule')}</div>
  );

  return (
    <div style={styles.wrap}>
      <Typography.Text strong>{t('meetingDisplay.preview')}</Typography.Text>
      <Segmented<Language>
        size="small"
        aria-label={t('meetingDisplay.previewLanguage')}
        value={lang}
        options={order.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        onChange={setChosen}
        data-testid="display-preview-language"
      />
      <div style={styles.phone} data-testid="display-preview" lang={lang}>
        <div style={{ ...styles.banner, background: `linear-gradient(135deg, ${theme}, ${theme}99)` }} />
        <div style={styles.body}>
          <h3 style={styles.title} data-testid="display-preview-title">
            {text(
              page === 'signup' ? 'signup_title' : page === 'checkin' ? 'checkin_title' : 'guest_info_title',
            )}
          </h3>
          {page === 'signup' && (
            <>
              {scheduleLine}
              <p style={{ ...styles.paragraph, color: hint }} data-testid="display-preview-hint">
                {text('signup_intro')}
              </p>
              {field(pt('meetingDisplay.previewName'))}
              {field(pt('meetingDisplay.previewPhone'))}
              {button(text('signup_button'))}
              {link(text('signup_signed_up_link'))}
            </>
          )}
          {page === 'checkin' && (
            <>
              <p style={{ ...styles.paragraph, color: hint }} data-testid="display-preview-hint">
                {text('checkin_hint')}
              </p>
              {field(pt('meetingDisplay.previewPhone'))}
              {button(text('checkin_button'))}
              {link(text('checkin_not_signed_up_link'))}
            </>
          )}
          {page === 'guest_info' && (
            <>
              <div style={{ ...styles.qr, borderColor: theme }} aria-hidden />
              <p
                style={{ ...styles.paragraph, color: hint, textAlign: 'center' }}
                data-testid="display-preview-hint"
              >
                {text('guest_info_hint')}
              </p>
              {scheduleLine}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

const styles = {
  wrap: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 },
  phone: {
    width: 360,
    height: 640,
    maxWidth: '100%',
    flex: 'none',
    overflowY: 'auto',
    border: '10px solid #1f1f1f',
    borderRadius: 28,
    background: '#f5f5f5',
    color: '#1f1f1f',
    boxSizing: 'content-box',
    fontSize: 14,
    lineHeight: 1.6,
  },
  banner: { height: 140 },
  body: { padding: 16 },
  title: { margin: '0 0 8px', fontSize: 20, fontWeight: 600, color: '#1f1f1f', overflowWrap: 'anywhere' },
  paragraph: { margin: '0 0 12px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  schedule: { margin: '0 0 8px', fontWeight: 500 },
  field: { marginBottom: 12 },
  fieldLabel: { marginBottom: 4, color: '#434343' },
  fieldBox: { height: 36, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' },
  button: {
    marginTop: 8,
    padding: '10px 16px',
    borderRadius: 6,
    color: '#fff',
    textAlign: 'center',
    fontWeight: 500,
    overflowWrap: 'anywhere',
  },
  link: { marginTop: 12, textAlign: 'center', textDecoration: 'underline', overflowWrap: 'anywhere' },
  qr: {
    width: 180,
    height: 180,
    margin: '8px auto 16px',
    border: '8px solid',
    borderRadius: 8,
    background: '#fff',
  },
} satisfies Record<string, CSSProperties>;
