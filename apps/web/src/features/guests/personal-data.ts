import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import { dayIn } from '../../lib/date-time.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** The downloaded file's name: the guest's record and the day it was made, e.g. personal-data-guest-42-2026-11-25.json. */
export function personalDataFileName(guestId: number, data: Pick<GuestPersonalData, 'generated_at'>): string {
  return `personal-data-guest-${guestId}-${dayIn(data.generated_at)}.json`;
}

/** The guest's data as the file they are given: indented JSON, readable in any text editor. */
export function personalDataJson(data: GuestPersonalData): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The guest's data saved as a JSON file in the browser. */
export function savePersonalData(guestId: number, data: GuestPersonalData): void {
  const file = new Blob([personalDataJson(data)], { type: 'application/json;charset=utf-8' });
  saveBlob(file, personalDataFileName(guestId, data));
}
