import { useState } from 'react';
import { Alert, Button, Empty, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PriceItem, PriceList } from '@meetflow/shared/schemas/payments';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { toast } from '../../../lib/toast.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { usePriceActions, usePriceList } from '../payment-setup-api.ts';
import { dayOf, priceName, showAmount } from '../payment-setup-logic.ts';
import { PriceDrawer } from './price-drawer.tsx';
import '../i18n.ts';

/** The meeting's prices: a table with each one's kind, price and early bird, and the drawer that edits one. */
export function PriceTable({ meetingId, canManage }: { meetingId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useServerTimeZone();
  const query = usePriceList(meetingId);
  const actions = usePriceActions(meetingId);
  const [editing, setEditing] = useState<{ item: PriceItem | null } | null>(null);
  const list: PriceList | undefined = query.data;
  const currency = list?.currency ?? null;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch {
      // The client has shown the server's reason.
    }
  };

  const kindOf = (item: PriceItem) =>
    item.item_type === 'session'
      ? t('paymentSetup.prices.kinds.session')
      : item.user_type_id !== null
        ? t('paymentSetup.prices.kinds.registration')
        : t('paymentSetup.prices.kinds.ticket');

  const columns: TableColumnsType<PriceItem> = [
    { title: t('paymentSetup.prices.kind'), key: 'kind', width: 110, render: (_, item) => kindOf(item) },
    {
      title: t('paymentSetup.prices.name'),
      key: 'name',
      render: (_, item) => (
        <>
          {list ? priceName(item, list, lang) : ''}
          {item.member_only && (
            <Tag color="gold" style={{ marginInlineStart: 8 }} data-testid={`price-member-${item.id}`}>
              {t('paymentSetup.prices.memberTag')}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('paymentSetup.prices.amount'),
      key: 'amount',
      width: 140,
      align: 'right',
      render: (_, item) => <span style={{ whiteSpace: 'nowrap' }}>{showAmount(item.amount, currency)}</span>,
    },
    {
      title: t('paymentSetup.prices.early'),
      key: 'early',
      width: 170,
      render: (_, item) =>
        item.early_amount === null || item.early_until === null ? (
          t('paymentSetup.none')
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>
            {showAmount(item.early_amount, currency)}
            <br />
            <Typography.Text type="secondary">
              {t('paymentSetup.prices.earlyUntilText', { date: dayOf(item.early_until, zone) })}
            </Typography.Text>
          </span>
        ),
    },
    {
      title: t('paymentSetup.prices.state'),
      key: 'state',
      width: 130,
      render: (_, item) => (
        <Space size={4} wrap>
          <Tag color={item.retired ? 'default' : 'green'}>
            {t(item.retired ? 'paymentSetup.prices.retired' : 'paymentSetup.prices.live')}
          </Tag>
          {item.in_use && <Tag color="blue">{t('paymentSetup.prices.inUse')}</Tag>}
        </Space>
      ),
    },
  ];
  if (canManage)
    columns.push({
      title: t('paymentSetup.actions'),
      key: 'actions',
      width: 170,
      render: (_, item) => (
        <PriceActions
          item={item}
          name={list ? priceName(item, list, lang) : ''}
          onEdit={() => setEditing({ item })}
          onRetire={() => run(() => actions.retire.mutateAsync(item.id), t('paymentSetup.prices.retiredNow'))}
          onDelete={() => run(() => actions.remove.mutateAsync(item.id), t('paymentSetup.prices.deleted'))}
        />
      ),
    });

  return (
    <section aria-labelledby="payment-prices-title" data-testid="price-section">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '24px 0 8px' }}>
        <h2 id="payment-prices-title" className="mf-payment-heading">
          {t('paymentSetup.prices.title')}
        </h2>
        {canManage && list && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ item: null })}
            data-testid="price-add"
          >
            {t('paymentSetup.prices.add')}
          </Button>
        )}
      </Flex>
      {list && currency === null && list.items.length > 0 && (
        <Alert type="info" showIcon title={t('paymentSetup.prices.freeHint')} style={{ marginBottom: 8 }} />
      )}
      <Table<PriceItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list?.items ?? []}
        loading={query.isFetching}
        pagination={false}
        rowClassName={(item) => (item.retired ? 'mf-payment-retired' : '')}
        scroll={list?.items.length ? { x: 'max-content' } : undefined}
        locale={{
          emptyText: emptyTextFor(
            query,
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('paymentSetup.prices.empty')} />,
          ),
        }}
        data-testid="price-table"
      />
      {editing && list && (
        <PriceDrawer
          meetingId={meetingId}
          list={list}
          item={editing.item}
          onClose={() => setEditing(null)}
          save={actions.save}
        />
      )}
    </section>
  );
}

/** A price's edit, retire and delete, each delete and retire confirmed first; a price with orders is only retired. */
function PriceActions(props: {
  item: PriceItem;
  name: string;
  onEdit: () => void;
  onRetire: () => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { item, name } = props;
  const fixed = item.in_use ? t('paymentSetup.prices.inUseHint') : undefined;
  return (
    <Space size={0} wrap>
      <Tooltip title={fixed}>
        <Button
          type="link"
          size="small"
          disabled={item.in_use}
          onClick={props.onEdit}
          data-testid="price-edit"
        >
          {t('paymentSetup.edit')}
        </Button>
      </Tooltip>
      {!item.retired && (
        <Popconfirm
          title={t('paymentSetup.prices.retireTitle', { name })}
          description={t('paymentSetup.prices.retireText')}
          okText={t('paymentSetup.prices.retire')}
          cancelText={t('paymentSetup.cancel')}
          onConfirm={props.onRetire}
          okButtonProps={{ ...{ 'data-testid': 'price-retire-confirm' } }}
        >
          <Button type="link" size="small" data-testid="price-retire">
            {t('paymentSetup.prices.retire')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('paymentSetup.prices.deleteTitle', { name })}
        description={t('paymentSetup.prices.deleteText')}
        okText={t('paymentSetup.delete')}
        cancelText={t('paymentSetup.cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'price-delete-confirm' } }}
        disabled={item.in_use}
        onConfirm={props.onDelete}
      >
        <Tooltip title={fixed}>
          <Button type="link" size="small" danger disabled={item.in_use} data-testid="price-delete">
            {t('paymentSetup.delete')}
          </Button>
        </Tooltip>
      </Popconfirm>
    </Space>
  );
}
