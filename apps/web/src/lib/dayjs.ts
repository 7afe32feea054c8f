import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { DATE_TIME_FORMAT, SHORT_DATE_FORMAT, type Language } from '@meetflow/shared';
import { currentLanguage, i18n } from './i18n.ts';

/*
 * Imported by the chunks that show dates (not by the entry chunk, to keep public pages light).
 * dayjs locale names match our language codes one to one, so it simply follows lib/i18n.
 */
dayjs.locale(currentLanguage());
i18n.onLanguageChanged(() => dayjs.locale(currentLanguage()));

export function formatShortDate(value: dayjs.ConfigType, lang: Language = currentLanguage()): string {
  return dayjs(value).format(SHORT_DATE_FORMAT[lang]);
}

export function formatDateTime(value: dayjs.ConfigType): string {
  return dayjs(value).format(DATE_TIME_FORMAT);
}

export { dayjs };
