import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import '../i18n.ts';

const ScheduleImportModal = lazy(() =>
  import('./schedule-import-modal.tsx').then((m) => ({ default: m.ScheduleImportModal })),
);

/** Opens the workbook import of a date-schedule meeting's sessions (the dialog loads when first opened). */
export function ScheduleImportButton({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Button
        title={t('dictionary.importSchedulesHint')}
        onClick={() => setImporting(true)}
        data-testid="schedule-import-open"
      >
        {t('dictionary.importSchedules')}
      </Button>
      {importing && (
        <Suspense fallback={null}>
          <ScheduleImportModal meetingId={meetingId} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
