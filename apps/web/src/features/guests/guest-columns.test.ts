import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/i18n.ts';
import { GUEST_FIELDS } from './guest-columns.ts';
import { guestFieldText } from './guest-text.ts';
import type { AdminGuest } from './guests-types.ts';

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

  it('shows every phone column in the one international format', () => {
    const t = ((key: string) => key) as TFunction;
    const guest = {
      area_code: '853',
      phone: '+85366123456',
      contact_number: '28123456',
      contact_phone: '+852 5123-4567',
    } as AdminGuest;
    expect(guestFieldText(guest, 'phone', t)).toBe('+853 6612 3456');
    expect(guestFieldText(guest, 'contact_number', t)).toBe('+853 2812 3456');
    expect(guestFieldText(guest, 'contact_phone', t)).toBe('+852 5123 4567');
    expect(guestFieldText({ ...guest, contact_phone: '' }, 'contact_phone', t)).toBe('—');
  });
});
