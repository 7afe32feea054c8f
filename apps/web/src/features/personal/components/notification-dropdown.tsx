import { Badge, Button, Flex, List, Typography } from 'antd';
import type { NotificationItem } from '@meetflow/shared/schemas/notifications';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNotifications } from '../notifications-api.ts';
import '../i18n.ts';

const RECENT_COUNT = 5;

/** The bell's dropdown: the newest notifications and a way to the full list. Lazy, off the shell chunk. */
export default function NotificationDropdown({ onViewAll }: { onViewAll(): void }) {
  const { t, i18n } = useTranslation();
  const recent = useNotifications(1, RECENT_COUNT, false, i18n.language);

  return (
    <Flex vertical style={{ width: 'min(320px, calc(100vw - 48px))' }} data-testid="notification-dropdown">
      <Typography.Text strong>{t('personalArea.recent')}</Typography.Text>
      <List<NotificationItem>
        size="small"
        loading={recent.isLoading}
        dataSource={recent.data?.items ?? []}
        locale={{ emptyText: t('personalArea.empty') }}
        renderItem={(item) => (
          <List.Item data-testid="notification-dropdown-item" data-read={item.read ? 'true' : 'false'}>
            <List.Item.Meta
              avatar={<Badge status={item.read ? 'default' : 'processing'} />}
              title={<Typography.Text strong={!item.read}>{item.message}</Typography.Text>}
              description={formatDateTime(item.created_at)}
            />
          </List.Item>
        )}
      />
      <Button type="link" data-testid="notification-view-all" onClick={onViewAll}>
        {t('personalArea.viewAll')}
      </Button>
    </Flex>
  );
}
