import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.ts';

describe('formatPhone', () => {
  it('writes every number in the international format, grouped by its plan', () => {
    expect(formatPhone('+85366123456')).toBe('+853 6612 3456');
    expect(formatPhone('+85251234567', '852')).toBe('+852 5123 4567');
    expect(formatPhone('+886912345678', '886')).toBe('+886 912 345 678');
    expect(formatPhone('+8613812345678', '86')).toBe('+86 138 1234 5678');
  });

  it('reads a number without + in the area code plan, however it was typed', () => {
    expect(formatPhone('66123456', '853')).toBe('+853 6612 3456');
    expect(formatPhone('6612-3456', '853')).toBe('+853 6612 3456');
    expect(formatPhone(' 6612 3456 ', '853')).toBe('+853 6612 3456');
  });

  it('keeps text that is no phone number as typed', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('ext. 12', '853')).toBe('ext. 12');
    expect(formatPhone('66123456')).toBe('66123456');
  });
});
