import { describe, expect, it } from 'vitest';
import { fieldChanges, GUEST_PERSONAL_FIELDS, maskPersonal } from './field-changes.ts';

describe('fieldChanges', () => {
  it('lists only the fields that differ, before and after, as text', () => {
    expect(
      fieldChanges(
        { name: 'Old', registration_limit: 10, signup_enabled: 1, updated_at: 1 },
        { name: 'New', registration_limit: 20, signup_enabled: 1, updated_at: 2 },
        { ignore: ['updated_at'] },
      ),
    ).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'registration_limit', before: '10', after: '20' },
    ]);
  });

  it('records a creation and a deletion against nothing', () => {
    expect(fieldChanges(null, { name: 'A' })).toEqual([{ field: 'name', before: null, after: 'A' }]);
    expect(fieldChanges({ name: 'A' }, null)).toEqual([{ field: 'name', before: 'A', after: null }]);
  });

  it('skips fields a partial update does not carry, and writes objects as JSON', () => {
    expect(fieldChanges({ a: 1, b: 2 }, { a: [1, 2] })).toEqual([
      { field: 'a', before: '1', after: '[1,2]' },
    ]);
  });

  it('masks personal values, never keeping one whole', () => {
    const changes = fieldChanges(
      { name: '陳大文', email: 'chan@example.com', phone: '+85366123456', institution: 'Kiang Wu' },
      { name: '陳小文', email: 'wong@example.org', phone: '+85366129999', institution: 'Kiang Wu' },
      { personal: GUEST_PERSONAL_FIELDS },
    );
    expect(changes).toEqual([
      { field: 'name', before: '陳***', after: '陳***' },
      { field: 'email', before: 'c***@example.com', after: 'w***@example.org' },
      { field: 'phone', before: '****3456', after: '****9999' },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/大文|chan@|66123456/);
  });

  it('keeps empty and absent values as they are', () => {
    expect(maskPersonal('')).toBe('');
    expect(maskPersonal(null)).toBe(null);
  });

  it('cuts long values', () => {
    const [change] = fieldChanges({ text: '' }, { text: 'x'.repeat(500) });
    expect(change?.after).toHaveLength(201);
  });
});
