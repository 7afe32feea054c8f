import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Drawer,
  Popconfirm,
  Progress,
  Skeleton,
  Space,
  Spin,
  Steps,
  Typography,
  Upload,
} from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_ROWS_MAX,
  type GuestImport,
  type GuestImportField,
  type ImportMapping,
} from '@meetflow/shared/schemas/imports';
import type { MeetingType } from '@meetflow/shared/schemas/meetings';
import { ExportButton } from '../../../components/export-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { htmlLang } from '../../../lib/language.ts';
import { toast } from '../../../lib/toast.ts';
import { failedRowsPath, importTemplatePath, useGuestImport, useImportActions } from '../import-api.ts';
import { ImportColumns } from './import-columns.tsx';
import { refreshGuests } from '../import-list-api.ts';
import {
  IMPORT_STEPS,
  checkMapping,
  fitMapping,
  importFields,
  importStep,
  progressPercent,
  rowsToWrite,
} from '../import-logic.ts';
import { ImportCounts, ImportPreview, type StartOptions } from './import-preview.tsx';
import '../import-i18n.ts';
import './import.css';

const MEGABYTE = 1024 * 1024;
const PROGRESS_COUNTS = ['created', 'updated', 'skipped', 'failed'] as const;
const DEFAULT_OPTIONS: StartOptions = { onExisting: 'skip', overLimit: false, sendConfirmation: false };

/** Created, updated, skipped and failed rows of an import, so far or in the end. */
function ProgressCounts({ entry, testId }: { entry: GuestImport; testId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <ImportCounts
      testId={testId}
      items={PROGRESS_COUNTS.map((key) => ({
        key,
        label: t(`guestImport.counts.${key}`),
        value: entry.progress[key].toLocaleString(htmlLang(lang)),
        tone: key === 'failed' && entry.progress.failed > 0 ? 'bad' : key === 'created' ? 'good' : undefined,
      }))}
    />
  );
}

/**
 * Guests into a meeting from an XLSX or CSV file (issue 16), in steps: upload, map the columns to
 * the sign-up form's fields, preview what every row would do, then the import job with its progress
 * and its counts. The job runs on the server: the drawer may be closed, and the guest list reopens it
 * at its progress (`resumeId`).
 */
export function ImportDrawer(props: {
  meetingId: number;
  meetingName: string;
  meetingType: MeetingType;
  /** An import to follow (the guest list's "import running" banner), instead of a new upload. */
  resumeId?: number | null;
  onClose: () => void;
}) {
  const { meetingId, meetingType } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const queryClient = useQueryClient();
  const [importId, setImportId] = useState<number | null>(props.resumeId ?? null);
  const [previewing, setPreviewing] = useState(false);
  const [mapping, setMapping] = useState<ImportMapping>([]);
  const [mappingOf, setMappingOf] = useState<string | null>(null);
  const [options, setOptions] = useState<StartOptions>(DEFAULT_OPTIONS);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const query = useGuestImport(importId);
  const actions = useImportActions(meetingId);
  const entry = importId === null ? null : (query.data ?? null);
  const fields = importFields(meetingType);
  const step = importStep(entry?.status ?? null, previewing);
  const check = checkMapping(mapping);
  const number = (n: number) => n.toLocaleString(htmlLang(lang));

  // The server's suggestion becomes the mapping when a file arrives or is read in another encoding
  // (state adjusted while rendering, as React advises).
  const suggestion = entry?.status === 'uploaded' ? `${entry.id}:${entry.encoding}` : null;
  if (suggestion !== mappingOf) {
    setMappingOf(suggestion);
    if (entry && suggestion) setMapping(fitMapping(entry.mapping, entry.headers.length, fields));
  }

  function startOver() {
    setImportId(null);
    setPreviewing(false);
    setOptions(DEFAULT_OPTIONS);
    setStartError(null);
    actions.preview.reset();
  }

  function close() {
    // New guests came in (or are coming): the list reads them again.
    if (entry && entry.status !== 'uploaded') void refreshGuests(queryClient);
    props.onClose();
  }

  async function upload(file: File) {
    setUploadError(null);
    try {
      const created = await actions.upload.mutateAsync({ file, encoding: 'auto' });
      setPreviewing(false);
      setImportId(created.id);
    } catch (error) {
      setUploadError(refusalText(error));
    }
  }

  function map(index: number, field: GuestImportField | null) {
    setMapping((current) => current.map((value, i) => (i === index ? field : value)));
  }

  function runPreview() {
    if (!entry || !check.ok) return;
    setStartError(null);
    setPreviewing(true);
    actions.preview.mutate({ id: entry.id, body: { mapping } });
  }

  function back() {
    setPreviewing(false);
    setStartError(null);
    actions.preview.reset();
  }

  async function start() {
    if (!entry) return;
    setStartError(null);
    try {
      await actions.start.mutateAsync({
        id: entry.id,
        body: {
          mapping,
          on_existing: options.onExisting,
          over_limit: options.overLimit,
          send_confirmation: options.sendConfirmation,
        },
      });
      setPreviewing(false);
    } catch (error) {
      setStartError(refusalText(error));
    }
  }

  async function discard() {
    if (!entry) return;
    try {
      await actions.discard.mutateAsync(entry.id);
      toast.success(t('guestImport.discarded'));
      startOver();
    } catch {
      // The HTTP client has shown the reason.
    }
  }

  const preview = actions.preview.data;
  const toWrite = preview ? rowsToWrite(preview, options) : null;

  const discardButton = (
    <Popconfirm
      title={t('guestImport.discardConfirm')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={() => discard()}
      okButtonProps={{ danger: true, 'data-testid': 'import-discard-confirm' }}
    >
      <Button danger loading={actions.discard.isPending} data-testid="import-discard">
        {t('guestImport.discard')}
      </Button>
    </Popconfirm>
  );
  const closeButton = (
    <Button type={step === 'done' ? 'primary' : 'default'} onClick={close} data-testid="import-close">
      {t('guestImport.close')}
    </Button>
  );

  const footer =
    step === 'columns' ? (
      <>
        {discardButton}
        <Button
          type="primary"
          disabled={!check.ok || actions.encoding.isPending}
          onClick={runPreview}
          data-testid="import-next"
        >
          {t('guestImport.columns.next')}
        </Button>
      </>
    ) : step === 'preview' ? (
      <>
        <Button onClick={back} disabled={actions.start.isPending} data-testid="import-back">
          {t('guestImport.preview.back')}
        </Button>
        {discardButton}
        <Popconfirm
          title={t('guestImport.preview.confirmTitle')}
          description={
            toWrite &&
            t('guestImport.willWrite', {
              count: toWrite.total,
              total: number(toWrite.total),
              created: number(toWrite.created),
              updated: number(toWrite.updated),
            })
          }
          okText={t('guestImport.preview.confirmOk')}
          cancelText={t('common.cancel')}
          onConfirm={() => start()}
          okButtonProps={{ 'data-testid': 'import-start-confirm' }}
        >
          <Button
            type="primary"
            disabled={!toWrite || toWrite.total === 0}
            loading={actions.start.isPending}
            data-testid="import-start"
          >
            {t('guestImport.preview.start')}
          </Button>
        </Popconfirm>
      </>
    ) : (
      closeButton
    );

  let body;
  if (importId !== null && !entry) {
    body =
      query.isError && !query.isFetching ? (
        <LoadError
          title={t('guestImport.loadFailed')}
          reason={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      );
  } else if (step === 'upload' || !entry) {
    const busy = actions.upload.isPending;
    body = (
      <div data-testid="import-upload-step">
        <div data-testid="import-upload">
          <Upload.Dragger
            // .xls too: the server then says what to save it as, where the picker would only hide it.
            accept=".xlsx,.xls,.csv"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void upload(file);
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
                    rows: number(IMPORT_ROWS_MAX),
                  })}
                </p>
              </>
            )}
          </Upload.Dragger>
        </div>
        {uploadError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginTop: 16 }}
            title={t('guestImport.upload.failed')}
            description={uploadError}
            data-testid="import-upload-error"
          />
        )}
        <div className="mf-import-template">
          <ExportButton
            path={importTemplatePath(meetingId)}
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
  } else if (step === 'columns') {
    body = (
      <ImportColumns
        entry={entry}
        fields={fields}
        mapping={mapping}
        check={check}
        onMap={map}
        onEncoding={(encoding) => actions.encoding.mutate({ id: entry.id, body: { encoding } })}
        rereading={actions.encoding.isPending}
      />
    );
  } else if (step === 'preview') {
    body = (
      <ImportPreview
        preview={preview}
        pending={actions.preview.isPending}
        error={actions.preview.error ? refusalText(actions.preview.error) : null}
        onRetry={runPreview}
        options={options}
        onOptions={setOptions}
        writes={toWrite}
        startError={startError}
      />
    );
  } else if (step === 'progress') {
    const { processed, total } = entry.progress;
    body = (
      <div data-testid="import-progress-step">
        <div role="status">
          <Typography.Paragraph strong data-testid="import-progress-text">
            {entry.status === 'queued'
              ? t('guestImport.progress.queued')
              : t('guestImport.progress.processed', { processed: number(processed), total: number(total) })}
          </Typography.Paragraph>
        </div>
        <Progress
          percent={progressPercent(entry.progress)}
          status="active"
          aria-label={t('guestImport.progress.label')}
          aria-valuetext={t('guestImport.progress.processed', {
            processed: number(processed),
            total: number(total),
          })}
          data-testid="import-progress"
        />
        <ProgressCounts entry={entry} testId="import-progress-counts" />
        {query.isError && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('guestImport.progress.refreshFailed')}
            data-testid="import-progress-stale"
          />
        )}
        <Alert type="info" showIcon title={t('guestImport.progress.closeHint')} />
      </div>
    );
  } else {
    const failed = entry.status === 'failed';
    body = (
      <div data-testid="import-done">
        <Alert
          type={failed ? 'error' : entry.progress.failed > 0 ? 'warning' : 'success'}
          showIcon
          role={failed ? 'alert' : 'status'}
          title={t(failed ? 'guestImport.done.failedTitle' : 'guestImport.done.title')}
          description={
            failed ? entry.error : t('guestImport.done.summary', { total: number(entry.progress.total) })
          }
          style={{ marginBottom: 16 }}
          data-testid={failed ? 'import-failed' : 'import-finished'}
        />
        <ProgressCounts entry={entry} testId="import-done-counts" />
        {entry.status === 'done' && entry.progress.failed > 0 && (
          <Space orientation="vertical" size={4}>
            <ExportButton
              path={failedRowsPath(entry.id)}
              fallbackName="failed-rows.xlsx"
              label={t('guestImport.done.failedRows')}
              data-testid="import-failed-rows"
            />
            <Typography.Text type="secondary">{t('guestImport.done.failedHelp')}</Typography.Text>
          </Space>
        )}
      </div>
    );
  }

  return (
    <Drawer
      open
      onClose={close}
      title={`${t('guestImport.title')} · ${props.meetingName}`}
      size="min(960px, 100vw)"
      placement="right"
      destroyOnHidden
      footer={
        <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
          {footer}
        </Space>
      }
    >
      <div data-testid="import-drawer">
        <Steps
          size="small"
          responsive={false}
          titlePlacement="vertical"
          current={IMPORT_STEPS.indexOf(step)}
          status={entry?.status === 'failed' ? 'error' : step === 'done' ? 'finish' : 'process'}
          items={IMPORT_STEPS.map((key) => ({ key, title: t(`guestImport.steps.${key}`) }))}
          className="mf-import-steps"
          data-testid="import-steps"
        />
        {body}
      </div>
    </Drawer>
  );
}
