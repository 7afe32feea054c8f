import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import type { BroadcastFilters, BroadcastTexts } from '@meetflow/shared/schemas/mail';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { changedCount } from '../broadcast-logic.ts';
import { broadcastCount, useSendBroadcast } from '../broadcasts-api.ts';
import '../broadcast-i18n.ts';

type State =
  | { phase: 'counting' }
  | { phase: 'countFailed'; reason: string }
  /** `changed`: the server refused the number confirmed before; `error`: the send failed otherwise. */
  | { phase: 'ready'; count: number; changed: boolean; error?: string };

/**
 * "This will e-mail N guests": the number is asked of the server when the dialog opens, and the send
 * carries it, so a list that changed in between is confirmed again with its new number.
 */
export function BroadcastConfirm(props: {
  meetingId: number;
  filters: BroadcastFilters;
  texts: BroadcastTexts;
  filtered: boolean;
  onCancel: () => void;
  onSent: () => void;
}) {
  const { meetingId, filters, texts, onCancel, onSent } = props;
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: 'counting' });
  const [attempt, setAttempt] = useState(0);
  const send = useSendBroadcast(meetingId);

  useEffect(() => {
    let live = true;
    broadcastCount(meetingId, filters).then(
      ({ count }) => live && setState({ phase: 'ready', count, changed: false }),
      (error: unknown) =>
        live && setState({ phase: 'countFailed', reason: error instanceof Error ? error.message : '' }),
    );
    return () => {
      live = false;
    };
  }, [meetingId, filters, attempt]);

  async function confirm() {
    if (state.phase !== 'ready' || state.count === 0) return;
    try {
      const result = await send.mutateAsync({ filters, texts, confirmed_count: state.count });
      toast.success(t('broadcast.queued', { count: result.recipients }));
      onSent();
    } catch (error) {
      const count = changedCount(error);
      if (count !== null) setState({ phase: 'ready', count, changed: true });
      else setState({ ...state, error: error instanceof Error ? error.message : String(error) });
    }
  }

  const ready = state.phase === 'ready';
  return (
    <Modal
      open
      title={t('broadcast.confirmTitle')}
      onCancel={onCancel}
      okText={t('broadcast.confirmSend')}
      cancelText={t('broadcast.cancel')}
      onOk={() => void confirm()}
      confirmLoading={send.isPending}
      okButtonProps={{
        disabled: state.phase !== 'ready' || state.count === 0,
        'data-testid': 'broadcast-confirm-ok',
      }}
      cancelButtonProps={{ 'data-testid': 'broadcast-confirm-cancel' }}
      destroyOnHidden
    >
      <div data-testid="broadcast-confirm">
        <Typography.Paragraph>
          {t(props.filtered ? 'broadcast.filteredGuests' : 'broadcast.allGuests')}
        </Typography.Paragraph>
        {/* Present from the start so that screen readers announce the number when it comes. */}
        <div role="status">
          {state.phase === 'counting' && <Spin size="small" description={t('broadcast.counting')} />}
          {ready && state.changed && (
            <Alert
              type="warning"
              showIcon
              title={t('broadcast.changed', { count: state.count })}
              style={{ marginBottom: 12 }}
              data-testid="broadcast-count-changed"
            />
          )}
          {ready && (
            <Typography.Paragraph strong data-testid="broadcast-count">
              {state.count === 0 ? t('broadcast.nobody') : t('broadcast.willSend', { count: state.count })}
            </Typography.Paragraph>
          )}
        </div>
        {ready && state.error && (
          <Alert type="error" showIcon title={state.error} role="alert" data-testid="broadcast-send-error" />
        )}
        {state.phase === 'countFailed' && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('broadcast.countFailed')}
            description={state.reason}
            action={
              <Button
                size="small"
                onClick={() => {
                  setState({ phase: 'counting' });
                  setAttempt((n) => n + 1);
                }}
              >
                {t('broadcast.retry')}
              </Button>
            }
            data-testid="broadcast-count-failed"
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('broadcast.unsubscribedNote')}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
