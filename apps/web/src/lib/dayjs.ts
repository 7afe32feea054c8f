import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { currentLanguage, i18n } from './i18n.ts';

/*
 * Imported by the chunks that use dayjs or show antd's date and time pickers, whose month and weekday
 * names come from the dayjs locales registered here (not by the entry chunk or the shell: the public
 * pages and the first screen do without). dayjs locale names match our language codes one to one,
 * so it simply follows lib/i18n. Timestamps are written by lib/date-time.ts, without dayjs.
 */
dayjs.locale(currentLanguage());
i18n.onLanguageChanged(() => dayjs.locale(currentLanguage()));

export { dayjs };
