import { Alert, Button, Modal, Spin, Table, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { ScheduleImportIssue } from '@meetflow/shared/schemas/imports';
import { ExportButton } from '../../../components/export-button.tsx';
import { refusalText } from '../../../lib/refusal-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import {
  scheduleTemplatePath,
  useApplyScheduleWorkbook,
  useUploadScheduleWorkbook,
} from '../schedule-import-api.ts';
import { SHEET_LABELS, resultRows, sheetRows, type SheetRow } from '../schedule-import-logic.ts';
import '../i18n.ts';
import '../schedule-import-i18n.ts';

const COUNTS = ['total', 'create', 'update', 'invalid'] as const;

/**
 * A date-schedule meeting's sessions, user types and college categories from one workbook (issue
 * 16): template, upload, the counts per sheet and the problems row by row, then "Apply" — only when
 * no row is invalid, since the workbook is applied whole or not at all.
 */
export function ScheduleImportModal(props: { meetingId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadScheduleWorkbook(props.meetingId);
  const apply = useApplyScheduleWorkbook();
  const preview = upload.data;
  const result = apply.data;
  const sheetName = (sheet: SheetRow['sheet']) => t(`dictionary.tabs.${SHEET_LABELS[sheet]}`);

  function pick(file: File) {
    apply.reset();
    upload.mutate(file);
  }

  function another() {
    apply.reset();
    upload.reset();
  }

  async function onApply() {
    if (!preview?.can_apply) return;
    try {
      await apply.mutateAsync(preview.id);
      toast.success(t('scheduleImport.applied'));
    } catch {
      // Shown in the dialog (refusalText of apply.error).
    }
  }

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

  let body;
  if (result) {
    const { rows, changed } = resultRows(result);
    body = (
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
  } else if (preview) {
    body = (
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
        {apply.isError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginTop: 16 }}
            title={t('scheduleImport.applyFailed')}
            description={refusalText(apply.error)}
            data-testid="schedule-import-apply-error"
          />
        )}
      </div>
    );
  } else {
    body = (
      <div data-testid="schedule-import-upload-step">
        <Typography.Paragraph type="secondary">{t('scheduleImport.help')}</Typography.Paragraph>
        <div data-testid="schedule-import-upload">
          <Upload.Dragger
            // .xls too: the server then says what to save it as, where the picker would only hide it.
            accept=".xlsx,.xls"
            multiple={false}
            showUploadList={false}
            disabled={upload.isPending}
            beforeUpload={(file) => {
              pick(file);
              return false;
            }}
          >
            {upload.isPending ? (
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
        {upload.isError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginTop: 16 }}
            title={t('scheduleImport.failed')}
            description={refusalText(upload.error)}
            data-testid="schedule-import-error"
          />
        )}
        <div style={{ marginTop: 16 }}>
          <ExportButton
            path={scheduleTemplatePath(props.meetingId)}
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

  const footer = result
    ? [
        <Button key="close" type="primary" onClick={props.onClose} data-testid="schedule-import-close">
          {t('scheduleImport.close')}
        </Button>,
      ]
    : [
        preview && (
          <Button
            key="another"
            onClick={another}
            disabled={apply.isPending}
            data-testid="schedule-import-another"
          >
            {t('scheduleImport.another')}
          </Button>
        ),
        <Button key="close" onClick={props.onClose} data-testid="schedule-import-close">
          {t('scheduleImport.close')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          disabled={!preview?.can_apply}
          loading={apply.isPending}
          onClick={() => void onApply()}
          data-testid="schedule-import-apply"
        >
          {t('scheduleImport.apply')}
        </Button>,
      ];

  return (
    <Modal
      open
      title={t('scheduleImport.title')}
      onCancel={props.onClose}
      width={880}
      destroyOnHidden
      footer={footer}
    >
      <div data-testid="schedule-import">{body}</div>
    </Modal>
  );
}
