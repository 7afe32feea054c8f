import { Alert, Button, Empty, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { Auth } from '../../../components/permission.tsx';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { messageDetail, messageStatusColor } from '../guest-message-text.ts';
import { useGuestMessages, useResendConfirmation } from '../guests-api.ts';
import type { GuestMessage } from '../guests-types.ts';
import '../i18n.ts';

/**
 * The guest's mail (confirmations, session updates, reminders, codes): status, attempts and why a
 * message failed, was skipped or still waits; with guest:edit, a confirmation can be sent again.
 */
export function GuestMessages({ guestId }: { guestId: number }) {
  const { t } = useTranslation();
  const messages = useGuestMessages(guestId);
  const resend = useResendConfirmation(guestId);
  const data = messages.data;
  const configured = data?.mail_server_configured ?? true;

  async function confirmResend() {
    try {
      await resend.mutateAsync();
      toast.success(t('guests.messages.resent'));
    } catch {
      // The HTTP client has shown the reason.
    }
  }

  const detail = (message: GuestMessage) => {
    const d = messageDetail(message, configured);
    if (!d) return '—';
    switch (d.key) {
      case 'waitingForServer':
        return <Typography.Text type="secondary">{t('guests.messages.waitingForServer')}</Typography.Text>;
      case 'retrying':
        return t('guests.messages.retrying', { reason: d.reason });
      case 'sentAt':
        return t('guests.messages.sentAt', { time: formatDateTime(d.at) });
      case 'reason':
        return d.reason;
    }
  };

  return (
    <section aria-labelledby="guest-messages-title" data-testid="guest-messages">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          alignItems: 'center',
          justifyContent: 'space-between',
          marginBottom: 12,
        }}
      >
        <Typography.Title level={5} id="guest-messages-title" style={{ margin: 0 }}>
          {t('guests.messages.title')}
        </Typography.Title>
        <Auth value="guest:edit">
          <Popconfirm
            title={t('guests.messages.resendConfirm')}
            onConfirm={confirmResend}
            okButtonProps={{ 'data-testid': 'guest-resend-confirm' }}
          >
            <Button icon={<MailOutlined />} size="small" data-testid="guest-resend">
              {t('guests.messages.resend')}
            </Button>
          </Popconfirm>
        </Auth>
      </div>
      {data && !data.mail_server_configured && (
        <Alert
          type="info"
          showIcon
          title={t('guests.messages.noServer')}
          style={{ marginBottom: 12 }}
          data-testid="guest-messages-no-server"
        />
      )}
      {messages.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Table<GuestMessage>
          rowKey="id"
          size="small"
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          dataSource={data?.items ?? []}
          loading={messages.isFetching && !messages.isError}
          locale={{ emptyText: emptyTextFor(messages, <Empty description={t('guests.messages.empty')} />) }}
          scroll={{ x: 600 }}
          columns={[
            {
              key: 'time',
              title: t('guests.messages.time'),
              width: 170,
              render: (_, m) => formatDateTime(m.created_at),
            },
            {
              key: 'type',
              title: t('guests.messages.type'),
              render: (_, m) => t(`guests.messages.types.${m.type}`),
            },
            {
              key: 'status',
              title: t('guests.messages.status'),
              render: (_, m) => (
                <Tag color={messageStatusColor(m.status)} data-testid={`guest-message-status-${m.status}`}>
                  {t(`guests.messages.statuses.${m.status}`)}
                </Tag>
              ),
            },
            { key: 'attempts', title: t('guests.messages.attempts'), dataIndex: 'attempts', align: 'right' },
            {
              key: 'details',
              title: t('guests.messages.details'),
              render: (_, m) => <span style={{ wordBreak: 'break-word' }}>{detail(m)}</span>,
            },
          ]}
          data-testid="guest-messages-table"
        />
      )}
    </section>
  );
}
