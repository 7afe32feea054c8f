import { formatPhone, GUEST_PHONE_FIELDS } from '@meetflow/shared/phone';
import type { TFunction } from '../../lib/i18n.ts';
import type { AdminGuest } from './guests-types.ts';

/**
 * One field of a guest as text for the list and the detail: booleans and choices in words, phones in
 * the one international format, blanks as a dash.
 */
export function guestFieldText(guest: AdminGuest, key: keyof AdminGuest, t: TFunction): string {
  const value = guest[key];
  if (key === 'gender') return value ? t(`guests.fields.genders.${String(value)}`) : '—';
  if (typeof value === 'boolean') return t(value ? 'guests.yes' : 'guests.no');
  if (value === null || value === undefined || value === '') return '—';
  if ((GUEST_PHONE_FIELDS as readonly string[]).includes(key))
    return formatPhone(String(value), guest.area_code);
  return String(value);
}
