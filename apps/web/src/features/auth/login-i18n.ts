import { registerFeatureCatalogue } from '../../lib/i18n.ts';

// The login page's own strings beside the main catalogue's `login` section.
registerFeatureCatalogue('loginPage', {
  'zh-tw': { showPassword: '顯示密碼' },
  'zh-cn': { showPassword: '显示密码' },
  en: { showPassword: 'Show password' },
});
