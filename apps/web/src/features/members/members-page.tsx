import { useMemo } from 'react';
import { Empty, Flex, Select, Space, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { useOrganizationTree } from '../../lib/organization-tree.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { field, useListState } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePermission } from '../../components/permission.tsx';
import { MemberTable } from './components/member-table.tsx';
import { organizationOptions } from './members-logic.ts';
import './i18n.ts';

/**
 * An organisation's member and licence list (issue 45): search, pages, import with a preview of
 * each row's problems and the progress, delete a row, clear the list. The organisation is in the
 * URL (`?organization=`, lib/members.ts); the route asks for `member:manage`.
 */
export default function MembersPage() {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  // The tree needs organization:view; without it, the user's own organisation is the one shown.
  const tree = useOrganizationTree(hasAny('organization:view'));
  const options = useMemo(() => organizationOptions(tree.data ?? []), [tree.data]);
  const own = useSessionStore((s) => s.user?.organization_id ?? null);
  const list = useListState({
    filters: { organization: field.number(), q: field.string() },
    sizes: [20, 50, 100],
    defaultSize: 20,
  });
  const organizationId = list.filters.organization ?? own ?? tree.data?.[0]?.id ?? null;

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.members')}</PageTitle>
        {options.length > 0 && (
          <Space wrap>
            <Typography.Text id="members-organization-label">{t('members.organization')}</Typography.Text>
            <Select
              aria-labelledby="members-organization-label"
              style={{ minWidth: 240, maxWidth: '100%' }}
              showSearch={{ optionFilterProp: 'title' }}
              options={options}
              value={organizationId ?? undefined}
              onChange={(id: number) => list.setFilters({ organization: id, q: undefined })}
              data-testid="members-organization"
            />
          </Space>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('members.intro')}
      </Typography.Paragraph>
      {organizationId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={tree.isLoading ? null : t('members.pickOrganization')}
          data-testid="members-no-organization"
        />
      ) : (
        <MemberTable key={organizationId} organizationId={organizationId} list={list} />
      )}
    </PageCard>
  );
}
