import type { Language } from '@meetflow/shared/languages';
import { isLanguage } from './language.ts';

/**
 * Deployment-level app settings (spec §3 "App settings"). Overridable at build time through Vite env
 * variables so an operator can, say, switch the permission filter off without a code change.
 */
export interface AppConfig {
  enablePermission: boolean;
  /** Null lets the browser language decide. */
  defaultLang: Language | null;
  enableErrorLog: boolean;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === 'true' || value === '1';
}

const env = import.meta.env;
const rawLang: string | undefined = env.VITE_DEFAULT_LANG;

export const appConfig: AppConfig = {
  enablePermission: flag(env.VITE_ENABLE_PERMISSION, true),
  defaultLang: rawLang === 'browser' ? null : isLanguage(rawLang) ? rawLang : 'zh-tw',
  enableErrorLog: flag(env.VITE_ENABLE_ERROR_LOG, true),
};
