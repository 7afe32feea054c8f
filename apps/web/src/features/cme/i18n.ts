import { registerFeatureCatalogue } from '../../lib/i18n.ts';
import { zhCn } from './i18n-zh-cn.ts';
import { en } from './i18n-en.ts';
import { zhTw } from './i18n-zh-tw.ts';

export type { CmeCatalogue } from './i18n-zh-tw.ts';

registerFeatureCatalogue('cme', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
