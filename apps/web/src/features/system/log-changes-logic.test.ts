import { describe, expect, it } from 'vitest';
import { changeValue, hasChanges } from './log-changes-logic.ts';

describe("an audit entry's changes", () => {
  it('show an absent value as a dash, and an empty one as it is', () => {
    expect(changeValue(null)).toBe('—');
    expect(changeValue('')).toBe('');
    expect(changeValue('180')).toBe('180');
    expect(changeValue('a***@example.com')).toBe('a***@example.com');
  });

  it('open only where fields changed', () => {
    expect(hasChanges({ changes: [{ field: 'retention_days', before: '180', after: '30' }] })).toBe(true);
    expect(hasChanges({ changes: [] })).toBe(false);
    // An entry from before the column existed, or a server that leaves it out.
    expect(hasChanges({})).toBe(false);
    expect(hasChanges({ changes: null })).toBe(false);
  });
});
