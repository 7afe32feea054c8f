import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../src/db/prepared-query.ts';
import { ADMIN, TEST_DB, createTestContext, type TestContext } from './helpers.ts';

describe(`prepared queries (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const userByAccount = preparedQuery<{ account: string }>()((db, p) =>
    db
      .selectFrom('users')
      .select(['id', 'account'])
      .where('account', '=', p('account'))
      .where('enabled', '=', 1),
  );
  const renameUser = preparedQuery<{ id: number; name: string; at: number }>()((db, p) =>
    db
      .updateTable('users')
      .set({ name: p('name'), updated_at: p('at') })
      .where('id', '=', p('id'))
      .returning(['name', 'updated_at']),
  );

  it('binds each call its own values and keeps the constants of the query', async () => {
    const admin = await userByAccount.takeFirst(ctx.db, { account: ADMIN.account });
    expect(admin?.account).toBe(ADMIN.account);
    expect(await userByAccount.takeFirst(ctx.db, { account: 'nobody' })).toBeUndefined();
    // A value that reads as SQL is only ever a value.
    expect(await userByAccount.rows(ctx.db, { account: "admin' or '1'='1" })).toEqual([]);

    await ctx.db.updateTable('users').set({ enabled: 0 }).where('id', '=', admin!.id).execute();
    expect(await userByAccount.takeFirst(ctx.db, { account: ADMIN.account })).toBeUndefined();
    await ctx.db.updateTable('users').set({ enabled: 1 }).where('id', '=', admin!.id).execute();
  });

  it('puts every named value in its place, however often it is used', async () => {
    const admin = (await userByAccount.takeFirst(ctx.db, { account: ADMIN.account }))!;
    const first = await renameUser.takeFirst(ctx.db, { id: admin.id, name: 'First', at: 111 });
    expect(first).toEqual({ name: 'First', updated_at: 111 });
    const second = await renameUser.takeFirst(ctx.db, { id: admin.id, name: 'Second', at: 222 });
    expect(second).toEqual({ name: 'Second', updated_at: 222 });
  });

  it('runs inside a transaction and is undone with it', async () => {
    const admin = (await userByAccount.takeFirst(ctx.db, { account: ADMIN.account }))!;
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await renameUser.execute(trx, { id: admin.id, name: 'Rolled back', at: 333 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const row = await ctx.db.selectFrom('users').select('name').where('id', '=', admin.id).executeTakeFirst();
    expect(row?.name).toBe('Second');
  });

  // A parameter is a stand-in while the query is built: anything done to it then (wrapped for a LIKE,
  // passed through a function, spliced into SQL text) would be compiled in once as a constant and
  // silently ignore every later value. Such a query must refuse to run.
  it('refuses a parameter transformed while the query was built, naming it', async () => {
    const likeName = preparedQuery<{ name: string }>()((db, p) =>
      db
        .selectFrom('users')
        .select('id')
        .where('name', 'like', `%${p('name')}%`),
    );
    await expect(likeName.rows(ctx.db, { name: 'Adm' })).rejects.toThrow(/parameter "name"/);

    const upperAccount = preparedQuery<{ account: string }>()((db, p) =>
      db.selectFrom('users').select('id').where('account', '=', p('account').toUpperCase()),
    );
    await expect(upperAccount.rows(ctx.db, { account: ADMIN.account })).rejects.toThrow(
      /parameter "account"/,
    );

    const numericId = preparedQuery<{ id: string }>()((db, p) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', Number(p('id'))),
    );
    await expect(numericId.rows(ctx.db, { id: '1' })).rejects.toThrow(/parameter "id"/);

    const splicedColumn = preparedQuery<{ column: string }>()((db, p) =>
      db.selectFrom('users').select(sql<string>`${sql.raw(p('column'))}`.as('value')),
    );
    await expect(splicedColumn.rows(ctx.db, { column: 'account' })).rejects.toThrow(/parameter "column"/);
  });

  it('refuses a parameter asked for but left out of the query', async () => {
    const optionalFilter = preparedQuery<{ account: string; enabled: number }>()((db, p) => {
      const enabled = p('enabled');
      return db
        .selectFrom('users')
        .select('id')
        .where('account', '=', p('account'))
        .$if(!enabled, (q) => q);
    });
    await expect(optionalFilter.rows(ctx.db, { account: ADMIN.account, enabled: 1 })).rejects.toThrow(
      /parameter "enabled"/,
    );
  });
});
