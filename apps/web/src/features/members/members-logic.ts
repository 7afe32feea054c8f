import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import type { MemberImportProgress } from '@meetflow/shared/schemas/members';

/** The organisations as a plain select's options, each indented under its parent. */
export function organizationOptions(
  nodes: readonly OrganizationNode[],
  depth = 0,
): { value: number; label: string; title: string }[] {
  return nodes.flatMap((node) => [
    { value: node.id, label: `${'\u3000'.repeat(depth)}${node.name}`, title: node.name },
    ...organizationOptions(node.children, depth + 1),
  ]);
}

/** The apply's percentage, whole, 0–100; an empty upload counts as done. */
export function progressPercent(progress: Pick<MemberImportProgress, 'processed' | 'total'> | undefined) {
  if (!progress) return 0;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.floor((progress.processed / progress.total) * 100));
}
