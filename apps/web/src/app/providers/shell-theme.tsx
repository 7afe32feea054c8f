import type { ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import { BASE_Z_INDEX } from '@meetflow/shared/constants';
import { formValidateMessages } from '@meetflow/shared/form-messages';
import { type Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../lib/i18n.ts';
import { useSettingsStore } from '../settings/settings-store.ts';
import { accessibleThemeColor } from '../../lib/color-contrast.ts';

/**
 * Placeholders, descriptions (breadcrumbs), danger and success text, and the green and orange tags
 * (their text is the 7th shade of a palette grown from these seeds) at 4.5:1 or more on their ground.
 */
const LIGHT_TEXT_TOKENS = {
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorTextDescription: 'rgba(0, 0, 0, 0.58)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
  colorError: '#cf1322',
  colorSuccess: '#237804',
  // Grown from the darker seed, the tint behind success tags would turn grey: keep Ant Design's own.
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  green: '#237804',
  orange: '#ad4e00',
};

const ANTD_LOCALES = { 'zh-tw': zhTW, 'zh-cn': zhCN, en: enUS } satisfies Record<Language, unknown>;

/**
 * Ant Design's theme and locale, following the settings store and the interface language together:
 * around the layouts, and around the toasts, which live outside them (see ToastBridge).
 */
export function ShellTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const primaryColor = useSettingsStore((s) => s.primaryColor);
  const dark = useSettingsStore((s) => s.dark);
  const lang = i18n.language;
  const themeColor = accessibleThemeColor(primaryColor, dark);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      // Ant Design's own rule messages mix languages ("電郵不是一個有效的email"): ours replace them.
      form={{ validateMessages: formValidateMessages(lang) }}
      theme={{
        algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: {
          // Ant Design's own blue (#1677ff, 4.1:1 on white) and greys fail WCAG AA for text: the
          // theme colour is taken darker where needed, links follow it, and the pale greys deepen.
          colorPrimary: themeColor,
          colorLink: themeColor,
          colorInfo: themeColor,
          ...(dark ? {} : LIGHT_TEXT_TOKENS),
          zIndexPopupBase: BASE_Z_INDEX,
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
