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
