import { Alert, Button, Checkbox, Radio, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type {
  GuestImportPreview,
  ImportIssue,
  ImportIssueKind,
  OnExisting,
} from '@meetflow/shared/schemas/imports';
import { currentLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { htmlLang } from '../../../lib/language.ts';
import type { ImportOptions } from '../import-logic.ts';
import '../import-i18n.ts';

export interface StartOptions extends ImportOptions {
  sendConfirmation: boolean;
}

const KIND_COLORS: Record<ImportIssueKind, string> = {
  invalid: 'red',
  duplicate_in_file: 'orange',
  existing: 'blue',
  over_capacity: 'gold',
};

const COUNTS = [
  'total',
  'valid',
  'existing',
  'duplicate_in_file',
  'invalid',
  'over_capacity',
  'meeting_remaining',
] as const;

/** The counts of a preview or of an import, as a row of figures; `testId` names each `<testId>-<key>`. */
export function ImportCounts(props: {
  items: readonly { key: string; label: string; value: string; tone?: 'good' | 'bad' }[];
  testId: string;
}) {
  return (
    <dl className="mf-import-counts" data-testid={props.testId}>
      {props.items.map((item) => (
        <div key={item.key} className={item.tone ? `mf-import-count-${item.tone}` : undefined}>
          <dt>{item.label}</dt>
          <dd data-testid={`${props.testId}-${item.key}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Step 3: what the file would do to the meeting — counts, the problems row by row, and the choices
 * for guests already in the meeting, rows over the seats and confirmation mail.
 */
export function ImportPreview(props: {
  preview: GuestImportPreview | undefined;
  pending: boolean;
  error: string | null;
  onRetry: () => void;
  options: StartOptions;
  onOptions: (options: StartOptions) => void;
  /** What starting would write with the options chosen. */
  writes: { total: number; created: number; updated: number } | null;
  startError: string | null;
}) {
  const { preview, options, onOptions } = props;
  const { t } = useTranslation();
  const number = (n: number) => n.toLocaleString(htmlLang(currentLanguage()));

  if (props.pending || props.error || !preview) {
    return <PreviewState pending={props.pending} error={props.error} onRetry={props.onRetry} />;
  }

  return (
    <div data-testid="import-preview">
      <ImportCounts
        testId="import-preview-counts"
        items={COUNTS.map((key) => ({
          key,
          label: t(`guestImport.preview.counts.${key}`),
          value:
            key === 'meeting_remaining' && preview.meeting_remaining === null
              ? t('guestImport.preview.unlimited')
              : number(preview[key] ?? 0),
          tone:
            key === 'valid'
              ? 'good'
              : (key === 'invalid' || key === 'over_capacity' || key === 'duplicate_in_file') &&
                  preview[key] > 0
                ? 'bad'
                : undefined,
        }))}
      />

      <Typography.Title level={5}>{t('guestImport.preview.issues')}</Typography.Title>
      {preview.issues_total > preview.issues.length && (
        <Typography.Paragraph type="secondary" data-testid="import-issues-more">
          {t('guestImport.preview.issuesMore', {
            shown: number(preview.issues.length),
            total: number(preview.issues_total),
          })}
        </Typography.Paragraph>
      )}
      <Table<ImportIssue>
        rowKey={(issue) => `${issue.row}:${issue.column ?? ''}:${issue.kind}:${issue.message}`}
        size="small"
        columns={issueColumns(t)}
        dataSource={preview.issues}
        pagination={preview.issues.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('guestImport.preview.noIssues') }}
        data-testid="import-issues"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('guestImport.preview.notWritten')}
      </Typography.Paragraph>

      <Typography.Title level={5}>{t('guestImport.preview.options')}</Typography.Title>
      <fieldset className="mf-import-fieldset">
        <legend>{t('guestImport.preview.onExisting')}</legend>
        <Radio.Group
          value={options.onExisting}
          onChange={(event) => onOptions({ ...options, onExisting: event.target.value as OnExisting })}
          data-testid="import-on-existing"
        >
          <Radio value="skip" data-testid="import-on-existing-skip">
            {t('guestImport.preview.skip')}
          </Radio>
          <Radio value="update" data-testid="import-on-existing-update">
            {t('guestImport.preview.update')}
          </Radio>
        </Radio.Group>
      </fieldset>
      <div className="mf-import-option">
        <Checkbox
          checked={options.overLimit}
          disabled={preview.over_capacity === 0}
          onChange={(event) => onOptions({ ...options, overLimit: event.target.checked })}
          aria-describedby="mf-import-over-limit-help"
          data-testid="import-over-limit"
        >
          {t('guestImport.preview.overLimit')}
        </Checkbox>
        <Typography.Text type="secondary" id="mf-import-over-limit-help">
          {preview.over_capacity > 0
            ? t('guestImport.preview.overLimitHelp', { rows: number(preview.over_capacity) })
            : t('guestImport.preview.overLimitNone')}
        </Typography.Text>
      </div>
      <div className="mf-import-option">
        <Checkbox
          checked={options.sendConfirmation}
          onChange={(event) => onOptions({ ...options, sendConfirmation: event.target.checked })}
          aria-describedby="mf-import-send-confirmation-help"
          data-testid="import-send-confirmation"
        >
          {t('guestImport.preview.sendConfirmation')}
        </Checkbox>
        <Typography.Text type="secondary" id="mf-import-send-confirmation-help">
          {t('guestImport.preview.sendConfirmationHelp')}
        </Typography.Text>
      </div>
      {props.writes && (
        <Alert
          type={props.writes.total === 0 ? 'warning' : 'info'}
          showIcon
          style={{ marginTop: 16 }}
          title={
            props.writes.total === 0
              ? t('guestImport.preview.nothing')
              : t('guestImport.willWrite', {
                  count: props.writes.total,
                  total: number(props.writes.total),
                  created: number(props.writes.created),
                  updated: number(props.writes.updated),
                })
          }
          data-testid="import-will-write"
        />
      )}
      {props.startError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          title={t('guestImport.preview.startFailed')}
          description={props.startError}
          data-testid="import-start-error"
        />
      )}
    </div>
  );
}

/** The issues table's columns: row, column, message and kind. */
function issueColumns(t: TFunction): TableColumnsType<ImportIssue> {
  return [
    { key: 'row', title: t('guestImport.preview.row'), dataIndex: 'row', width: 70 },
    {
      key: 'column',
      title: t('guestImport.preview.column'),
      width: 140,
      render: (_, issue) => issue.column ?? '—',
    },
    { key: 'message', title: t('guestImport.preview.message'), dataIndex: 'message' },
    {
      key: 'kind',
      title: t('guestImport.preview.kind'),
      width: 130,
      render: (_, issue) => (
        <Tag color={KIND_COLORS[issue.kind]}>{t(`guestImport.preview.kinds.${issue.kind}`)}</Tag>
      ),
    },
  ];
}

/** The preview being checked, or its failure with a retry. */
function PreviewState({
  pending,
  error,
  onRetry,
}: {
  pending: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <div role="status" className="mf-import-waiting" data-testid="import-preview-loading">
        <Spin description={t('guestImport.preview.checking')} />
      </div>
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('guestImport.preview.failed')}
      description={error}
      action={
        <Button size="small" onClick={onRetry} data-testid="import-preview-retry">
          {t('guestImport.preview.retry')}
        </Button>
      }
      data-testid="import-preview-error"
    />
  );
}
