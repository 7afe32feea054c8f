import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CopyOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { nameIn } from '@meetflow/shared/languages';
import type { Invitation } from '@meetflow/shared/schemas/invitations';
import { copyText } from '../../../lib/clipboard.ts';
import { dayIn } from '../../../lib/date-time.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { toast } from '../../../lib/toast.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import {
  useInvitationActions,
  useInvitations,
  useResendInvitation,
  useUserTypes,
} from '../invitations-api.ts';
import { invitationBodyOf, invitationState } from '../invitations-logic.ts';
import { InvitationDrawer } from './invitation-drawer.tsx';
import { InviteeImport } from './invitee-import.tsx';
import '../i18n.ts';

const STATE_COLORS = { active: 'green', expired: 'default', usedUp: 'default', disabled: 'default' };

/** The link an invitee opens: the sign-up page with the code filled in. */
function signUpLink(publicId: string, code: string): string {
  const at = window.location;
  return `${at.origin}${at.pathname}#/sign-up/${encodeURIComponent(publicId)}?invitation=${encodeURIComponent(code)}`;
}

/** The meeting's invitation codes: seats, type, uses, validity, switch, link; add, edit, delete. */
export function InvitationTable(props: { meetingId: number; publicId: string | null; canManage: boolean }) {
  const { meetingId, publicId, canManage } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useServerTimeZone();
  const query = useInvitations(meetingId);
  const userTypes = useUserTypes(meetingId).data ?? [];
  const actions = useInvitationActions(meetingId);
  const [editing, setEditing] = useState<{ invitation: Invitation | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const resendMutation = useResendInvitation(meetingId);
  const [busy, setBusy] = useState<number | null>(null);
  const now = query.dataUpdatedAt;

  const toggle = async (invitation: Invitation, enabled: boolean) => {
    setBusy(invitation.id);
    try {
      await actions.save.mutateAsync({
        id: invitation.id,
        body: invitationBodyOf(invitation, enabled),
        silent: false,
      });
      toast.success(t(enabled ? 'invitations.codes.enabledNow' : 'invitations.codes.disabledNow'));
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(null);
    }
  };
  const remove = async (invitation: Invitation) => {
    try {
      await actions.remove.mutateAsync(invitation.id);
      toast.success(t('invitations.codes.deleted'));
    } catch {
      // The client has shown the server's reason.
    }
  };
  const resend = async (invitation: Invitation) => {
    try {
      await resendMutation.mutateAsync(invitation.id);
      toast.success(t('invitations.list.resent'));
    } catch {
      // The client has shown the server's reason.
    }
  };
  const copy = async (code: string) => {
    if (publicId && (await copyText(signUpLink(publicId, code))))
      toast.success(t('invitations.codes.copied'));
  };
  const typeName = (id: number | null) => {
    const type = userTypes.find((u) => u.id === id);
    return type ? nameIn(lang, type.name, type.name_cn, type.name_en) : t('invitations.codes.anyType');
  };

  const columns = invitationColumns({ t, zone, now, canManage, busy, publicId, typeName, toggle, copy });
  if (canManage)
    columns.push({
      title: t('invitations.actions'),
      key: 'actions',
      width: 190,
      render: (_, i) => (
        <InvitationActions
          invitation={i}
          onEdit={() => setEditing({ invitation: i })}
          onDelete={() => remove(i)}
          onResend={() => resend(i)}
        />
      ),
    });

  return (
    <section aria-labelledby="invitation-codes-title" data-testid="invitation-section">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '24px 0 8px' }}>
        <h2 id="invitation-codes-title" className="mf-invitations-heading">
          {t('invitations.codes.title')}
        </h2>
        {canManage && (
          <Space wrap>
            <Button icon={<MailOutlined />} onClick={() => setImporting(true)} data-testid="invitee-open">
              {t('invitations.list.open')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ invitation: null })}
              data-testid="invitation-add"
            >
              {t('invitations.codes.add')}
            </Button>
          </Space>
        )}
      </Flex>
      <Table<Invitation>
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
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invitations.codes.empty')} />,
          ),
        }}
        data-testid="invitation-table"
      />
      {importing && (
        <InviteeImport meetingId={meetingId} userTypes={userTypes} onClose={() => setImporting(false)} />
      )}
      {editing && (
        <InvitationDrawer
          invitation={editing.invitation}
          userTypes={userTypes}
          onClose={() => setEditing(null)}
          save={actions.save}
        />
      )}
    </section>
  );
}

/** The table's columns (the actions column is added by the table for those who manage). */
function invitationColumns(c: {
  t: ReturnType<typeof useTranslation>['t'];
  zone: string | undefined;
  now: number;
  canManage: boolean;
  busy: number | null;
  publicId: string | null;
  typeName: (id: number | null) => string;
  toggle: (invitation: Invitation, enabled: boolean) => Promise<void>;
  copy: (code: string) => Promise<void>;
}): TableColumnsType<Invitation> {
  const { t, zone, now, canManage, busy, publicId, typeName, toggle, copy } = c;
  return [
    {
      title: t('invitations.codes.code'),
      key: 'code',
      render: (_, i) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Text code data-testid="invitation-code">
              {i.code}
            </Typography.Text>
            {publicId && (
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('invitations.codes.link')}
                onClick={() => void copy(i.code)}
              />
            )}
          </Space>
          {i.note && <Typography.Text type="secondary">{i.note}</Typography.Text>}
          {i.kind === 'personal' && (
            <Typography.Text type="secondary" data-testid="invitee">
              {i.invitee_name ? `${i.invitee_name} <${i.invitee_email}>` : t('invitations.list.invitee')}
              {' · '}
              {i.sent_at === null
                ? t('invitations.list.notMailed')
                : t('invitations.list.mailed', { when: dayIn(i.sent_at, zone) })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('invitations.codes.seats'),
      key: 'seats',
      width: 140,
      render: (_, i) => t(`invitations.codes.seatKinds.${i.seats}`),
    },
    {
      title: t('invitations.codes.userType'),
      key: 'type',
      width: 140,
      render: (_, i) => typeName(i.user_type_id),
    },
    {
      title: t('invitations.codes.usage'),
      key: 'usage',
      width: 90,
      render: (_, i) => (
        <span data-testid="invitation-usage">
          {i.used_count} / {i.max_uses}
        </span>
      ),
    },
    {
      title: t('invitations.codes.validUntil'),
      key: 'validity',
      width: 150,
      render: (_, i) => {
        const state = invitationState(i, now);
        return (
          <Space orientation="vertical" size={2}>
            <span>
              {i.valid_until === null ? t('invitations.codes.anyTime') : dayIn(i.valid_until, zone)}
            </span>
            <Tag color={STATE_COLORS[state]}>{t(`invitations.codes.states.${state}`)}</Tag>
          </Space>
        );
      },
    },
    {
      title: t('invitations.codes.enabled'),
      key: 'enabled',
      width: 90,
      render: (_, i) => (
        <Switch
          checked={i.enabled}
          disabled={!canManage}
          loading={busy === i.id}
          aria-label={t('invitations.codes.toggle', { code: i.code })}
          onChange={(checked) => void toggle(i, checked)}
        />
      ),
    },
  ];
}

/** An invitation's edit and delete (confirmed first); one that was used is only disabled. */
function InvitationActions(props: {
  invitation: Invitation;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  onResend: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { invitation } = props;
  const used = invitation.used_count > 0;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={props.onEdit} data-testid="invitation-edit">
        {t('invitations.edit')}
      </Button>
      {invitation.kind === 'personal' && !used && invitation.invitee_email && (
        <Button
          type="link"
          size="small"
          onClick={() => void props.onResend()}
          data-testid="invitation-resend"
        >
          {t('invitations.list.resend')}
        </Button>
      )}
      <Popconfirm
        title={t('invitations.codes.deleteTitle', { code: invitation.code })}
        description={t('invitations.codes.deleteText')}
        okText={t('invitations.delete')}
        cancelText={t('invitations.cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'invitation-delete-confirm' } }}
        disabled={used}
        onConfirm={props.onDelete}
      >
        <Tooltip title={used ? t('invitations.codes.usedHint') : undefined}>
          <Button type="link" size="small" danger disabled={used} data-testid="invitation-delete">
            {t('invitations.delete')}
          </Button>
        </Tooltip>
      </Popconfirm>
    </Space>
  );
}
