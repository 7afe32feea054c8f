import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePermission } from '../../../components/permission.tsx';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { useOrganizationTree } from '../../../lib/organization-tree.ts';
import { findNode } from '../../../lib/tree-utils.ts';
import { mayChangeEntry } from '../dictionary-logic.ts';
import '../i18n.ts';

/*
 * Time slots and college categories are shared by every organisation (owner null) or belong to
 * one; generic entries are always shared. Shared ones are the administrators' to change. The
 * server enforces this; the page only hides what it would refuse.
 */

/** Whether the user may change an entry with this owner (null: shared). */
export function useMayChangeEntry(): (owner: number | null) => boolean {
  const userOrganization = useSessionStore((s) => s.user?.organization_id ?? null);
  return (owner) => mayChangeEntry(userOrganization, owner);
}

/** A table column naming an entry's organisation, or "shared by all". */
export function useOwnerColumn<T extends { organization_id: number | null }>(): TableColumnsType<T>[number] {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const tree = useOrganizationTree(hasAny('organization:view')).data ?? [];
  return {
    title: t('dictionary.fields.owner'),
    dataIndex: 'organization_id',
    key: 'owner',
    render: (owner: number | null) =>
      owner === null ? <Tag>{t('dictionary.shared')}</Tag> : (findNode(tree, owner)?.name ?? `#${owner}`),
  };
}
