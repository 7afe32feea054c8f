import { useState } from 'react';
import { Alert, Button, Modal, Progress, Result, Space, Spin, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_FILE_MAX_BYTES, type ImportIssue } from '@meetflow/shared/schemas/imports';
import type { MemberImportPreview, MemberImportProgress } from '@meetflow/shared/schemas/members';
import { ExportButton } from '../../../components/export-button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { memberTemplatePath, useImportProgress, useMemberActions } from '../members-api.ts';
import { progressPercent } from '../members-logic.ts';
import '../i18n.ts';

const MEGABYTE = 1024 * 1024;

/**
 * A member list's import: drop a file (or take the template), read the preview with each row's
 * problems, then apply; the progress is polled while the rows are written in batches.
 */
export function MemberImportDialog(props: { organizationId: number; onClose: () => void }) {
  const { organizationId, onClose } = props;
  const { t } = useTranslation();
  const actions = useMemberActions(organizationId);
  const [preview, setPreview] = useState<MemberImportPreview | null>(null);
  const [result, setResult] = useState<MemberImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const applying = actions.apply.isPending;
  const progress = useImportProgress(organizationId, preview?.id ?? null, applying);

  async function upload(file: File) {
    setError(null);
    try {
      setPreview(await actions.upload.mutateAsync(file));
    } catch (failure) {
      setError(refusalText(failure));
    }
  }

  async function apply() {
    if (!preview) return;
    setError(null);
    try {
      setResult(await actions.apply.mutateAsync(preview.id));
    } catch (failure) {
      setError(refusalText(failure));
    }
  }

  const valid = preview ? preview.create + preview.update : 0;
  const footer = result ? (
    <Button type="primary" onClick={onClose} data-testid="member-import-close">
      {t('members.import.close')}
    </Button>
  ) : preview ? (
    <Space wrap>
      <Button onClick={() => setPreview(null)} disabled={applying}>
        {t('members.import.back')}
      </Button>
      <Button
        type="primary"
        disabled={valid === 0}
        loading={applying}
        onClick={() => void apply()}
        data-testid="member-import-apply"
      >
        {t('members.import.apply', { count: valid })}
      </Button>
    </Space>
  ) : null;

  return (
    <Modal
      open
      width={820}
      title={t('members.import.title')}
      footer={footer}
      onCancel={onClose}
      maskClosable={!applying}
      closable={!applying}
      destroyOnHidden
      data-testid="member-import-dialog"
    >
      {result ? (
        <Result
          status="success"
          title={t('members.import.done', result)}
          data-testid="member-import-result"
        />
      ) : preview ? (
        <PreviewStep preview={preview} applying={applying} progress={progress.data} />
      ) : (
        <UploadStep organizationId={organizationId} busy={actions.upload.isPending} onUpload={upload} />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          title={preview ? t('members.import.applyFailed') : t('members.import.failed')}
          description={error}
          data-testid="member-import-error"
        />
      )}
    </Modal>
  );
}

function UploadStep(props: {
  organizationId: number;
  busy: boolean;
  onUpload: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="member-import-upload">
      <Upload.Dragger
        // .xls too: the server then says what to save it as, where the picker would only hide it.
        accept=".xlsx,.xls,.csv"
        multiple={false}
        showUploadList={false}
        disabled={props.busy}
        beforeUpload={(file) => {
          void props.onUpload(file);
          return false;
        }}
      >
        {props.busy ? (
          <div role="status" style={{ padding: 24 }}>
            <Spin description={t('members.import.uploading')} />
          </div>
        ) : (
          <>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('members.import.drop')}</p>
            <p className="ant-upload-hint">
              {t('members.import.hint', { size: IMPORT_FILE_MAX_BYTES / MEGABYTE })}
            </p>
          </>
        )}
      </Upload.Dragger>
      <div style={{ marginTop: 16 }}>
        <ExportButton
          path={memberTemplatePath(props.organizationId)}
          fallbackName="member-list-template.xlsx"
          label={t('members.import.template')}
          texts={{
            busy: t('members.import.templateDownloading'),
            done: t('members.import.templateDownloaded'),
          }}
          data-testid="member-import-template"
        />
      </div>
    </div>
  );
}

function PreviewStep(props: {
  preview: MemberImportPreview;
  applying: boolean;
  progress: MemberImportProgress | undefined;
}) {
  const { preview, applying, progress } = props;
  const { t } = useTranslation();
  return (
    <div data-testid="member-import-preview">
      <Typography.Paragraph strong data-testid="member-import-summary">
        {t('members.import.summary', preview)}
      </Typography.Paragraph>
      {applying && (
        <div role="status" data-testid="member-import-progress">
          <Progress
            percent={progressPercent(progress ?? { processed: 0, total: preview.create + preview.update })}
          />
          <Typography.Text type="secondary">
            {t('members.import.applying', {
              processed: progress?.processed ?? 0,
              total: progress?.total ?? preview.create + preview.update,
            })}
          </Typography.Text>
        </div>
      )}
      {preview.issues.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('members.import.issues')}
          </Typography.Title>
          <Table<ImportIssue>
            rowKey={(issue) => `${issue.row}-${issue.column}-${issue.message}`}
            size="small"
            pagination={false}
            dataSource={preview.issues}
            scroll={{ x: 'max-content', y: 320 }}
            columns={[
              { key: 'row', title: t('members.import.row'), dataIndex: 'row', width: 64, align: 'right' },
              { key: 'column', title: t('members.import.column'), dataIndex: 'column' },
              { key: 'problem', title: t('members.import.problem'), dataIndex: 'message' },
            ]}
            data-testid="member-import-issues"
          />
          {preview.issues_total > preview.issues.length && (
            <Typography.Text type="secondary">
              {t('members.import.issuesMore', { shown: preview.issues.length, total: preview.issues_total })}
            </Typography.Text>
          )}
        </>
      )}
    </div>
  );
}
