import { useState } from 'react';
import { Button, Flex, Input, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AdminUser } from '@meetflow/shared/schemas/users';
import { useTranslation } from '../../lib/i18n.ts';
import { ListToolbar, useTableView, field, useDraft, useListState } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { toast } from '../../lib/toast.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { ResetPasswordDialog } from './components/reset-password-dialog.tsx';
import { UserActions } from './components/user-actions.tsx';
import { UserFormDialog } from './components/user-form-dialog.tsx';
import { roleLabelKey } from './user-form.ts';
import { useRoles, useUpdateUser, useUsers } from './users-api.ts';
import './i18n.ts';

type Dialog = { kind: 'form'; user: AdminUser | null } | { kind: 'reset'; user: AdminUser } | null;

const PAGE_SIZES = [10, 20, 50, 100];

/** /system_setting/user: back-office users with role, organisation, enabled flag and password reset. */
export default function UserPage() {
  const { t } = useTranslation();
  const list = useListState({
    filters: { keyword: field.string() },
    sizes: PAGE_SIZES,
    defaultSize: 10,
  });
  const keyword = list.filters.keyword ?? '';
  const [search, setSearch] = useDraft(keyword);
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useUsers({ page: list.page, page_size: list.size, keyword });
  const roles = useRoles();
  const update = useUpdateUser();

  const toggle = async (user: AdminUser) => {
    try {
      await update.mutateAsync({ id: user.id, body: { enabled: !user.enabled } });
      toast.success(t('message.operationSuccess'));
    } catch {
      // The client has shown the server's reason (e.g. yourself, or the last administrator).
    }
  };

  const columns: TableColumnsType<AdminUser> = [
    {
      title: t('users.account'),
      dataIndex: 'account',
      key: 'account',
      render: (v: string) => <span data-testid="user-account">{v}</span>,
    },
    { title: t('users.name'), dataIndex: 'name', key: 'name' },
    { title: t('users.email'), dataIndex: 'email', key: 'email', render: (v: string | null) => v ?? '-' },
    {
      title: t('users.role'),
      key: 'role',
      render: (_, user) => {
        const key = roleLabelKey(user.role_code);
        return key ? t(key) : user.role_name;
      },
    },
    {
      title: t('users.organization'),
      key: 'organization',
      render: (_, user) => user.organization_name ?? t('users.allOrganizations'),
    },
    {
      title: t('users.enabled'),
      key: 'enabled',
      render: (_, user) =>
        user.enabled ? (
          <Tag color="success">{t('users.enabledOn')}</Tag>
        ) : (
          <Tag color="default">{t('users.enabledOff')}</Tag>
        ),
    },
    {
      title: t('users.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (v: number) => formatDateTime(v),
    },
    {
      title: t('users.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, user) => (
        <UserActions
          user={user}
          onEdit={() => setDialog({ kind: 'form', user })}
          onResetPassword={() => setDialog({ kind: 'reset', user })}
          onToggle={() => toggle(user)}
        />
      ),
    },
  ];

  const view = useTableView(columns);

  return (
    <PageCard>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.user')}</PageTitle>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('users.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => list.setFilters({ keyword: value.trim() })}
            style={{ width: 240 }}
            data-testid="user-search"
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="user-add"
            onClick={() => setDialog({ kind: 'form', user: null })}
          >
            {t('users.add')}
          </Button>
        </Flex>
      </Flex>
      <ListToolbar
        view={view}
        total={users.data?.total}
        onRefresh={() => void users.refetch()}
        refreshing={users.isFetching}
      />
      <Table<AdminUser>
        data-testid="user-table"
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={users.data?.items ?? []}
        loading={users.isFetching}
        locale={{ emptyText: emptyTextFor(users) }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('users.total', { count: total }),
          onChange: list.setPage,
        }}
      />

      {dialog?.kind === 'form' && (
        <UserFormDialog
          user={dialog.user}
          roles={roles.data ?? []}
          onClose={() => setDialog(null)}
          onSaved={(created) => {
            toast.success(t(created ? 'message.addSuccess' : 'message.editSuccess'));
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'reset' && (
        <ResetPasswordDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onDone={() => {
            toast.success(t('message.operationSuccess'));
            setDialog(null);
          }}
        />
      )}
    </PageCard>
  );
}
