import { describe, expect, it } from 'vitest';
import { PHONE_CASES } from './phone-cases.ts';
import { isValidPhone, normalizePhone, phoneDigits, formatPhone } from './phone.ts';

describe('the phone rule', () => {
  it.each(PHONE_CASES)('+$areaCode $phone → $e164', ({ areaCode, phone, e164 }) => {
    expect(normalizePhone(areaCode, phone)).toBe(e164);
    expect(isValidPhone(areaCode, phone)).toBe(e164 !== null);
  });

  it('refuses a number of another area code and strips what people type between digits', () => {
    expect(normalizePhone('86', '66123456')).toBeNull();
    expect(normalizePhone('999', '66123456')).toBeNull();
    expect(phoneDigits(' (853) 6612-3456 ')).toBe('85366123456');
  });
});

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
