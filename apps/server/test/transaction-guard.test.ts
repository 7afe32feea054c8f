import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, TEST_DB, createTestContext, type TestContext } from './helpers.ts';

// openDatabase outside production: a write through db inside a transaction callback fails at once.
// On SQLite it would wait forever for the writer the transaction holds; on PostgreSQL it would run on
// a second connection, outside the transaction, and wait behind the transaction's own row lock.
describe(`writes through db inside a transaction (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const nameOfAdmin = async () =>
    (
      await ctx.db
        .selectFrom('users')
        .select('name')
        .where('account', '=', ADMIN.account)
        .executeTakeFirstOrThrow()
    ).name;

  it('refuses the write with a clear error and rolls the transaction back', async () => {
    const before = await nameOfAdmin();
    const attempt = ctx.db.transaction().execute(async (trx) => {
      // Locks the row (PostgreSQL) and holds the writer (SQLite).
      await trx.updateTable('users').set({ name: 'Inside' }).where('account', '=', ADMIN.account).execute();
      await ctx.db
        .updateTable('users')
        .set({ name: 'Outside' })
        .where('account', '=', ADMIN.account)
        .execute();
    });
    const hung = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hung')), 2000).unref());
    await expect(Promise.race([attempt, hung])).rejects.toThrow(
      /inside a transaction callback would deadlock/,
    );
    expect(await nameOfAdmin()).toBe(before);
  });

  it('leaves writes through trx, and reads through db, as they were', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'Renamed' }).where('account', '=', ADMIN.account).execute();
      await ctx.db.selectFrom('users').select('id').execute();
    });
    expect(await nameOfAdmin()).toBe('Renamed');
  });
});
