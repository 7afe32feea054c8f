import { Button, Dropdown, Space } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePermission } from '../../../components/permission.tsx';
import { PAYMENT_READERS } from '../../../lib/payment-setup.ts';

/** Every action a meeting row offers; the page decides what each one does. */
export type MeetingAction =
  | 'view'
  | 'copySignup'
  | 'copyCheckin'
  | 'edit'
  | 'editDisplay'
  | 'mail'
  | 'privacy'
  | 'form'
  | 'evaluations'
  | 'fees'
  | 'editSchedule'
  | 'delete';

// The test ids the actions have always had, in the row or in its More menu.
const TEST_IDS: Record<MeetingAction, string> = {
  view: 'meeting-view-button',
  copySignup: 'copy-signup-link',
  copyCheckin: 'copy-checkin-link',
  edit: 'meeting-edit-button',
  editDisplay: 'meeting-display-button',
  mail: 'meeting-mail-button',
  privacy: 'meeting-privacy-button',
  form: 'meeting-form-button',
  evaluations: 'meeting-evaluations-button',
  fees: 'meeting-fees-button',
  editSchedule: 'meeting-schedule-button',
  delete: 'meeting-delete-button',
};

/**
 * Two actions in the row and the rest under More, as Ant Design Pro lays out table rows: eight
 * links took three lines per meeting and hid the columns beside them at 1366 px. Editors see View
 * and Edit first; readers View and the sign-up link they hand out.
 */
function split(canEdit: boolean): { inRow: MeetingAction[]; inMenu: MeetingAction[] } {
  return canEdit
    ? {
        inRow: ['view', 'edit'],
        inMenu: [
          'editSchedule',
          'form',
          'evaluations',
          'fees',
          'editDisplay',
          'copySignup',
          'copyCheckin',
          'mail',
          'privacy',
          'delete',
        ],
      }
    : {
        inRow: ['view', 'copySignup'],
        inMenu: ['copyCheckin', 'form', 'evaluations', 'fees', 'mail', 'privacy'],
      };
}

interface MeetingRowActionsProps {
  canEdit: boolean;
  onAction: (action: MeetingAction) => void;
}

export function MeetingRowActions({ canEdit, onAction }: MeetingRowActionsProps) {
  const { t } = useTranslation();
  const { inRow, inMenu: all } = split(canEdit);
  // The evaluations are the certificates' managers' (issue 43), whoever may edit the meeting.
  const { hasAny } = usePermission();
  const canEvaluate = hasAny('certificate:manage');
  // The fees are the payment staff's (issue 44).
  const canSeeFees = hasAny(PAYMENT_READERS);
  const inMenu = all.filter(
    (action) => (action !== 'evaluations' || canEvaluate) && (action !== 'fees' || canSeeFees),
  );
  const menu: MenuProps = {
    'data-testid': 'meeting-more-menu',
    items: inMenu.map((action) => ({
      key: action,
      danger: action === 'delete',
      label: <span data-testid={TEST_IDS[action]}>{t(`meetings.actions.${action}`)}</span>,
    })),
    onClick: ({ key }) => onAction(key as MeetingAction),
  } as MenuProps;
  return (
    <Space size={4} data-testid="meeting-row-actions" className="mf-meeting-row-actions">
      {inRow.map((action) => (
        <Button
          key={action}
          type="link"
          size="small"
          onClick={() => onAction(action)}
          data-testid={TEST_IDS[action]}
        >
          {t(`meetings.actions.${action}`)}
        </Button>
      ))}
      {/* Opened with Enter or Space too; its first entry takes the focus, arrows move through it. */}
      <Dropdown menu={menu} trigger={['click']} autoFocus>
        <Button type="link" size="small" data-testid="meeting-more-button">
          {t('meetings.actions.more')}
          <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
    </Space>
  );
}
