import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import { dayIn } from '../../lib/date-time.ts';

/** The downloaded file's name: the guest's record and the day it was made, e.g. personal-data-guest-42-2026-11-25.json. */
export function personalDataFileName(guestId: number, data: Pick<GuestPersonalData, 'generated_at'>): string {
  return `personal-data-guest-${guestId}-${dayIn(data.generated_at)}.json`;
}

/** The guest's data as the file they are given: indented JSON, readable in any text editor. */
export function personalDataJson(data: GuestPersonalData): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Hands a text to the browser as a downloaded file. */
export function saveTextFile(text: string, name: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
