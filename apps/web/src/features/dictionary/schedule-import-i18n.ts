import { registerFeatureCatalogue } from '../../lib/i18n.ts';

/*
 * Strings of the schedule workbook import (section 'scheduleImport'): they load with its dialog, not
 * with the dictionary page. The sheets are named with the page's tab titles (dictionary.tabs).
 */
const zhTw = {
  title: '匯入日程資料',
  help: '一個 Excel 活頁簿包含三個工作表：日程、使用者類型、學院類別。名稱相同的項目（日程為日期及名稱相同）會被更新，其他新增；活頁簿只會整份套用。',
  template: '下載範本',
  drop: '點擊或拖放 Excel（.xlsx）活頁簿到此處',
  uploading: '正在上傳及檢查活頁簿…',
  failed: '無法讀取此活頁簿',
  file: '檔案：{{name}}',
  sheet: '工作表',
  total: '資料行',
  create: '新增',
  update: '更新',
  invalid: '有誤',
  issues: '問題',
  noIssues: '沒有發現問題。',
  row: '行',
  column: '欄位',
  message: '說明',
  blocked: '有資料行有誤：請在活頁簿中修正後重新上傳。有誤時不會套用任何資料。',
  another: '選擇其他檔案',
  apply: '套用',
  applyFailed: '無法套用此活頁簿',
  applied: '已套用活頁簿',
  appliedNothing: '活頁簿沒有帶來任何更改。',
  close: '關閉',
};

const zhCn: typeof zhTw = {
  title: '导入日程数据',
  help: '一个 Excel 工作簿包含三个工作表：日程、用户类型、学院类别。名称相同的项目（日程为日期及名称相同）会被更新，其他新增；工作簿只会整份应用。',
  template: '下载模板',
  drop: '点击或拖放 Excel（.xlsx）工作簿到此处',
  uploading: '正在上传及检查工作簿…',
  failed: '无法读取此工作簿',
  file: '文件：{{name}}',
  sheet: '工作表',
  total: '数据行',
  create: '新增',
  update: '更新',
  invalid: '有误',
  issues: '问题',
  noIssues: '没有发现问题。',
  row: '行',
  column: '列',
  message: '说明',
  blocked: '有数据行有误：请在工作簿中修正后重新上传。有误时不会应用任何数据。',
  another: '选择其他文件',
  apply: '应用',
  applyFailed: '无法应用此工作簿',
  applied: '已应用工作簿',
  appliedNothing: '工作簿没有带来任何更改。',
  close: '关闭',
};

const en: typeof zhTw = {
  title: 'Import schedules',
  help: 'One Excel workbook with three sheets: sessions, user types and college categories. An entry with the same name (a session: the same date and name) is updated, the others are added; the workbook is applied whole or not at all.',
  template: 'Download the template',
  drop: 'Click or drop an Excel (.xlsx) workbook here',
  uploading: 'Uploading and checking the workbook…',
  failed: 'This workbook cannot be read',
  file: 'File: {{name}}',
  sheet: 'Sheet',
  total: 'Rows',
  create: 'New',
  update: 'Updated',
  invalid: 'Invalid',
  issues: 'Problems',
  noIssues: 'No problems found.',
  row: 'Row',
  column: 'Column',
  message: 'Problem',
  blocked:
    'Some rows are invalid: fix them in the workbook and upload it again. Nothing is applied while a row is invalid.',
  another: 'Choose another file',
  apply: 'Apply',
  applyFailed: 'The workbook could not be applied',
  applied: 'The workbook was applied',
  appliedNothing: 'The workbook changed nothing.',
  close: 'Close',
};

registerFeatureCatalogue('scheduleImport', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
