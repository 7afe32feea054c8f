import { useState } from 'react';
import { Button, Empty, Flex, Input, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ButtonProps, TableColumnsType } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { MemberRecord } from '@meetflow/shared/schemas/members';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import type { ListState } from '../../../lib/use-list-state.ts';
import { useMemberActions, useMembers } from '../members-api.ts';
import { MemberImportDialog } from './member-import-dialog.tsx';
import '../i18n.ts';

type Filters = { organization: number | undefined; q: string | undefined };

function memberColumns(
  t: TFunction,
  onDelete: (m: MemberRecord) => Promise<void>,
): TableColumnsType<MemberRecord> {
  return [
    {
      key: 'licence',
      title: t('members.columns.licence'),
      render: (_, m) => <Typography.Text code>{m.licence_number}</Typography.Text>,
    },
    { key: 'name_zh', title: t('members.columns.nameZh'), render: (_, m) => m.name_zh || '—' },
    { key: 'name_en', title: t('members.columns.nameEn'), render: (_, m) => m.name_en || '—' },
    { key: 'class', title: t('members.columns.memberClass'), render: (_, m) => m.member_class || '—' },
    {
      key: 'valid',
      title: t('members.columns.validUntil'),
      render: (_, m) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {m.valid_until ?? t('members.noEnd')}
          {m.expired && (
            <Tag style={{ marginInlineStart: 8 }} data-testid="member-expired">
              {t('members.expired')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('members.columns.actions'),
      width: 90,
      render: (_, m) => (
        <Popconfirm
          title={t('members.deleteConfirm', { licence: m.licence_number })}
          okText={t('members.delete')}
          cancelText={t('members.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'member-delete-ok' } as ButtonProps}
          onConfirm={() => onDelete(m)}
        >
          <Button type="link" danger size="small" data-testid="member-delete">
            {t('members.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
}

/** One organisation's list: search, pages, delete a row, clear all, import. */
export function MemberTable(props: { organizationId: number; list: ListState<Filters, never> }) {
  const { organizationId, list } = props;
  const { t } = useTranslation();
  const q = list.filters.q ?? '';
  const query = useMembers(organizationId, q, list.page, list.size);
  const actions = useMemberActions(organizationId);
  const [importing, setImporting] = useState(false);
  const [draft, setDraft] = useState(q);
  const [modal, modalHolder] = Modal.useModal();
  const data = query.data;

  const remove = async (member: MemberRecord) => {
    try {
      await actions.remove.mutateAsync(member.id);
      toast.success(t('members.deleted'));
    } catch {
      // The client has shown the server's reason.
    }
  };
  const clear = () =>
    void modal.confirm({
      title: t('members.clearTitle'),
      content: t('members.clearText', { all: data?.all ?? 0 }),
      okText: t('members.clearOk'),
      okButtonProps: { danger: true, 'data-testid': 'member-clear-ok' } as ButtonProps,
      cancelText: t('members.cancel'),
      onOk: async () => {
        const { deleted } = await actions.clear.mutateAsync();
        toast.success(t('members.cleared', { deleted }));
      },
    });

  return (
    <section data-testid="members">
      {modalHolder}
      <Flex wrap align="center" justify="space-between" gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(value) => list.setFilters({ q: value.trim() || undefined })}
          placeholder={t('members.search')}
          aria-label={t('members.search')}
          style={{ maxWidth: 320 }}
          data-testid="member-search"
        />
        <Flex wrap gap={8}>
          <Button
            type="primary"
            icon={<UploadOutlined />}
            onClick={() => setImporting(true)}
            data-testid="member-import-open"
          >
            {t('members.import.open')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!data || data.all === 0}
            onClick={clear}
            data-testid="member-clear"
          >
            {t('members.clear')}
          </Button>
        </Flex>
      </Flex>
      {data && (
        <Typography.Text type="secondary" data-testid="member-total">
          {t('members.total', { total: data.total, all: data.all })}
        </Typography.Text>
      )}
      <Table<MemberRecord>
        rowKey="id"
        size="middle"
        style={{ marginTop: 8 }}
        columns={memberColumns(t, remove)}
        dataSource={data?.items ?? []}
        loading={query.isFetching}
        // Always: an empty list on a phone would squeeze its headers to one character a line.
        scroll={{ x: 'max-content' }}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          onChange: (page, size) => list.setPage(page, size),
        }}
        locale={{
          emptyText: emptyTextFor(
            query,
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={q ? t('members.emptySearch') : t('members.empty')}
              data-testid="member-empty"
            />,
          ),
        }}
        data-testid="member-table"
      />
      {importing && (
        <MemberImportDialog organizationId={organizationId} onClose={() => setImporting(false)} />
      )}
    </section>
  );
}
