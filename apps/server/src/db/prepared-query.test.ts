import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../test/helpers.ts';
import { createOrganization } from '../../test/registration-fixtures.ts';
import { insertRows } from './prepared-query.ts';

describe(`insertRows, compiled once per shape (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const category = (name: string, organizationId?: number) => ({
    name,
    name_cn: `${name}-cn`,
    name_en: `${name}-en`,
    organization_id: organizationId,
    created_at: 1,
    updated_at: 1,
  });
  const stored = (names: string[]) =>
    ctx.db
      .selectFrom('college_categories')
      .select(['id', 'name', 'organization_id'])
      .where('name', 'in', names)
      .orderBy('id')
      .execute();

  it('binds each call its own values, answers the columns asked for, and leaves undefined ones to their default', async () => {
    const organization = await createOrganization(ctx.db);
    const [first] = await insertRows<'college_categories', { id: number }>(
      ctx.db,
      'college_categories',
      [category('alpha', organization)],
      ['id'],
    );
    // The same shape again: the statement is reused, the values are this call's.
    const [second] = await insertRows<'college_categories', { id: number }>(
      ctx.db,
      'college_categories',
      [category('beta', organization)],
      ['id'],
    );
    // Another shape with the same count (no organisation: the column's default, null), then two rows.
    await insertRows(ctx.db, 'college_categories', [category('gamma')], ['id']);
    await insertRows(ctx.db, 'college_categories', [category('delta')]);
    await insertRows(ctx.db, 'college_categories', [
      category('eta', organization),
      category('theta', organization),
    ]);
    const rows = await stored(['alpha', 'beta', 'gamma', 'delta', 'eta', 'theta']);
    expect(rows.map((r) => [r.name, r.organization_id])).toEqual([
      ['alpha', organization],
      ['beta', organization],
      ['gamma', null],
      ['delta', null],
      ['eta', organization],
      ['theta', organization],
    ]);
    expect([first!.id, second!.id]).toEqual([rows[0]!.id, rows[1]!.id]);
  });

  it('refuses rows that set different columns, writing none of them', async () => {
    const organization = await createOrganization(ctx.db);
    await expect(
      insertRows(ctx.db, 'college_categories', [category('epsilon'), category('zeta', organization)]),
    ).rejects.toThrow(/different columns/);
    expect(await stored(['epsilon', 'zeta'])).toEqual([]);
  });
});
