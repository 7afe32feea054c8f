import { Button, Drawer, Space, Tabs } from 'antd';
import { MailOutlined, SendOutlined } from '@ant-design/icons';
import type { BroadcastFilters } from '@meetflow/shared/schemas/mail';
import { useTranslation } from '../../../lib/i18n.ts';
import { BroadcastComposeForm } from './broadcast-compose-form.tsx';
import { BroadcastConfirm } from './broadcast-confirm.tsx';
import { BroadcastHistory } from './broadcast-history.tsx';
import { hasFilters } from '../broadcast-filters.ts';
import { useBroadcastCompose } from '../use-broadcast-compose.ts';
import '../broadcast-i18n.ts';
import './broadcast.css';

/**
 * An organiser's message to the guests of a meeting (issue 15): to all of them or to those the guest
 * list's filters match, written in one or more languages with placeholders and a live preview, sent
 * to oneself as a test, then sent after confirming the number of recipients. The second tab follows
 * the meeting's broadcasts as they go out.
 */
export function BroadcastDrawer(props: {
  meetingId: number;
  meetingName: string;
  /** The guest list's current filters, and the same as text ("Status: Checked in"). */
  filters: BroadcastFilters;
  filterLabels: readonly { label: string; value: string }[];
  onClose: () => void;
}) {
  const { meetingId, filters, filterLabels, onClose } = props;
  const { t } = useTranslation();
  const compose = useBroadcastCompose(meetingId, filters);
  const { tab, setTab, confirming, setConfirming, sendTest, onSendTest, onSend, onSent } = compose;
  const composeForm = (
    <BroadcastComposeForm
      meetingId={meetingId}
      compose={compose}
      filterLabels={filterLabels}
      onClose={onClose}
    />
  );

  return (
    <Drawer
      open
      onClose={onClose}
      title={`${t('broadcast.title')} · ${props.meetingName}`}
      size="min(1200px, 100vw)"
      placement="right"
      destroyOnHidden
      footer={
        tab === 'compose' ? (
          <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button
              icon={<MailOutlined />}
              loading={sendTest.isPending}
              onClick={() => void onSendTest()}
              data-testid="broadcast-test"
            >
              {t('broadcast.sendTest')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void onSend()}
              data-testid="broadcast-send"
            >
              {t('broadcast.send')}
            </Button>
          </Space>
        ) : null
      }
    >
      <div data-testid="broadcast-drawer">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'compose' | 'history')}
          items={[
            { key: 'compose', label: t('broadcast.compose'), forceRender: true, children: composeForm },
            {
              key: 'history',
              label: t('broadcast.history'),
              children: <BroadcastHistory meetingId={meetingId} />,
            },
          ]}
          data-testid="broadcast-tabs"
        />
      </div>
      {confirming && (
        <BroadcastConfirm
          meetingId={meetingId}
          filters={confirming.filters}
          texts={confirming.texts}
          filtered={hasFilters(confirming.filters)}
          onCancel={() => setConfirming(null)}
          onSent={onSent}
        />
      )}
    </Drawer>
  );
}
