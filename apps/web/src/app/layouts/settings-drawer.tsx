import { ColorPicker, Divider, Drawer, Segmented, Switch } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { LANGUAGE_NAMES } from '../../components/lang-switch.tsx';
import { setLanguage, useTranslation } from '../../lib/i18n.ts';
import { THEME_PRESETS, useSettingsStore, type LayoutSettings } from '../settings/settings-store.ts';

type ToggleKey = 'collapsed' | 'showTabs' | 'progressBar' | 'watermark' | 'mobileAdaptation';

const TOGGLES: { key: ToggleKey; label: string }[] = [
  { key: 'collapsed', label: 'settings.sidebarCollapsed' },
  { key: 'showTabs', label: 'settings.showTabs' },
  { key: 'progressBar', label: 'settings.progressBar' },
  { key: 'watermark', label: 'settings.watermark' },
  { key: 'mobileAdaptation', label: 'settings.mobileAdaptation' },
];

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const settings = useSettingsStore();
  const set = (patch: Partial<LayoutSettings>) => settings.update(patch);

  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={320} placement="right">
      <div data-testid="settings-drawer" className="mf-settings">
        <Divider titlePlacement="start">{t('settings.themeColor')}</Divider>
        <div className="mf-swatches">
          {THEME_PRESETS.map((color) => (
            <button
              key={color}
              type="button"
              className="mf-swatch"
              style={{ background: color }}
              aria-label={color}
              aria-pressed={settings.primaryColor === color}
              onClick={() => set({ primaryColor: color })}
            >
              {settings.primaryColor === color && <CheckOutlined />}
            </button>
          ))}
          <ColorPicker
            value={settings.primaryColor}
            disabledAlpha
            onChangeComplete={(color) => set({ primaryColor: color.toHexString() })}
          />
        </div>
        <div className="mf-setting-row">
          <span>{t('settings.darkMode')}</span>
          <Switch
            checked={settings.dark}
            onChange={(dark) => set({ dark })}
            aria-label={t('settings.darkMode')}
          />
        </div>
        <Divider titlePlacement="start">{t('settings.language')}</Divider>
        <Segmented<Language>
          block
          value={i18n.language as Language}
          options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          onChange={(lang) => void setLanguage(lang)}
        />
        <Divider titlePlacement="start">{t('settings.layout')}</Divider>
        {TOGGLES.map(({ key, label }) => (
          <div className="mf-setting-row" key={key}>
            <span>{t(label)}</span>
            <Switch
              checked={settings[key]}
              onChange={(checked) => set({ [key]: checked })}
              aria-label={t(label)}
              data-testid={`setting-${key}`}
            />
          </div>
        ))}
        <Divider />
        <button type="button" className="mf-link-button" onClick={() => settings.reset()}>
          {t('settings.reset')}
        </button>
      </div>
    </Drawer>
  );
}
