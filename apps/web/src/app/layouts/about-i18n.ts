import { registerFeatureCatalogue } from '../../lib/i18n.ts';

// The About box's texts travel in its lazy chunk; only the menu entry's label is in the shell catalogue.
const zhTw = {
  title: '關於 MeetFlow',
  product: '產品',
  version: '版本',
  licence: '授權',
  source: '原始碼',
  sourceAsk: '請向本伺服器的管理者索取',
  database: '資料庫',
  notice:
    'MeetFlow 是自由軟體：您可依 GNU Affero 通用公共授權條款第 3 版或更新版本使用、研究、分享及修改。修改後經網路提供他人使用時，須向其提供修改後的原始碼。',
  unavailable: '暫時無法取得伺服器資訊',
  close: '關閉',
};

registerFeatureCatalogue('about', {
  'zh-tw': zhTw,
  'zh-cn': {
    title: '关于 MeetFlow',
    product: '产品',
    version: '版本',
    licence: '许可证',
    source: '源代码',
    sourceAsk: '请向本服务器的管理者索取',
    database: '数据库',
    notice:
      'MeetFlow 是自由软件：您可依 GNU Affero 通用公共许可证第 3 版或更新版本使用、研究、分享及修改。修改后经网络提供他人使用时，须向其提供修改后的源代码。',
    unavailable: '暂时无法取得服务器信息',
    close: '关闭',
  },
  en: {
    title: 'About MeetFlow',
    product: 'Product',
    version: 'Version',
    licence: 'Licence',
    source: 'Source code',
    sourceAsk: 'Ask this server’s operator',
    database: 'Database',
    notice:
      'MeetFlow is free software: you may run, study, share and change it under the GNU Affero General Public License, version 3 or any later version. If you change it and offer it to others over a network, you must offer them its changed source code.',
    unavailable: 'The server’s details cannot be read just now',
    close: 'Close',
  },
});
