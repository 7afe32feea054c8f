import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateOrganization, useMoveOrganization, useRenameOrganization } from '../organizations-api.ts';
import { OrganizationMoveDialog, OrganizationNameDialog } from './organization-dialogs.tsx';
import '../i18n.ts';

export type OrganizationDialog =
  | { kind: 'create'; parent: OrganizationNode | null }
  | { kind: 'rename'; node: OrganizationNode }
  | { kind: 'move'; node: OrganizationNode }
  | null;

interface Props {
  dialog: OrganizationDialog;
  tree: readonly OrganizationNode[];
  onClose: () => void;
  /** A sub-organisation was added under this parent (the page expands it). */
  onAddedUnder: (parent: OrganizationNode) => void;
}

/** The open add, rename or move dialog of the organisation page, and what its answer does. */
export function OrganizationDialogHost({ dialog, tree, onClose, onAddedUnder }: Props) {
  const { t } = useTranslation();
  const create = useCreateOrganization();
  const rename = useRenameOrganization();
  const move = useMoveOrganization();
  return (
    <>
      {dialog?.kind === 'create' && (
        <OrganizationNameDialog
          title={dialog.parent ? t('organizations.addChild') : t('organizations.addRoot')}
          parentName={dialog.parent?.name}
          onCancel={onClose}
          onSubmit={async ({ name }) => {
            await create.mutateAsync({ name, parent_id: dialog.parent?.id ?? null });
            toast.success(t('message.addSuccess'));
            if (dialog.parent) onAddedUnder(dialog.parent);
            onClose();
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <OrganizationNameDialog
          title={t('organizations.rename')}
          initialName={dialog.node.name}
          initialRegion={dialog.node.region}
          onCancel={onClose}
          onSubmit={async (values) => {
            await rename.mutateAsync({ id: dialog.node.id, ...values });
            toast.success(t('message.editSuccess'));
            onClose();
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <OrganizationMoveDialog
          tree={tree}
          node={dialog.node}
          onCancel={onClose}
          onSubmit={async (parentId) => {
            await move.mutateAsync({ id: dialog.node.id, parent_id: parentId });
            toast.success(t('message.operationSuccess'));
            onClose();
          }}
        />
      )}
    </>
  );
}
