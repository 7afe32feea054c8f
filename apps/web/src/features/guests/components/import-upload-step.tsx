import { Alert, Spin, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX } from '@meetflow/shared/schemas/imports';
import { ExportButton } from '../../../components/export-button.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { htmlLang } from '../../../lib/language.ts';
import { importTemplatePath } from '../import-api.ts';

const MEGABYTE = 1024 * 1024;

/** The import's first step: drop a file, or download the template. */
export function ImportUploadStep(props: {
  meetingId: number;
  busy: boolean;
  error: string | null;
  onUpload: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { busy } = props;
  return (
    <div data-testid="import-upload-step">
      <div data-testid="import-upload">
        <Upload.Dragger
          // .xls too: the server then says what to save it as, where the picker would only hide it.
          accept=".xlsx,.xls,.csv"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void props.onUpload(file);
            return false;
          }}
        >
          {busy ? (
            <div role="status" className="mf-import-waiting">
              <Spin description={t('guestImport.upload.uploading')} />
            </div>
          ) : (
            <>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('guestImport.upload.drop')}</p>
              <p className="ant-upload-hint">
                {t('guestImport.upload.hint', {
                  size: IMPORT_FILE_MAX_BYTES / MEGABYTE,
                  rows: IMPORT_ROWS_MAX.toLocaleString(htmlLang(lang)),
                })}
              </p>
            </>
          )}
        </Upload.Dragger>
      </div>
      {props.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          title={t('guestImport.upload.failed')}
          description={props.error}
          data-testid="import-upload-error"
        />
      )}
      <div className="mf-import-template">
        <ExportButton
          path={importTemplatePath(props.meetingId)}
          fallbackName="guest-import-template.xlsx"
          label={t('guestImport.upload.template')}
          texts={{
            busy: t('guestImport.upload.templateDownloading'),
            done: t('guestImport.upload.templateDownloaded'),
          }}
          data-testid="import-template"
        />
        <Typography.Text type="secondary">{t('guestImport.upload.templateHint')}</Typography.Text>
      </div>
    </div>
  );
}
