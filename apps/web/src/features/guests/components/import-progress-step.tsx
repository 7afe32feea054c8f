import { Alert, Progress, Space, Typography } from 'antd';
import type { GuestImport } from '@meetflow/shared/schemas/imports';
import { ExportButton } from '../../../components/export-button.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { htmlLang } from '../../../lib/language.ts';
import { failedRowsPath } from '../import-api.ts';
import { progressPercent } from '../import-logic.ts';
import { ImportCounts } from './import-preview.tsx';

const PROGRESS_COUNTS = ['created', 'updated', 'skipped', 'failed'] as const;

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

/** A queued or running import: its progress bar and counts so far. */
export function ImportProgressStep({ entry, stale }: { entry: GuestImport; stale: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const number = (n: number) => n.toLocaleString(htmlLang(lang));
  const { processed, total } = entry.progress;
  return (
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
      {stale && (
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
}

/** A finished (or failed) import: the outcome, the counts and the failed rows to fix. */
export function ImportDoneStep({ entry }: { entry: GuestImport }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const failed = entry.status === 'failed';
  return (
    <div data-testid="import-done">
      <Alert
        type={failed ? 'error' : entry.progress.failed > 0 ? 'warning' : 'success'}
        showIcon
        role={failed ? 'alert' : 'status'}
        title={t(failed ? 'guestImport.done.failedTitle' : 'guestImport.done.title')}
        description={
          failed
            ? entry.error
            : t('guestImport.done.summary', { total: entry.progress.total.toLocaleString(htmlLang(lang)) })
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
