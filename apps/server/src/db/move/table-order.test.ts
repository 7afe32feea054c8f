import { describe, expect, it } from 'vitest';
import { planCopy } from './table-order.ts';

describe('planCopy', () => {
  it('puts every table after the tables it references, ties in name order', () => {
    const plan = planCopy(
      ['guests', 'meetings', 'organizations', 'check_ins', 'files'],
      [
        { table: 'check_ins', columns: ['guest_id'], references: 'guests' },
        { table: 'check_ins', columns: ['meeting_id'], references: 'meetings' },
        { table: 'guests', columns: ['meeting_id'], references: 'meetings' },
        { table: 'meetings', columns: ['organization_id'], references: 'organizations' },
        { table: 'meetings', columns: ['banner_file_id'], references: 'files' },
      ],
    );
    expect(plan.order).toEqual(['files', 'organizations', 'meetings', 'guests', 'check_ins']);
  });

  it('leaves a reference to the own table to a second pass, and ignores tables outside the copy', () => {
    const plan = planCopy(
      ['organizations', 'users'],
      [
        { table: 'organizations', columns: ['parent_id'], references: 'organizations' },
        { table: 'users', columns: ['organization_id'], references: 'organizations' },
        { table: 'users', columns: ['x'], references: 'not_copied' },
      ],
    );
    expect(plan.order).toEqual(['organizations', 'users']);
    expect(plan.selfReferences).toEqual(new Map([['organizations', ['parent_id']]]));
  });

  it('refuses a cycle between tables, naming them', () => {
    expect(() =>
      planCopy(
        ['a', 'b', 'c'],
        [
          { table: 'a', columns: ['b_id'], references: 'b' },
          { table: 'b', columns: ['a_id'], references: 'a' },
        ],
      ),
    ).toThrow('foreign keys form a cycle between a, b');
  });
});
