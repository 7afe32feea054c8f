import { Alert, Spin, Table, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type {
  ScheduleImportIssue,
  ScheduleImportPreview,
  ScheduleImportResult,
} from '@meetflow/shared/schemas/imports';
import { ExportButton } from '../../../components/export-button.tsx';
import { refusalText } from '../../../lib/refusal-text.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { scheduleTemplatePath } from '../schedule-import-api.ts';
import { SHEET_LABELS, resultRows, sheetRows, type SheetRow } from '../schedule-import-logic.ts';
import '../i18n.ts';
import '../schedule-import-i18n.ts';

const COUNTS = ['total', 'create', 'update', 'invalid'] as const;

const sheetTitle = (t: TFunction, sheet: SheetRow['sheet']) => t(`dictionary.tabs.${SHEET_LABELS[sheet]}`);

interface UploadStepProps {
  meetingId: number;
  pending: boolean;
  /** The upload's refusal, if it failed. */
  error: unknown;
  onPick: (file: File) => void;
}

/** First step: the help, the drop zone, the upload's refusal and the template. */
export function ImportUploadStep({ meetingId, pending, error, onPick }: UploadStepProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="schedule-import-upload-step">
      <Typography.Paragraph type="secondary">{t('scheduleImport.help')}</Typography.Paragraph>
      <div data-testid="schedule-import-upload">
        <Upload.Dragger
          // .xls too: the server then says what to save it as, where the picker would only hide it.
          accept=".xlsx,.xls"
          multiple={false}
          showUploadList={false}
          disabled={pending}
          beforeUpload={(file) => {
            onPick(file);
            return false;
          }}
        >
          {pending ? (
            <div role="status" style={{ padding: '24px 0' }}>
              <Spin description={t('scheduleImport.uploading')} />
            </div>
          ) : (
            <>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('scheduleImport.drop')}</p>
            </>
          )}
        </Upload.Dragger>
      </div>
      {error != null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          title={t('scheduleImport.failed')}
          description={refusalText(error)}
          data-testid="schedule-import-error"
        />
      )}
      <div style={{ marginTop: 16 }}>
        <ExportButton
          path={scheduleTemplatePath(meetingId)}
          fallbackName="schedule-import-template.xlsx"
          label={t('scheduleImport.template')}
          texts={{
            busy: t('scheduleImport.templateDownloading'),
            done: t('scheduleImport.templateDownloaded'),
          }}
          data-testid="schedule-import-template"
        />
      </div>
    </div>
  );
}

interface PreviewProps {
  preview: ScheduleImportPreview;
  /** The apply's refusal, if it failed. */
  applyError: unknown;
}

/** Second step: the counts per sheet, the problems row by row, and why "Apply" cannot run. */
export function ImportPreview({ preview, applyError }: PreviewProps) {
  const { t } = useTranslation();
  const sheetName = (sheet: SheetRow['sheet']) => sheetTitle(t, sheet);

  const countColumns: TableColumnsType<SheetRow> = [
    { key: 'sheet', title: t('scheduleImport.sheet'), render: (_, row) => sheetName(row.sheet) },
    ...COUNTS.map((key) => ({
      key,
      title: t(`scheduleImport.${key}`),
      width: 90,
      render: (_: unknown, row: SheetRow) => (
        <span
          style={key === 'invalid' && row.invalid > 0 ? { color: 'var(--ant-color-error-text)' } : undefined}
          data-testid={`schedule-import-count-${row.sheet}-${key}`}
        >
          {row[key]}
        </span>
      ),
    })),
  ];

  const issueColumns: TableColumnsType<ScheduleImportIssue> = [
    {
      key: 'sheet',
      title: t('scheduleImport.sheet'),
      width: 130,
      render: (_, issue) => sheetName(issue.sheet),
    },
    { key: 'row', title: t('scheduleImport.row'), dataIndex: 'row', width: 70 },
    {
      key: 'column',
      title: t('scheduleImport.column'),
      width: 140,
      render: (_, issue) => issue.column ?? '—',
    },
    { key: 'message', title: t('scheduleImport.message'), dataIndex: 'message' },
  ];

  return (
    <div data-testid="schedule-import-preview">
      <Typography.Paragraph strong>
        {t('scheduleImport.file', { name: preview.file_name })}
      </Typography.Paragraph>
      <Table<SheetRow>
        rowKey="sheet"
        size="small"
        pagination={false}
        dataSource={sheetRows(preview)}
        columns={countColumns}
        scroll={{ x: 'max-content' }}
        data-testid="schedule-import-counts"
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('scheduleImport.issues')}
      </Typography.Title>
      <Table<ScheduleImportIssue>
        rowKey={(issue) => `${issue.sheet}:${issue.row}:${issue.column ?? ''}:${issue.message}`}
        size="small"
        dataSource={preview.issues}
        columns={issueColumns}
        pagination={preview.issues.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('scheduleImport.noIssues') }}
        data-testid="schedule-import-issues"
      />
      {!preview.can_apply && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={t('scheduleImport.blocked')}
          data-testid="schedule-import-blocked"
        />
      )}
      {applyError != null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          title={t('scheduleImport.applyFailed')}
          description={refusalText(applyError)}
          data-testid="schedule-import-apply-error"
        />
      )}
    </div>
  );
}

/** Last step: what was applied, per sheet. */
export function ImportResult({ result }: { result: ScheduleImportResult }) {
  const { t } = useTranslation();
  const sheetName = (sheet: SheetRow['sheet']) => sheetTitle(t, sheet);
  const { rows, changed } = resultRows(result);
  return (
    <div data-testid="schedule-import-result">
      <Alert
        type="success"
        showIcon
        role="status"
        style={{ marginBottom: 16 }}
        title={t('scheduleImport.applied')}
        description={changed ? undefined : t('scheduleImport.appliedNothing')}
      />
      <Table
        rowKey="sheet"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'sheet', title: t('scheduleImport.sheet'), render: (_, row) => sheetName(row.sheet) },
          ...(['create', 'update'] as const).map((key) => ({
            key,
            title: t(`scheduleImport.${key}`),
            width: 90,
            render: (_: unknown, row: (typeof rows)[number]) => (
              <span data-testid={`schedule-import-result-${row.sheet}-${key}`}>{row[key]}</span>
            ),
          })),
        ]}
      />
    </div>
  );
}
