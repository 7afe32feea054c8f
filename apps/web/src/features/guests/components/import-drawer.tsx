import { Drawer, Skeleton, Steps } from 'antd';
import type { MeetingType } from '@meetflow/shared/schemas/meetings';
import { LoadError } from '../../../components/load-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { IMPORT_STEPS } from '../import-logic.ts';
import { useImportFlow, type ImportFlow } from '../use-import-flow.ts';
import { ImportColumns } from './import-columns.tsx';
import { ImportFooter } from './import-footer.tsx';
import { ImportPreview } from './import-preview.tsx';
import { ImportDoneStep, ImportProgressStep } from './import-progress-step.tsx';
import { ImportUploadStep } from './import-upload-step.tsx';
import '../import-i18n.ts';
import './import.css';

/** What the drawer shows at the flow's step (or while the followed import loads). */
function ImportBody({ flow, meetingId }: { flow: ImportFlow; meetingId: number }) {
  const { t } = useTranslation();
  const { query, actions, entry, step } = flow;
  if (flow.importId !== null && !entry) {
    return query.isError && !query.isFetching ? (
      <LoadError
        title={t('guestImport.loadFailed')}
        reason={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 4 }} />
    );
  }
  if (step === 'upload' || !entry) {
    return (
      <ImportUploadStep
        meetingId={meetingId}
        busy={actions.upload.isPending}
        error={flow.uploadError}
        onUpload={flow.upload}
      />
    );
  }
  if (step === 'columns') {
    return (
      <ImportColumns
        entry={entry}
        fields={flow.fields}
        mapping={flow.mapping}
        check={flow.check}
        requiredUnmapped={flow.requiredUnmapped}
        onMap={flow.map}
        onEncoding={(encoding) => actions.encoding.mutate({ id: entry.id, body: { encoding } })}
        rereading={actions.encoding.isPending}
      />
    );
  }
  if (step === 'preview') {
    return (
      <ImportPreview
        preview={flow.preview}
        pending={actions.preview.isPending}
        error={actions.preview.error ? refusalText(actions.preview.error) : null}
        onRetry={flow.runPreview}
        options={flow.options}
        onOptions={flow.setOptions}
        writes={flow.toWrite}
        startError={flow.startError}
      />
    );
  }
  if (step === 'progress') return <ImportProgressStep entry={entry} stale={query.isError} />;
  return <ImportDoneStep entry={entry} />;
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
  const { t } = useTranslation();
  const flow = useImportFlow(props);
  const { entry, step } = flow;

  return (
    <Drawer
      open
      onClose={flow.close}
      title={`${t('guestImport.title')} · ${props.meetingName}`}
      size="min(960px, 100vw)"
      placement="right"
      destroyOnHidden
      footer={<ImportFooter flow={flow} />}
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
        <ImportBody flow={flow} meetingId={props.meetingId} />
      </div>
    </Drawer>
  );
}
