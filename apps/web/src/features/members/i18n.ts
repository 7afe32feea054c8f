import { registerFeatureCatalogue } from '../../lib/i18n.ts';
import { en } from './i18n-en.ts';
import { zhCn } from './i18n-zh-cn.ts';
import { zhTw } from './i18n-zh-tw.ts';

registerFeatureCatalogue('members', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
