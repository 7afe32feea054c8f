import { registerFeatureCatalogue } from '../lib/i18n.ts';

// The upload field's strings travel with it (the meeting form and the certificate template use it).
const zhTw = {
  imageHint: '支援 {{types}}；上傳前會自動壓縮，壓縮後不超過 {{size}} MB，原圖不超過 {{max}} MB。',
  pdfHint: '僅限 PDF，只能上傳一個檔案，不超過 {{size}} MB；刪除後可重新上傳。',
  upload: '上傳',
  uploading: '上傳中…',
  compressing: '壓縮中…',
  remove: '刪除',
  openPdf: '查看 PDF',
  image: '圖片',
  imageTooLarge: '圖片不能超過 {{size}} MB',
  notImage: '請選擇 {{types}} 圖片',
  notPdf: '請選擇 PDF 檔案',
  pdfTooLarge: 'PDF 不能超過 {{size}} MB',
  compressFailed: '圖片壓縮失敗，請換一張圖片',
};

const zhCn: typeof zhTw = {
  imageHint: '支持 {{types}}；上传前会自动压缩，压缩后不超过 {{size}} MB，原图不超过 {{max}} MB。',
  pdfHint: '仅限 PDF，只能上传一个文件，不超过 {{size}} MB；删除后可重新上传。',
  upload: '上传',
  uploading: '上传中…',
  compressing: '压缩中…',
  remove: '删除',
  openPdf: '查看 PDF',
  image: '图片',
  imageTooLarge: '图片不能超过 {{size}} MB',
  notImage: '请选择 {{types}} 图片',
  notPdf: '请选择 PDF 文件',
  pdfTooLarge: 'PDF 不能超过 {{size}} MB',
  compressFailed: '图片压缩失败，请换一张图片',
};

const en: typeof zhTw = {
  imageHint:
    '{{types}}; compressed before upload to at most {{size}} MB; the original may be up to {{max}} MB.',
  pdfHint: 'PDF only, one file of at most {{size}} MB; remove it to upload another.',
  upload: 'Upload',
  uploading: 'Uploading…',
  compressing: 'Compressing…',
  remove: 'Remove',
  openPdf: 'Open the PDF',
  image: 'Image',
  imageTooLarge: 'The image may not exceed {{size}} MB',
  notImage: 'Choose a {{types}} image',
  notPdf: 'Choose a PDF file',
  pdfTooLarge: 'The PDF may not exceed {{size}} MB',
  compressFailed: 'The image could not be compressed; try another one',
};

registerFeatureCatalogue('fileField', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
