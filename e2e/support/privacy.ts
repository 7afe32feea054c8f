import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Api } from './api.ts';
import { pngImage } from './files.ts';
import { macaoPhone } from './public-meetings.ts';

/* The privacy specs' meetings and guests, dates in the server's zone, and the drawer's screenshots. */

export const DAY = 86_400_000;

/** The deployment's zone, as the drawer writes its dates. */
export async function serverZone(request: APIRequestContext): Promise<string> {
  const health = (await (await request.get('/api/health')).json()) as { data: { time_zone: string } };
  return health.data.time_zone;
}

/** YYYY-MM-DD HH:mm:ss in `zone`, as the web app's formatDateTime. */
export function inZone(ms: number, zone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The meeting's row in the meeting list, found by its name. */
export async function meetingRow(page: Page, name: string) {
  await page.goto('/#/meeting_management/meeting');
  await page.getByTestId('meeting-search-input').fill(name);
  await page.getByTestId('meeting-search-input').press('Enter');
  const row = page.getByTestId('meeting-table').locator('tr.mf-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** The open privacy drawer for review, scrolled to its top and to its end: `<path>-top.png`, `<path>-end.png`. */
export async function screenshotDrawer(page: Page, path: string) {
  const drawer = page.getByTestId('privacy-drawer');
  const dialog = page.getByRole('dialog').filter({ has: drawer });
  const scroll = (to: 'top' | 'end') =>
    drawer.evaluate((element, end) => {
      const body = element.closest('.ant-drawer-body');
      body?.scrollTo(0, end ? body.scrollHeight : 0);
    }, to === 'end');
  await scroll('top');
  await dialog.screenshot({ path: `${path}-top.png` });
  await scroll('end');
  await dialog.screenshot({ path: `${path}-end.png` });
}

export function generalGuest(name: string, email: string) {
  return {
    meeting_type: 'general',
    name,
    gender: 'female',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email,
    institution: 'Kiang Wu Hospital',
    job_title: 'Doctor',
    contact_name: 'Front desk',
    contact_number: '28000000',
    contact_phone: '66999999',
  };
}

/** A general meeting that ended yesterday, with one guest added by the back office. */
export async function endedMeeting(api: Api, name: string, email: string) {
  const org = await api.call<{ id: number }>('POST', '/organizations', { name: `Privacy org ${name}` });
  const banner = await api.upload(
    '/files',
    { kind: 'banner' },
    { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(360, 120) },
  );
  const end = Date.now() - DAY;
  const meeting = await api.call<{ id: number }>('POST', '/meetings', {
    organization_id: org.id,
    name: `${name}（繁）`,
    name_cn: `${name}（简）`,
    name_en: `${name} (EN)`,
    location: '澳門會展中心',
    location_cn: '澳门会展中心',
    location_en: 'Macao Convention Centre',
    start_at: end - 8 * 3_600_000,
    end_at: end,
    registration_limit: 0,
    waitlist_enabled: false,
    waitlist_offer_hours: 0,
    multi_language: true,
    signup_enabled: true,
    meeting_type: 'general',
    banner_file_id: banner.id,
    schedule_file_id: null,
    guide_file_id: null,
  });
  await api.call('POST', `/meetings/${meeting.id}/guests`, generalGuest('Chan Tai Man', email));
  return { id: meeting.id, end, organizationId: org.id };
}
