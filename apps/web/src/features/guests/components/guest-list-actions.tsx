import { Button, Space } from 'antd';
import { ImportOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { ExportButton } from '../../../components/export-button.tsx';
import { Auth, usePermission } from '../../../components/permission.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { guestExportPath } from '../guests-api.ts';
import type { GuestListQuery } from '../guests-types.ts';
import type { GuestDrawers } from '../use-guest-drawers.ts';

/** The guest list's buttons: broadcast, add, import (editors) and export of the filtered list. */
export function GuestListActions(props: {
  meetingId: number | null;
  query: GuestListQuery;
  drawers: GuestDrawers;
}) {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const { meetingId, drawers } = props;
  const noMeeting = meetingId === null;
  return (
    <Space wrap>
      <Auth value="guest:edit">
        <Button
          icon={<MailOutlined />}
          disabled={noMeeting}
          onClick={() => drawers.setBroadcasting(true)}
          data-testid="guest-broadcast"
        >
          {t('guests.broadcast')}
        </Button>
        <Button
          icon={<PlusOutlined />}
          disabled={noMeeting}
          onClick={() => drawers.setEditing({ guest: null })}
          data-testid="guest-add"
        >
          {t('guests.add')}
        </Button>
        <Button
          icon={<ImportOutlined />}
          disabled={noMeeting}
          onClick={() => drawers.setImporting({ resumeId: null })}
          data-testid="guest-import"
        >
          {t('guests.import')}
        </Button>
      </Auth>
      {meetingId !== null && hasAny('guest:export') && (
        <ExportButton
          type="primary"
          path={guestExportPath(meetingId, props.query)}
          fallbackName="guests.xlsx"
          label={t('guests.export')}
          data-testid="guest-export"
        />
      )}
    </Space>
  );
}
