import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DiscountCode } from '@meetflow/shared/schemas/payments';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { toast } from '../../../lib/toast.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { useCodeActions, useDiscountCodes, usePriceList } from '../payment-setup-api.ts';
import { codeBodyOf, codePriceNames, codeState, dayOf, discountText } from '../payment-setup-logic.ts';
import { CodeDrawer } from './code-drawer.tsx';
import '../i18n.ts';

const STATE_COLORS = {
  active: 'green',
  upcoming: 'gold',
  expired: 'default',
  usedUp: 'default',
  disabled: 'default',
};

/** The meeting's discount and sponsor codes: their discount, prices, uses, validity and switch. */
export function CodeTable({ meetingId, canManage }: { meetingId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useServerTimeZone();
  const query = useDiscountCodes(meetingId);
  const prices = usePriceList(meetingId).data;
  const actions = useCodeActions(meetingId);
  const [editing, setEditing] = useState<{ code: DiscountCode | null } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const currency = prices?.currency ?? null;
  // A code's state as of the list's load (not of each render).
  const now = query.dataUpdatedAt;

  const toggle = async (code: DiscountCode, enabled: boolean) => {
    setBusy(code.id);
    try {
      await actions.save.mutateAsync({ id: code.id, body: codeBodyOf(code, enabled), silent: false });
      toast.success(t(enabled ? 'paymentSetup.codes.enabledNow' : 'paymentSetup.codes.disabledNow'));
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(null);
    }
  };

  const remove = async (code: DiscountCode) => {
    try {
      await actions.remove.mutateAsync(code.id);
      toast.success(t('paymentSetup.codes.deleted'));
    } catch {
      // The client has shown the server's reason.
    }
  };

  const appliesTo = (code: DiscountCode) =>
    codePriceNames(code, prices, lang)?.join('、') ?? t('paymentSetup.codes.allItems');
  const validity = (code: DiscountCode) => {
    const parts = [
      code.valid_from !== null && t('paymentSetup.codes.from', { date: dayOf(code.valid_from, zone) }),
      code.valid_until !== null && t('paymentSetup.codes.until', { date: dayOf(code.valid_until, zone) }),
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(' ') : t('paymentSetup.codes.anyTime');
  };

  const columns: TableColumnsType<DiscountCode> = [
    {
      title: t('paymentSetup.codes.code'),
      key: 'code',
      render: (_, code) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text code>{code.code}</Typography.Text>
          {code.note && <Typography.Text type="secondary">{code.note}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('paymentSetup.codes.discount'),
      key: 'discount',
      width: 120,
      render: (_, c) => discountText(c, currency),
    },
    { title: t('paymentSetup.codes.appliesTo'), key: 'applies', width: 180, render: (_, c) => appliesTo(c) },
    {
      title: t('paymentSetup.codes.usage'),
      key: 'usage',
      width: 110,
      render: (_, c) => (
        <span data-testid="code-usage">
          {c.used_count} / {c.max_uses === 0 ? t('paymentSetup.codes.unlimited') : c.max_uses}
        </span>
      ),
    },
    {
      title: t('paymentSetup.codes.validity'),
      key: 'validity',
      width: 190,
      render: (_, c) => {
        const state = codeState(c, now);
        return (
          <Space orientation="vertical" size={2}>
            <span>{validity(c)}</span>
            <Tag color={STATE_COLORS[state]}>{t(`paymentSetup.codes.states.${state}`)}</Tag>
          </Space>
        );
      },
    },
    {
      title: t('paymentSetup.codes.enabled'),
      key: 'enabled',
      width: 90,
      render: (_, c) => (
        <Switch
          checked={c.enabled}
          disabled={!canManage}
          loading={busy === c.id}
          aria-label={t('paymentSetup.codes.toggle', { code: c.code })}
          onChange={(checked) => void toggle(c, checked)}
          data-testid="code-enabled"
        />
      ),
    },
  ];
  if (canManage)
    columns.push({
      title: t('paymentSetup.actions'),
      key: 'actions',
      width: 130,
      render: (_, c) => (
        <CodeActions code={c} onEdit={() => setEditing({ code: c })} onDelete={() => remove(c)} />
      ),
    });

  return (
    <section aria-labelledby="payment-codes-title" data-testid="code-section">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '24px 0 8px' }}>
        <h2 id="payment-codes-title" className="mf-payment-heading">
          {t('paymentSetup.codes.title')}
        </h2>
        {canManage && prices && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ code: null })}
            data-testid="code-add"
          >
            {t('paymentSetup.codes.add')}
          </Button>
        )}
      </Flex>
      <Table<DiscountCode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data ?? []}
        loading={query.isFetching}
        pagination={false}
        scroll={query.data?.length ? { x: 'max-content' } : undefined}
        locale={{
          emptyText: emptyTextFor(
            query,
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('paymentSetup.codes.empty')} />,
          ),
        }}
        data-testid="code-table"
      />
      {editing && prices && (
        <CodeDrawer
          prices={prices}
          code={editing.code}
          onClose={() => setEditing(null)}
          save={actions.save}
        />
      )}
    </section>
  );
}

/** A code's edit and delete (confirmed first); a code that was used is only disabled. */
function CodeActions(props: { code: DiscountCode; onEdit: () => void; onDelete: () => Promise<void> }) {
  const { t } = useTranslation();
  const { code } = props;
  const used = code.used_count > 0;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={props.onEdit} data-testid="code-edit">
        {t('paymentSetup.edit')}
      </Button>
      <Popconfirm
        title={t('paymentSetup.codes.deleteTitle', { code: code.code })}
        description={t('paymentSetup.codes.deleteText')}
        okText={t('paymentSetup.delete')}
        cancelText={t('paymentSetup.cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'code-delete-confirm' } }}
        disabled={used}
        onConfirm={props.onDelete}
      >
        <Tooltip title={used ? t('paymentSetup.codes.usedHint') : undefined}>
          <Button type="link" size="small" danger disabled={used} data-testid="code-delete">
            {t('paymentSetup.delete')}
          </Button>
        </Tooltip>
      </Popconfirm>
    </Space>
  );
}
