import { registerFeatureCatalogue } from '../../../lib/i18n.ts';

/**
 * Texts of the meeting's own fields on the sign-up page (t('pubForm.…')): they load with those
 * fields, so a sign-up page without them downloads none of this. The fields' own labels and the
 * engine's error messages come with the form and the shared engine.
 */
const zhTw = {
  previewTitle: '預覽：',
  previewNote: '此處不會提交報名或上載檔案。',
  previewWaiting: '等待表單設計器傳送欄位…',
  fileTypes: 'PDF、JPEG 或 PNG，最大 5 MB',
  chooseFile: '選擇檔案',
  replaceFile: '更換檔案',
  removeFile: '移除檔案',
  uploading: '上載中…',
  uploadingTry: '上載中…（第 {{attempt}} 次嘗試）',
  uploaded: '已上載：{{name}}（{{size}}）',
  picked: '已選擇：{{name}}（預覽中不會上載）',
  uploadFailed: '上載失敗：{{reason}}',
  retryUpload: '重試上載',
  fileTooLarge: '檔案超過 5 MB，請選擇較小的檔案',
  waitForUpload: '「{{label}}」：請等待檔案上載完成',
  chooseAtLeast: '請至少選擇 {{min}} 項',
  chooseAtMost: '最多選擇 {{max}} 項',
  chooseBetween: '請選擇 {{min}} 至 {{max}} 項',
  areaCodeOf: '{{label}}（區號）',
};

const zhCn: typeof zhTw = {
  previewTitle: '预览：',
  previewNote: '此处不会提交报名或上传文件。',
  previewWaiting: '等待表单设计器发送字段…',
  fileTypes: 'PDF、JPEG 或 PNG，最大 5 MB',
  chooseFile: '选择文件',
  replaceFile: '更换文件',
  removeFile: '移除文件',
  uploading: '上传中…',
  uploadingTry: '上传中…（第 {{attempt}} 次尝试）',
  uploaded: '已上传：{{name}}（{{size}}）',
  picked: '已选择：{{name}}（预览中不会上传）',
  uploadFailed: '上传失败：{{reason}}',
  retryUpload: '重试上传',
  fileTooLarge: '文件超过 5 MB，请选择较小的文件',
  waitForUpload: '「{{label}}」：请等待文件上传完成',
  chooseAtLeast: '请至少选择 {{min}} 项',
  chooseAtMost: '最多选择 {{max}} 项',
  chooseBetween: '请选择 {{min}} 至 {{max}} 项',
  areaCodeOf: '{{label}}（区号）',
};

const en: typeof zhTw = {
  previewTitle: 'Preview:',
  // The note follows the title without a space in Chinese: English brings its own.
  previewNote: ' nothing is signed up or uploaded from here.',
  previewWaiting: 'Waiting for the form builder to send the fields…',
  fileTypes: 'PDF, JPEG or PNG, up to 5 MB',
  chooseFile: 'Choose a file',
  replaceFile: 'Replace file',
  removeFile: 'Remove file',
  uploading: 'Uploading…',
  uploadingTry: 'Uploading… (try {{attempt}})',
  uploaded: 'Uploaded: {{name}} ({{size}})',
  picked: 'Chosen: {{name}} (not uploaded in the preview)',
  uploadFailed: 'The upload failed: {{reason}}',
  retryUpload: 'Retry upload',
  fileTooLarge: 'The file is larger than 5 MB: please choose a smaller one',
  waitForUpload: '{{label}}: please wait until the file is uploaded',
  chooseAtLeast: 'Choose at least {{min}}',
  chooseAtMost: 'Choose at most {{max}}',
  chooseBetween: 'Choose {{min}} to {{max}}',
  areaCodeOf: '{{label}} (area code)',
};

registerFeatureCatalogue('pubForm', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
