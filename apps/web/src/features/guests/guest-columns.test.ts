import { describe, expect, it } from 'vitest';
import { GUEST_FIELDS, displayPhone } from './guest-columns.ts';

describe('guest list columns', () => {
  it('follow the general sign-up form', () => {
    const keys = GUEST_FIELDS.general.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining(['name', 'gender', 'local_guest', 'institution', 'contact_phone']),
    );
    expect(keys).not.toContain('license_number');
  });

  it('follow the date-schedule sign-up form', () => {
    const keys = GUEST_FIELDS.date_schedule.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'name_zh',
        'name_en',
        'user_type_name',
        'license_number',
        'college_category_name',
      ]),
    );
    expect(keys).not.toContain('gender');
  });

  it('shows the phone with its area code once', () => {
    expect(displayPhone({ area_code: '853', phone: '+85366123456' })).toBe('+853 66123456');
    expect(displayPhone({ area_code: '852', phone: '51234567' })).toBe('+852 51234567');
  });
});
