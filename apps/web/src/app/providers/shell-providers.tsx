import type { ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BASE_Z_INDEX, formValidateMessages, type Language } from '@meetflow/shared';
import { useTranslation } from '../../lib/i18n.ts';
import { useSettingsStore } from '../../features/settings/settings-store.ts';
import { ToastBridge } from './toast-bridge.tsx';

const ANTD_LOCALES = { 'zh-tw': zhTW, 'zh-cn': zhCN, en: enUS } satisfies Record<Language, unknown>;

// Server state lives here rather than in the entry chunk: the public pages do not need it yet.
const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already shows a toast for every failure; retrying would repeat it.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Providers of the login and back-office chunks: Ant Design theme and locale (following the
 * settings store and the interface language together) and the query client.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const primaryColor = useSettingsStore((s) => s.primaryColor);
  const dark = useSettingsStore((s) => s.dark);
  const lang = i18n.language;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ANTD_LOCALES[lang]}
        form={{ validateMessages: formValidateMessages(lang) }}
        theme={{
          algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
          token: { colorPrimary: primaryColor, zIndexPopupBase: BASE_Z_INDEX },
        }}
      >
        <ToastBridge />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
