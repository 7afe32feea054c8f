import { Button, Space } from 'antd';
import { EditOutlined, ScanOutlined, WarningOutlined } from '@ant-design/icons';
import { ExportButton } from '../../../components/export-button.tsx';
import { Auth, AuthAll } from '../../../components/permission.tsx';
import type { RecordQuery } from '../../../lib/attendance-types.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { recordExportPath } from '../attendance-api.ts';

/** The records page's buttons: conflicts (when any), export, manual check-in/out and scan mode. */
export function RecordsActions(props: {
  conflicts: number | undefined;
  query: RecordQuery | null;
  onConflicts: () => void;
  onManual: () => void;
  onScan: () => void;
}) {
  const { t } = useTranslation();
  const { query } = props;
  return (
    <Space wrap>
      {(props.conflicts ?? 0) > 0 && (
        <Button danger icon={<WarningOutlined />} onClick={props.onConflicts} data-testid="records-conflicts">
          {t('attendance.records.conflicts', { count: props.conflicts })}
        </Button>
      )}
      {query !== null && (
        // The file carries phone numbers: the guest export's permission too, as the server asks.
        <AuthAll value={['records:view', 'guest:export']}>
          <ExportButton
            path={recordExportPath(query)}
            fallbackName="attendance.xlsx"
            label={t('attendance.records.export')}
            data-testid="records-export"
          />
        </AuthAll>
      )}
      <Auth value="records:scan">
        <Space wrap>
          <Button
            icon={<EditOutlined />}
            disabled={query === null}
            onClick={props.onManual}
            data-testid="records-manual"
          >
            {t('attendance.records.manual')}
          </Button>
          <Button type="primary" icon={<ScanOutlined />} onClick={props.onScan} data-testid="scan-mode-open">
            {t('attendance.startScan')}
          </Button>
        </Space>
      </Auth>
    </Space>
  );
}
