import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { type OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe(`organisation tree (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;

  const call = (token: string, method: Method, url: string, payload?: unknown, lang = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const create = async (name: string, parentId?: number | null, token = admin): Promise<number> => {
    const res = await call(token, 'POST', '/api/organizations', {
      name,
      ...(parentId === undefined ? {} : { parent_id: parentId }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  const tree = async (token = admin): Promise<OrganizationNode[]> => {
    const res = await call(token, 'GET', '/api/organizations');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OrganizationNode[];
  };

  const find = (nodes: OrganizationNode[], id: number): OrganizationNode | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const inner = find(node.children, id);
      if (inner) return inner;
    }
    return undefined;
  };

  const roleId = async (code: string): Promise<number> => {
    const res = await call(admin, 'GET', '/api/roles');
    return (res.json().data as { id: number; code: string }[]).find((r) => r.code === code)!.id;
  };

  const createUser = async (account: string, role: string, organizationId: number | null) => {
    const res = await call(admin, 'POST', '/api/users', {
      account,
      name: account,
      role_id: await roleId(role),
      organization_id: organizationId,
      password: 'Secret-pass-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  const insertMeeting = (organizationId: number, deletedAt: number | null) =>
    ctx.db
      .insertInto('meetings')
      .values({
        public_id: `m${Math.random().toString(36).slice(2, 14)}`,
        organization_id: organizationId,
        name: '會議',
        name_cn: '会议',
        name_en: 'Meeting',
        start_at: ctx.now(),
        end_at: ctx.now() + 3_600_000,
        created_at: ctx.now(),
        updated_at: ctx.now(),
        deleted_at: deletedAt,
      })
      .execute();

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await ctx.login()).access_token;
  });
  afterAll(() => ctx.close());

  it('creates, nests, renames and deletes organisations, ordering siblings by creation', async () => {
    const root = await create('  Health College  ');
    const a = await create('Nursing', root);
    const b = await create('Pharmacy', root);
    const nested = await create('Ward 1', a);
    const nodes = await tree();
    const rootNode = find(nodes, root)!;
    expect(rootNode).toMatchObject({ name: 'Health College', parent_id: null });
    expect(rootNode.children.map((c) => c.id)).toEqual([a, b]);
    expect(find(nodes, a)!.children).toEqual([
      { id: nested, name: 'Ward 1', parent_id: a, sort: 0, region: null, children: [] },
    ]);

    const renamed = await call(admin, 'PUT', `/api/organizations/${nested}`, { name: 'Ward One' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: nested, name: 'Ward One' });
    expect(find(await tree(), nested)!.name).toBe('Ward One');

    const deleted = await call(admin, 'DELETE', `/api/organizations/${nested}`);
    expect(deleted.statusCode).toBe(200);
    expect(find(await tree(), nested)).toBeUndefined();
    expect((await call(admin, 'DELETE', `/api/organizations/${nested}`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `/api/organizations/9999`, { name: 'x' })).statusCode).toBe(404);
  });

  it('refuses a sibling with the same name (any letter case) but allows it elsewhere', async () => {
    const root = await create('Sibling Root');
    const child = await create('Finance', root);
    const dup = await call(admin, 'POST', '/api/organizations', { name: 'finance', parent_id: root });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: ERRORS.ORGANIZATION_NAME_TAKEN.code,
      message: ERRORS.ORGANIZATION_NAME_TAKEN.message.en,
    });
    const other = await create('Other Root');
    await create('Finance', other);
    const renameClash = await call(admin, 'PUT', `/api/organizations/${await create('HR', root)}`, {
      name: 'Finance',
    });
    expect(renameClash.statusCode).toBe(409);
    // Renaming a node to its own name is not a clash.
    expect((await call(admin, 'PUT', `/api/organizations/${child}`, { name: 'Finance' })).statusCode).toBe(
      200,
    );
    const topDup = await call(admin, 'POST', '/api/organizations', { name: 'Sibling Root' });
    expect(topDup.statusCode).toBe(409);
  });

  it('moves a node and its subtree, reorders siblings, and refuses a move under itself or a descendant', async () => {
    const root = await create('Move Root');
    const a = await create('A', root);
    const b = await create('B', root);
    const a1 = await create('A1', a);
    const a11 = await create('A11', a1);

    const moved = await call(admin, 'POST', `/api/organizations/${a}/move`, { parent_id: b });
    expect(moved.statusCode, moved.body).toBe(200);
    let nodes = await tree();
    expect(find(nodes, b)!.children.map((c) => c.id)).toEqual([a]);
    expect(find(nodes, a)!.children[0]!.children[0]!.id).toBe(a11);

    for (const target of [a, a1, a11]) {
      const cycle = await call(admin, 'POST', `/api/organizations/${a}/move`, { parent_id: target }, 'zh-tw');
      expect(cycle.statusCode).toBe(409);
      expect(cycle.json()).toMatchObject({
        code: ERRORS.ORGANIZATION_MOVE_CYCLE.code,
        message: '不能將組織移到它自己或它的下級組織之下',
      });
    }
    expect(find(await tree(), a)!.parent_id).toBe(b);

    // Position among the new siblings: 0 puts it first.
    const c = await create('C', root);
    const first = await call(admin, 'POST', `/api/organizations/${a}/move`, { parent_id: root, sort: 0 });
    expect(first.statusCode).toBe(200);
    nodes = await tree();
    expect(find(nodes, root)!.children.map((n) => n.id)).toEqual([a, b, c]);
    await call(admin, 'POST', `/api/organizations/${a}/move`, { parent_id: root, sort: 2 });
    expect(find(await tree(), root)!.children.map((n) => n.id)).toEqual([b, c, a]);

    const top = await call(admin, 'POST', `/api/organizations/${a1}/move`, { parent_id: null });
    expect(top.statusCode).toBe(200);
    expect((await tree()).some((n) => n.id === a1)).toBe(true);

    // The same name under the new parent clashes.
    await create('Dup', b);
    const dup = await create('Dup', c);
    const clash = await call(admin, 'POST', `/api/organizations/${dup}/move`, { parent_id: b });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe(ERRORS.ORGANIZATION_NAME_TAKEN.code);
    expect(
      (await call(admin, 'POST', `/api/organizations/${dup}/move`, { parent_id: 9999 })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete while children, users or meetings (even soft-deleted) remain', async () => {
    const root = await create('Guard Root');
    const child = await create('Guard Child', root);
    const withChildren = await call(admin, 'DELETE', `/api/organizations/${root}`, undefined, 'zh-cn');
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toMatchObject({
      code: ERRORS.ORGANIZATION_HAS_CHILDREN.code,
      message: '此组织仍有下级组织，请先删除或移走下级组织',
    });

    const userId = await createUser('guard_user', 'door_staff', child);
    const withUsers = await call(admin, 'DELETE', `/api/organizations/${child}`);
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json()).toMatchObject({
      code: ERRORS.ORGANIZATION_HAS_USERS.code,
      message: ERRORS.ORGANIZATION_HAS_USERS.message.en,
    });
    const other = await create('Guard Other', root);
    expect((await call(admin, 'PUT', `/api/users/${userId}`, { organization_id: other })).statusCode).toBe(
      200,
    );

    await insertMeeting(child, ctx.now());
    const withDeletedMeeting = await call(admin, 'DELETE', `/api/organizations/${child}`);
    expect(withDeletedMeeting.statusCode).toBe(409);
    expect(withDeletedMeeting.json().code).toBe(ERRORS.ORGANIZATION_HAS_MEETINGS.code);
    const live = await create('Guard Live', root);
    await insertMeeting(live, null);
    expect((await call(admin, 'DELETE', `/api/organizations/${live}`)).json().code).toBe(
      ERRORS.ORGANIZATION_HAS_MEETINGS.code,
    );
    const ids = (await ctx.db.selectFrom('organizations').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([root, child, live]));
  });

  it.each([
    ['zh-tw', '請輸入組織名稱', '最多 128 個字元', '不允許的欄位'],
    ['zh-cn', '请输入组织名称', '最多 128 个字符', '不允许的字段'],
    ['en', 'Please enter the organisation name', 'At most 128 characters', 'Unknown field'],
  ])('answers validation messages in %s', async (lang, required, tooLong, unknown) => {
    const blank = await call(admin, 'POST', '/api/organizations', { name: '   ' }, lang);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: ERRORS.VALIDATION_FAILED.code,
      data: { fields: { name: required } },
    });
    const missing = await call(admin, 'POST', '/api/organizations', {}, lang);
    expect(missing.json().data.fields.name).toBe(required);
    const long = await call(admin, 'POST', '/api/organizations', { name: 'x'.repeat(129), extra: 1 }, lang);
    expect(long.json().data.fields).toEqual({ name: tooLong, extra: unknown });
    const id = await create(`Valid ${lang}`);
    const rename = await call(admin, 'PUT', `/api/organizations/${id}`, { name: '' }, lang);
    expect(rename.json().data.fields.name).toBe(required);
  });

  it('limits an organiser to their subtree: others answer 404, no top level', async () => {
    const orgA = await create('Tenant A');
    const a1 = await create('A Branch', orgA);
    const orgB = await create('Tenant B');
    await createUser('organiser_a', 'organiser', orgA);
    const token = (await ctx.login({ account: 'organiser_a', password: 'Secret-pass-1' })).access_token;

    // The user info tells the web app which subtree the user works in.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data.organization_id).toBe(orgA);

    const visible = await tree(token);
    expect(visible).toHaveLength(1);
    expect(visible[0]).toMatchObject({ id: orgA, name: 'Tenant A' });
    expect(visible[0]!.children.map((c) => c.id)).toEqual([a1]);
    expect(find(visible, orgB)).toBeUndefined();

    // The built-in organiser role may edit inside the subtree, never outside it.
    expect((await call(token, 'PUT', `/api/organizations/${a1}`, { name: 'A Branch 1' })).statusCode).toBe(
      200,
    );
    expect((await call(token, 'PUT', `/api/organizations/${orgB}`, { name: 'x' })).statusCode).toBe(404);

    // A scoped user who may edit: same scope rules, 404 outside, no top-level nodes.
    const editorRole = await ctx.db
      .insertInto('roles')
      .values({
        name: 'Org editor',
        code: null,
        is_admin: 0,
        permissions: JSON.stringify(['organization:view', 'organization:edit']),
        created_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const editor = await call(admin, 'POST', '/api/users', {
      account: 'editor_a',
      name: 'Editor A',
      role_id: editorRole.id,
      organization_id: orgA,
      password: 'Secret-pass-1',
    });
    expect(editor.statusCode).toBe(200);
    const editorToken = (await ctx.login({ account: 'editor_a', password: 'Secret-pass-1' })).access_token;
    const inside = await create('A Team', a1, editorToken);
    expect(find(await tree(editorToken), inside)).toBeDefined();
    for (const [method, url, payload] of [
      ['PUT', `/api/organizations/${orgB}`, { name: 'Hijack' }],
      ['DELETE', `/api/organizations/${orgB}`, undefined],
      ['POST', `/api/organizations/${orgB}/move`, { parent_id: orgA }],
      ['POST', `/api/organizations/${inside}/move`, { parent_id: orgB }],
      ['POST', '/api/organizations', { name: 'Under B', parent_id: orgB }],
    ] as const) {
      const res = await call(editorToken, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const topLevel = await call(editorToken, 'POST', '/api/organizations', { name: 'Top' });
    expect(topLevel.statusCode).toBe(400);
    expect(topLevel.json().data.fields.parent_id).toBe('Please select an organisation');
    const moveTop = await call(editorToken, 'POST', `/api/organizations/${inside}/move`, { parent_id: null });
    expect(moveTop.statusCode).toBe(400);
    expect(find(await tree(), orgB)!.name).toBe('Tenant B');
  });

  it('enforces the permission matrix on every organisation route', async () => {
    const org = await create('Matrix Org');
    await createUser('matrix_organiser', 'organiser', org);
    await createUser('matrix_door', 'door_staff', org);
    const organiser = (await ctx.login({ account: 'matrix_organiser', password: 'Secret-pass-1' }))
      .access_token;
    const door = (await ctx.login({ account: 'matrix_door', password: 'Secret-pass-1' })).access_token;
    const routes: [Method, string, unknown][] = [
      ['POST', '/api/organizations', { name: 'M1', parent_id: org }],
      ['PUT', `/api/organizations/${org}`, { name: 'M2' }],
      ['POST', `/api/organizations/${org}/move`, { parent_id: null }],
      ['DELETE', `/api/organizations/${org}`, undefined],
    ];
    expect((await call(organiser, 'GET', '/api/organizations')).statusCode).toBe(200);
    expect((await call(door, 'GET', '/api/organizations')).statusCode).toBe(403);
    for (const [method, url, payload] of routes) {
      expect((await call(door, method, url, payload)).statusCode, `door ${method} ${url}`).toBe(403);
    }
    // The organiser edits inside their subtree: a sub-organisation and a rename pass; their own root
    // cannot become top level, and it cannot be deleted while users hang on it.
    const organiserCalls: [Method, string, unknown, number][] = [
      ['POST', '/api/organizations', { name: 'Organiser child', parent_id: org }, 200],
      ['PUT', `/api/organizations/${org}`, { name: 'Matrix Org' }, 200],
      ['POST', `/api/organizations/${org}/move`, { parent_id: null }, 400],
      ['DELETE', `/api/organizations/${org}`, undefined, 409],
    ];
    for (const [method, url, payload, status] of organiserCalls) {
      expect((await call(organiser, method, url, payload)).statusCode, `organiser ${method} ${url}`).toBe(
        status,
      );
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/organizations' });
    expect(anonymous.statusCode).toBe(401);
    // The admin may do all of it (the delete is refused only because users hang on the node).
    expect((await call(admin, ...routes[0]!)).statusCode).toBe(200);
    expect((await call(admin, ...routes[1]!)).statusCode).toBe(200);
    expect((await call(admin, ...routes[2]!)).statusCode).toBe(200);
    expect((await call(admin, ...routes[3]!)).statusCode).toBe(409);
  });

  it('writes a system-log entry for every mutation', async () => {
    const before = await ctx.db.selectFrom('system_logs').select('id').execute();
    const root = await create('Logged Root');
    const child = await create('Logged Child', root);
    await call(admin, 'PUT', `/api/organizations/${child}`, { name: 'Logged Renamed' });
    await call(admin, 'POST', `/api/organizations/${child}/move`, { parent_id: null });
    await call(admin, 'DELETE', `/api/organizations/${child}`);
    const rows = await ctx.db
      .selectFrom('system_logs')
      .select(['action_type', 'source_type', 'username', 'content', 'ip'])
      .where('id', 'not in', before.map((r) => r.id).concat(-1))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action_type)).toEqual(['create', 'create', 'update', 'update', 'delete']);
    expect(rows.every((r) => r.source_type === 'admin' && r.username === 'admin' && r.ip)).toBe(true);
    expect(rows[1]!.content).toContain('"Logged Child"');
    expect(rows[2]!.content).toContain('"Logged Renamed"');
    expect(rows[3]!.content).toContain('top level');
    expect(rows[4]!.content).toContain('Deleted organisation');
  });

  it('documents the routes in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/organizations',
        '/api/organizations/{id}',
        '/api/organizations/{id}/move',
      ]),
    );
  });
});
