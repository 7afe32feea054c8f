import { Button, Modal } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useApplyScheduleWorkbook, useUploadScheduleWorkbook } from '../schedule-import-api.ts';
import { ImportPreview, ImportResult, ImportUploadStep } from './schedule-import-steps.tsx';
import '../i18n.ts';
import '../schedule-import-i18n.ts';

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

  let body;
  if (result) body = <ImportResult result={result} />;
  else if (preview)
    body = <ImportPreview preview={preview} applyError={apply.isError ? apply.error : null} />;
  else
    body = (
      <ImportUploadStep
        meetingId={props.meetingId}
        pending={upload.isPending}
        error={upload.isError ? upload.error : null}
        onPick={pick}
      />
    );

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
