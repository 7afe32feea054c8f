import { describe, expect, it } from 'vitest';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { dropTarget, filterTree, splitMatch, subtreeIdsOf, toTreeSelect } from './tree-utils.ts';

const node = (id: number, name: string, parent_id: number | null, children: OrganizationNode[] = []) => ({
  id,
  name,
  parent_id,
  sort: 0,
  region: null,
  children,
});

// 1 College ─┬─ 2 Nursing ── 4 Ward North
//            └─ 3 Pharmacy
// 5 Hospital ── 6 North Wing
const tree: OrganizationNode[] = [
  node(1, 'College', null, [node(2, 'Nursing', 1, [node(4, 'Ward North', 2)]), node(3, 'Pharmacy', 1)]),
  node(5, 'Hospital', null, [node(6, 'North Wing', 5)]),
];

describe('filterTree', () => {
  it('returns the whole tree for an empty keyword', () => {
    const result = filterTree(tree, '  ');
    expect(result.nodes).toEqual(tree);
    expect(result.matches.size).toBe(0);
    expect(result.expand).toEqual([]);
  });

  it('keeps matches (any letter case) with their ancestors and expands the ancestors', () => {
    const result = filterTree(tree, 'north');
    expect([...result.matches].sort()).toEqual([4, 6]);
    expect(result.expand.sort()).toEqual([1, 2, 5]);
    expect(result.nodes.map((n) => n.id)).toEqual([1, 5]);
    // Pharmacy does not match and has no matching descendant: dropped.
    expect(result.nodes[0]!.children.map((n) => n.id)).toEqual([2]);
    expect(result.nodes[0]!.children[0]!.children.map((n) => n.id)).toEqual([4]);
  });

  it('keeps the children of a matching node only if they match too', () => {
    const result = filterTree(tree, 'college');
    expect(result.nodes).toEqual([{ ...tree[0], children: [] }]);
    expect(result.expand).toEqual([]);
  });

  it('finds nothing for an unknown name', () => {
    expect(filterTree(tree, 'zzz').nodes).toEqual([]);
  });
});

describe('splitMatch', () => {
  it('splits around the first match, keeping the original letter case', () => {
    expect(splitMatch('Ward North', 'nor')).toEqual(['Ward ', 'Nor', 'th']);
    expect(splitMatch('Ward North', 'x')).toBeNull();
    expect(splitMatch('Ward North', '')).toBeNull();
  });
});

describe('subtreeIdsOf and toTreeSelect', () => {
  it('collects a node and all its descendants', () => {
    expect([...subtreeIdsOf(tree, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIdsOf(tree, 4)]).toEqual([4]);
    expect(subtreeIdsOf(tree, 99).size).toBe(0);
  });

  it('disables the moved node and its descendants in the "move to" options', () => {
    const options = toTreeSelect(tree, subtreeIdsOf(tree, 2));
    const flat = (list: typeof options): [number, boolean][] =>
      list.flatMap((o) => [[o.value, o.disabled] as [number, boolean], ...flat(o.children)]);
    expect(flat(options)).toEqual([
      [1, false],
      [2, true],
      [4, true],
      [3, false],
      [5, false],
      [6, false],
    ]);
  });
});

describe('dropTarget', () => {
  it('drops into a node as its first child', () => {
    expect(dropTarget(tree, 3, 5, 0, false)).toEqual({ parent_id: 5, sort: 0 });
    expect(dropTarget(tree, 3, 2, 1, true)).toEqual({ parent_id: 2, sort: 0 });
  });

  it('drops before or after a sibling, counting positions without the dragged node', () => {
    expect(dropTarget(tree, 3, 2, -1, false)).toEqual({ parent_id: 1, sort: 0 });
    expect(dropTarget(tree, 2, 3, 1, false)).toEqual({ parent_id: 1, sort: 1 });
    expect(dropTarget(tree, 6, 1, 1, false)).toEqual({ parent_id: null, sort: 1 });
    expect(dropTarget(tree, 6, 1, -1, false)).toEqual({ parent_id: null, sort: 0 });
  });

  it('refuses a drop onto the node itself or its descendants', () => {
    expect(dropTarget(tree, 1, 4, 0, false)).toBeNull();
    expect(dropTarget(tree, 2, 2, 1, false)).toBeNull();
  });
});
