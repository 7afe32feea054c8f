import { Button } from 'antd';
import type { GuestImport } from '@meetflow/shared/schemas/imports';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { htmlLang } from '../../../lib/language.ts';
import '../i18n.ts';

/*
 * Plain markup in Ant Design's info colours rather than its Alert: a lazy Alert (or one in the
 * list's chunk) reshuffled the shared chunks and made the meeting list's first screen heavier.
 */
const STYLE = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 12px',
  alignItems: 'center',
  justifyContent: 'space-between',
  marginBottom: 16,
  padding: '8px 12px',
  border: '1px solid var(--ant-color-info-border, #91caff)',
  borderRadius: 8,
  background: 'var(--ant-color-info-bg, #e6f4ff)',
} as const;

/** "An import is running (n of m rows) — View" above the guest list while the server works on one. */
export function ImportBanner({ entry, onView }: { entry: GuestImport; onView: () => void }) {
  const { t } = useTranslation();
  const number = (n: number) => n.toLocaleString(htmlLang(currentLanguage()));
  return (
    <div role="status" style={STYLE} data-testid="guest-import-banner">
      <span data-testid="guest-import-banner-text">
        {entry.status === 'queued'
          ? t('guests.importQueued', { name: entry.file_name })
          : t('guests.importRunning', {
              name: entry.file_name,
              processed: number(entry.progress.processed),
              total: number(entry.progress.total),
            })}
      </span>
      <Button size="small" onClick={onView} data-testid="guest-import-banner-view">
        {t('guests.importView')}
      </Button>
    </div>
  );
}
