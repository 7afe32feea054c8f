import { describe, expect, it } from 'vitest';
import { PHONE_CASES } from './phone-cases.ts';
import { isValidPhone, normalizePhone, phoneDigits } from './phone.ts';

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
