import type { ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import { BASE_Z_INDEX, formValidateMessages, type Language } from '@meetflow/shared';
import { useTranslation } from '../../lib/i18n.ts';
import { useSettingsStore } from '../../features/settings/settings-store.ts';

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
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      // Ant Design's own rule messages mix languages ("電郵不是一個有效的email"): ours replace them.
      form={{ validateMessages: formValidateMessages(lang) }}
      theme={{
        algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: primaryColor, zIndexPopupBase: BASE_Z_INDEX },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
