import { Button, Popconfirm, Space } from 'antd';
import type { AdminUser } from '@meetflow/shared/schemas/users';
import { useTranslation } from '../../../lib/i18n.ts';

/** A user row's actions: edit, reset the password, and disable or enable (asked first). */
export function UserActions({
  user,
  onEdit,
  onResetPassword,
  onToggle,
}: {
  user: AdminUser;
  onEdit: () => void;
  onResetPassword: () => void;
  onToggle: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" data-testid="user-edit" onClick={onEdit}>
        {t('users.edit')}
      </Button>
      <Button type="link" size="small" data-testid="user-reset-password" onClick={onResetPassword}>
        {t('users.resetPassword')}
      </Button>
      <Popconfirm
        title={t(user.enabled ? 'users.disableConfirm' : 'users.enableConfirm', {
          account: user.account,
        })}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: user.enabled, ...{ 'data-testid': 'user-toggle-confirm' } }}
        onConfirm={onToggle}
      >
        <Button type="link" size="small" danger={user.enabled} data-testid="user-toggle">
          {user.enabled ? t('users.disable') : t('users.enable')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
