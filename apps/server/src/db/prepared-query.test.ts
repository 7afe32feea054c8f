import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../test/helpers.ts';
import { createOrganization } from '../../test/registration-fixtures.ts';
import { insertRows, powerOfTwoChunks, sameColumns } from './prepared-query.ts';

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

  it('tells rows that set the same columns, in any order, from rows that do not', () => {
    expect(sameColumns([])).toBe(true);
    expect(sameColumns([category('a', 1), { ...category('b'), organization_id: 2 }])).toBe(true);
    expect(
      sameColumns([
        { a: 1, b: 2 },
        { b: 3, a: 4 },
      ]),
    ).toBe(true);
    // An undefined value leaves its column out, as insertRows does.
    expect(sameColumns([category('a', 1), category('b')])).toBe(false);
    expect(
      sameColumns([
        { a: 1, b: 2 },
        { a: 1, c: 2 },
      ]),
    ).toBe(false);
  });

  it('splits rows into power-of-two chunks, so any count uses few statement texts', async () => {
    const sizes = (n: number, max?: number) =>
      [
        ...powerOfTwoChunks(
          Array.from({ length: n }, (_, i) => i),
          max,
        ),
      ].map((c) => c.length);
    expect(sizes(0)).toEqual([]);
    expect(sizes(1)).toEqual([1]);
    expect(sizes(100)).toEqual([64, 32, 4]);
    expect(sizes(600)).toEqual([256, 256, 64, 16, 8]);
    expect(sizes(7, 4)).toEqual([4, 2, 1]);
    // Every row is written once and answered in order across the chunks.
    const organization = await createOrganization(ctx.db);
    const names = Array.from({ length: 300 }, (_, i) => `chunk-${String(i).padStart(3, '0')}`);
    const ids = await insertRows<'college_categories', { id: number }>(
      ctx.db,
      'college_categories',
      names.map((name) => category(name, organization)),
      ['id'],
    );
    const rows = await stored(names);
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(ids.map((r) => Number(r.id))).toEqual(rows.map((r) => Number(r.id)));
  });
});
