import type { ReactElement } from 'react';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { Language } from '@meetflow/shared/languages';
import { initI18n, setLanguage } from './i18n.ts';
import { useSessionStore } from './session/session-store.ts';

/*
 * The set-up the component tests share (for tests only: no page imports it). jsdom has no media
 * queries nor resize observers, and Ant Design's Spin, Table and Popover ask for them.
 */

function stubWhatAntdAsksFor(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * Call at the top of a component test file: stubs what Ant Design asks of the browser, loads the
 * app's texts (in `language`, or the default one, when `texts` is set) before the file's own
 * beforeAll hooks, and unmounts what a test drew after it.
 */
export function setUpComponentTests(options: { texts?: boolean; language?: Language } = {}): void {
  beforeAll(async () => {
    stubWhatAntdAsksFor();
    if (options.texts || options.language) await initI18n();
    if (options.language) await setLanguage(options.language);
  });
  afterEach(cleanup);
}

/** Renders `ui` inside Ant Design's ConfigProvider, in `locale` when given (as the app's shell does). */
export function renderInProviders(ui: ReactElement, options: { locale?: Locale } = {}): RenderResult {
  return render(<ConfigProvider locale={options.locale}>{ui}</ConfigProvider>);
}

/** A logged-in user in the session store (a token that is not checked), with `permissions` if given. */
export function logInForTests(permissions?: string[]): void {
  useSessionStore.setState({
    token: {
      access_token: 'a',
      refresh_token: 'r',
      token_type: 'Bearer',
      expires_in: 3600,
      login_time: Date.now(),
    },
    ...(permissions ? { permissions } : {}),
  });
}
