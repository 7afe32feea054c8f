import { describe, expect, it } from 'vitest';
import { hasAnyPermission } from '@meetflow/shared/permissions';
import { adminRoutes } from './route-config.ts';
import { ancestorsOf, filterRoutes, firstVisibleLeaf, flattenRoutes, menuRoutes } from './route-filter.ts';
import type { AppRoute } from './route-types.ts';

const leaf = (name: string, auth?: AppRoute['meta']['auth'], hidden = false): AppRoute => ({
  name,
  path: `/${name}`,
  meta: { title: name, i18nKey: name, ...(auth ? { auth } : {}), hidden },
});

const tree: AppRoute[] = [
  {
    name: 'group',
    path: '/group',
    meta: { title: 'g', i18nKey: 'g' },
    children: [leaf('a', ['meeting:view']), leaf('b', ['guest:view'])],
  },
  { name: 'other', path: '/other', meta: { title: 'o', i18nKey: 'o' }, children: [leaf('c', ['log:view'])] },
  leaf('open'),
];

const names = (routes: AppRoute[]) => flattenRoutes(routes).map((r) => r.name);
const allowedBy = (held: string[]) => (auth: AppRoute['meta']['auth']) => hasAnyPermission(held, auth ?? []);

describe('filterRoutes', () => {
  it('keeps routes whose auth matches any held permission and routes without auth', () => {
    expect(names(filterRoutes(tree, allowedBy(['guest:view'])))).toEqual(['group', 'b', 'open']);
  });

  it('drops a parent when none of its children is allowed', () => {
    const result = filterRoutes(tree, allowedBy(['meeting:view']));
    expect(result.map((r) => r.name)).toEqual(['group', 'open']);
    expect(names(result)).not.toContain('other');
  });

  it('keeps everything when the check always passes (permission feature off)', () => {
    expect(names(filterRoutes(tree, () => true))).toEqual(names(tree));
  });

  it('does not mutate the input tree', () => {
    filterRoutes(tree, allowedBy([]));
    expect(tree[0]?.children).toHaveLength(2);
  });

  it('leaves a user without permissions only the personal area of the real config', () => {
    const result = filterRoutes(adminRoutes, allowedBy([]));
    expect(result.map((r) => r.name)).toEqual(['personal']);
  });

  it('shows the API documentation to administrators only, not to organisers or door staff', () => {
    const organiser = ['dashboard:view', 'meeting:view', 'meeting:edit', 'guest:view', 'organization:edit'];
    expect(names(filterRoutes(adminRoutes, allowedBy(organiser)))).not.toContain('apiDocs');
    expect(names(filterRoutes(adminRoutes, allowedBy(['records:scan'])))).not.toContain('apiDocs');
    expect(names(filterRoutes(adminRoutes, allowedBy([...organiser, 'user:manage'])))).toContain('apiDocs');
  });
});

describe('menu helpers', () => {
  it('menuRoutes hides hidden routes and groups left empty', () => {
    const withHidden: AppRoute[] = [
      { name: 'g', path: '/g', meta: { title: 'g', i18nKey: 'g' }, children: [leaf('x', undefined, true)] },
      leaf('y'),
    ];
    expect(names(menuRoutes(withHidden))).toEqual(['y']);
  });

  it('firstVisibleLeaf finds the first visible deepest child', () => {
    const nested: AppRoute = {
      name: 'root',
      path: '/r',
      meta: { title: 'r', i18nKey: 'r' },
      children: [
        leaf('hidden', undefined, true),
        { name: 'inner', path: '/r/i', meta: { title: 'i', i18nKey: 'i' }, children: [leaf('deep')] },
      ],
    };
    expect(firstVisibleLeaf(nested)?.name).toBe('deep');
  });

  it('ancestorsOf lists the groups above a route', () => {
    expect(ancestorsOf(adminRoutes, 'log').map((r) => r.name)).toEqual(['systemSetting']);
    expect(ancestorsOf(adminRoutes, 'dashboard')).toEqual([]);
  });
});
