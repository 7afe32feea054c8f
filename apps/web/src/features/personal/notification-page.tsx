import { Badge, Button, Checkbox, Empty, Flex, List, Tag, Typography } from 'antd';
import type { NotificationItem, NotificationType } from '@meetflow/shared/schemas/notifications';
import { useTranslation } from '../../lib/i18n.ts';
import { field, useListState } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { useMarkAllRead, useMarkRead, useNotifications } from './notifications-api.ts';
import './i18n.ts';

/** Every notification type has its colour (and its label in i18n.ts): a new type is a type error here. */
const TYPE_COLORS: Record<NotificationType, string> = {
  meeting_full: 'red',
  session_full: 'orange',
  registration_closed: 'blue',
  export_ready: 'green',
  retention_due: 'orange',
  webhook_disabled: 'red',
  walk_in_over_capacity: 'red',
};

/** /personal/notification: my notifications, newest first, with mark read / all read. */
export default function NotificationPage() {
  const { t, i18n } = useTranslation();
  const state = useListState({
    filters: { unread: field.flag() },
    sizes: [10, 20, 50, 100],
    defaultSize: 20,
  });
  const { page, size: pageSize } = state;
  const unreadOnly = state.filters.unread ?? false;
  const list = useNotifications(page, pageSize, unreadOnly, i18n.language);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = list.data?.unread ?? 0;

  return (
    <PageCard style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.notification')}</PageTitle>
        <Flex gap={12} align="center" wrap>
          <Checkbox
            checked={unreadOnly}
            data-testid="notification-unread-only"
            onChange={(e) => state.setFilters({ unread: e.target.checked || undefined })}
          >
            {t('personalArea.unreadOnly')}
          </Checkbox>
          <Button
            disabled={unread === 0}
            loading={markAllRead.isPending}
            data-testid="notification-read-all"
            onClick={() => markAllRead.mutate()}
          >
            {t('personalArea.markAllRead')}
          </Button>
        </Flex>
      </Flex>
      <List<NotificationItem>
        data-testid="notification-list"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: emptyTextFor(list, <Empty description={t('personalArea.empty')} />) }}
        pagination={
          (list.data?.total ?? 0) > pageSize
            ? {
                current: page,
                pageSize,
                total: list.data?.total ?? 0,
                showTotal: (total) => t('personalArea.total', { count: total }),
                onChange: state.setPage,
              }
            : false
        }
        renderItem={(item) => (
          <List.Item
            data-testid={`notification-${item.id}`}
            data-read={item.read ? 'true' : 'false'}
            actions={
              item.read
                ? []
                : [
                    <Button
                      key="read"
                      type="link"
                      size="small"
                      data-testid="notification-mark-read"
                      onClick={() => markRead.mutate(item.id)}
                    >
                      {t('personalArea.markRead')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={<Badge status={item.read ? 'default' : 'processing'} />}
              title={
                <Flex gap={8} align="center" wrap>
                  <Tag color={TYPE_COLORS[item.type]}>{t(`personalArea.types.${item.type}`)}</Tag>
                  <Typography.Text strong={!item.read} data-testid="notification-message">
                    {item.message}
                  </Typography.Text>
                </Flex>
              }
              description={formatDateTime(item.created_at)}
            />
          </List.Item>
        )}
      />
    </PageCard>
  );
}
