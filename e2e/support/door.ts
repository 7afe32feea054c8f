import { expect, type Page } from '@playwright/test';
import type { Api } from './api.ts';

/** Door-station helpers: guests in bulk (through the import API) and a station set up in the browser. */

export interface DoorGuest {
  id: number;
  name: string;
  code: string;
  phone: string;
}

/**
 * `count` guests of a general meeting, imported as one CSV (the public sign-up's rate limit would
 * take minutes for a door's worth), with their codes read back from the guest list.
 */
export async function importGuests(api: Api, meetingId: number, count: number, prefix: string) {
  const header =
    'Name,Gender,Local guest,Area code,Mobile number,E-mail,Institution,Job title,Contact name,Contact number,Contact mobile';
  const base = 62_000_000 + (Date.now() % 900_000);
  const rows = Array.from({ length: count }, (_, n) => {
    const phone = String(base + n * 7);
    return [
      `${prefix} ${String(n).padStart(3, '0')}`,
      n % 2 ? 'Male' : 'Female',
      'Yes',
      '853',
      phone,
      `door${phone}@example.com`,
      'Hospital',
      'Doctor',
      'Desk',
      '28000000',
      '66999999',
    ].join(',');
  });
  const upload = await api.upload(
    `/meetings/${meetingId}/guest-imports`,
    {},
    { name: 'door.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) },
  );
  const importId = Number(upload.id);
  const summary = await api.call<{ mapping: (string | null)[] }>('GET', `/guest-imports/${importId}`);
  await api.call('POST', `/guest-imports/${importId}/start`, { mapping: summary.mapping });
  await expect
    .poll(async () => (await api.call<{ status: string }>('GET', `/guest-imports/${importId}`)).status, {
      timeout: 30_000,
    })
    .toBe('done');
  const guests: DoorGuest[] = [];
  for (let page = 1; guests.length < count; page += 1) {
    const list = await api.call<{ items: { id: number; name: string; guest_code: string; phone: string }[] }>(
      'GET',
      `/meetings/${meetingId}/guests?page=${page}&page_size=100`,
    );
    if (list.items.length === 0) break;
    guests.push(...list.items.map((g) => ({ id: g.id, name: g.name, code: g.guest_code, phone: g.phone })));
  }
  expect(guests).toHaveLength(count);
  return guests.sort((a, b) => a.name.localeCompare(b.name));
}

/** Sets up this browser as a station of `meetingName` on the records page and opens it. */
export async function openStation(page: Page, meetingName: string, station: string) {
  await page.goto('/#/meeting_management/records');
  await page.getByTestId('scan-mode-open').click();
  await expect(page.getByTestId('scan-setup-station')).toBeVisible();
  await page.getByTestId('scan-setup-meeting').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(meetingName).click();
  await page.getByTestId('scan-setup-station').fill(station);
  await page.getByTestId('scan-setup-start').click();
  await expect(page.getByTestId('scan-screen')).toBeVisible();
}

/** Waits until the station holds its copy of `guests` guests and the app is cached for offline use. */
export async function expectReadyOffline(page: Page, guests: number) {
  await expect(page.getByTestId('station-copy')).toHaveAttribute('data-count', String(guests), {
    timeout: 20_000,
  });
  await expect(page.getByTestId('station-offline-ready')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });
}

/** What a scanner gun does: the code as one fast burst of keys, then Enter. */
export async function scanWithGun(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 2 });
  await page.keyboard.press('Enter');
}
