import { Button, Popconfirm, Space, type ButtonProps } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import {
  usePromoteEntry,
  useRemoveEntry,
  type WaitlistAdminEntry,
  type WaitlistPage,
} from '../waitlist-api.ts';
import { promotionText, removalText, type Text } from '../waitlist-logic.ts';

/** `data-testid` on an antd button inside a Popconfirm. */
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

/**
 * Promote (the confirmation says whether a free seat is taken or the limit raised) or remove one
 * entry still on the list.
 */
export function EntryActions(props: {
  meetingId: number;
  entry: WaitlistAdminEntry;
  seats: Pick<WaitlistPage, 'seats_taken' | 'seat_limit'>;
  scope: 'meeting' | 'session';
}) {
  const { t } = useTranslation();
  const { entry } = props;
  const promotion = usePromoteEntry(props.meetingId);
  const removal = useRemoveEntry(props.meetingId);
  const say = (text: Text) => t(`waitlist.${text.key}`, text.values);
  const name = entry.display_name;

  async function promote() {
    try {
      const result = await promotion.mutateAsync(entry.id);
      toast.success(
        result.limit_raised
          ? t('waitlist.promote.doneRaised', { name, limit: result.seat_limit })
          : t('waitlist.promote.done', { name }),
      );
    } catch {
      // The HTTP client has shown the server's reason (already promoted, left the list…).
    }
  }

  async function remove() {
    try {
      await removal.mutateAsync(entry.id);
      toast.success(t('waitlist.remove.done', { name }));
    } catch {
      // As above.
    }
  }

  return (
    <Space size={[4, 0]} wrap>
      <Popconfirm
        title={t('waitlist.promote.title', { name })}
        description={say(promotionText(entry, props.seats, props.scope))}
        okText={t('waitlist.confirm')}
        cancelText={t('waitlist.cancel')}
        okButtonProps={testId('waitlist-promote-confirm')}
        onConfirm={promote}
      >
        <Button
          type="link"
          size="small"
          loading={promotion.isPending}
          data-testid={`waitlist-promote-${entry.id}`}
        >
          {t('waitlist.promote.action')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('waitlist.remove.title', { name })}
        description={say(removalText(entry))}
        okText={t('waitlist.confirm')}
        cancelText={t('waitlist.cancel')}
        okButtonProps={{ danger: true, ...testId('waitlist-remove-confirm') }}
        onConfirm={remove}
      >
        <Button
          type="link"
          size="small"
          danger
          loading={removal.isPending}
          data-testid={`waitlist-remove-${entry.id}`}
        >
          {t('waitlist.remove.action')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
