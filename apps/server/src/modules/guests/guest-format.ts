import type { Localized } from '@meetflow/shared/languages';
import type { AttendanceStatus } from '@meetflow/shared/schemas/attendance';

/** '+853 ****5678': the area code and the last four digits only. */
export function maskPhone(areaCode: string, e164: string): string {
  const national = e164.startsWith(`+${areaCode}`)
    ? e164.slice(areaCode.length + 1)
    : e164.replace(/^\+/, '');
  return `+${areaCode} ****${national.slice(-4)}`;
}

/** 'a***@example.com': the first character and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***@${email.slice(at + 1)}`;
}

/** The name a guest is shown by: the general form's name, else the Chinese name unless 'NA', else the English one. */
export function guestDisplayName(guest: { name: string; name_zh: string; name_en: string }): string {
  if (guest.name) return guest.name;
  const usable = (value: string) => value !== '' && value.toUpperCase() !== 'NA';
  if (usable(guest.name_zh)) return guest.name_zh;
  if (usable(guest.name_en)) return guest.name_en;
  return guest.name_zh || guest.name_en;
}

/** An attendance status in words, as the back office's lists and exports write it. */
export const STATUS_TEXT: Record<AttendanceStatus, Localized> = {
  checked_in: { 'zh-tw': '已簽到', 'zh-cn': '已签到', en: 'Checked in' },
  not_checked_in: { 'zh-tw': '未簽到', 'zh-cn': '未签到', en: 'Not checked in' },
  left: { 'zh-tw': '已離場', 'zh-cn': '已离场', en: 'Left' },
};
