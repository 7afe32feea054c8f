import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { expectReadyOffline, importGuests, openStation } from '../../support/door.ts';
import { createPublicMeeting, macaoPhone } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap } from '../../support/session.ts';

/**
 * Walk-ins at the door (issue 45): door staff register a visitor who never signed up, online and at
 * a station with no network. The offline one waits on the device and, once the network returns,
 * reaches the guest list tagged "Walk-in" and checked in. A required ask-at-door question is asked
 * in the dialog, so it does not refuse the walk-in.
 */
const tri = (text: string) => ({ 'zh-tw': text, 'zh-cn': text, en: text });

const FIELDS = [
  {
    key: 'diet',
    type: 'choice',
    label: tri('Diet'),
    ask_at_door: true,
    required: true,
    options: [
      { value: 'none', label: tri('No needs') },
      { value: 'veg', label: tri('Vegetarian') },
    ],
  },
];

interface ListedGuest {
  id: number;
  name: string;
  status: string;
  walk_in: boolean;
  over_capacity: boolean;
}

async function guestNamed(api: Api, meetingId: number, name: string) {
  const list = await api.call<{ items: ListedGuest[] }>(
    'GET',
    `/meetings/${meetingId}/guests?page=1&page_size=100`,
  );
  return list.items.find((g) => g.name === name);
}

async function fillWalkIn(page: Page, name: string, phone: string) {
  await page.getByTestId('walk-in-open').click();
  await expect(page.getByTestId('walk-in-form')).toBeVisible();
  await page.getByTestId('walk-in-name').fill(name);
  await page.getByTestId('walk-in-phone').fill(phone);
}

test('a walk-in registered at an offline station reaches the guest list, checked in, once online', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(300_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `現場登記 ${suffix}` });
  await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: FIELDS, version: 0 });
  await importGuests(api, meeting.id, 1, `Signed ${suffix}`);

  await login(page, 'en');
  await openStation(page, `現場登記 ${suffix} (EN)`, 'Front door');
  await expectReadyOffline(page, 1);

  // Online: the required door question is asked, and refuses the walk-in until answered.
  const online = `Walk Online ${suffix}`;
  await fillWalkIn(page, online, macaoPhone());
  await page.getByTestId('walk-in-submit').click();
  await expect(page.getByTestId('walk-in-form')).toContainText('Diet is required');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'walk-in dialog (en)');
  await page.getByRole('radio', { name: 'Vegetarian' }).check();
  await page.getByTestId('walk-in-submit').click();
  await expect(page.getByText(`${online} is registered and checked in`)).toBeVisible();
  await expect(page.getByTestId('walk-in-form')).toHaveCount(0);
  expect(await guestNamed(api, meeting.id, online)).toMatchObject({
    status: 'checked_in',
    walk_in: true,
    over_capacity: false,
  });

  // Offline: kept on the device with its entry, nothing reaches the server yet.
  await context.setOffline(true);
  await expect(page.getByTestId('station-offline')).toBeVisible();
  const offline = `Walk Offline ${suffix}`;
  await fillWalkIn(page, offline, macaoPhone());
  await page.getByRole('radio', { name: 'No needs' }).check();
  await page.setViewportSize({ width: 360, height: 740 });
  await snap(page, info, 'walk-in-dialog-360-en');
  await page.getByTestId('walk-in-submit').click();
  await expect(page.getByText(`Offline: ${offline} is kept on this device`)).toBeVisible();
  await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '1');
  await page.setViewportSize({ width: 1366, height: 820 });
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'station with a walk-in queued offline (en)');
  expect(await guestNamed(api, meeting.id, offline)).toBeUndefined();

  // Back online: the walk-in goes up with the queue, registered and checked in at the door's time.
  await context.setOffline(false);
  await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await expect(page.getByTestId('station-conflicts')).toHaveCount(0);

  await page.goto('/#/meeting_management/guest');
  await chooseOption(page, 'guest-meeting', `現場登記 ${suffix} (EN)`);
  const table = page.getByTestId('guest-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
  const row = table.locator('tbody tr.ant-table-row', { hasText: offline });
  await expect(row).toContainText('Walk-in');
  await expect(row).toContainText('Checked in');
  await expect(row).not.toContainText('Over capacity');
  await snap(page, info, 'walk-in-guest-list-en');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'guest list with walk-ins (en)');
  expect(await guestNamed(api, meeting.id, offline)).toMatchObject({
    status: 'checked_in',
    walk_in: true,
  });
});
