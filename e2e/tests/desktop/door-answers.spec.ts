import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { expectReadyOffline, importGuests, openStation, scanWithGun } from '../../support/door.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/**
 * Questions asked at the door (issue 42): a station that checks in a guest with open ask-at-door
 * questions asks them, online and offline, and the answers reach the guest's data.
 */
const tri = (text: string) => ({ 'zh-tw': text, 'zh-cn': text, en: text });
const option = (value: string, text: string) => ({ value, label: tri(text) });

const FIELDS = [
  {
    key: 'diet',
    type: 'choice',
    label: tri('Diet'),
    ask_at_door: true,
    options: [option('none', 'No needs'), option('veg', 'Vegetarian')],
  },
  { key: 'parking', type: 'yes_no', label: tri('Parking'), ask_at_door: true },
  {
    key: 'plate',
    type: 'short_text',
    label: tri('Car plate'),
    ask_at_door: true,
    required: true,
    show_if: { key: 'parking', values: ['yes'] },
  },
  { key: 'companions', type: 'number', label: tri('Companions'), ask_at_door: true, min: 0, max: 3 },
  {
    key: 'topics',
    type: 'multi_choice',
    label: tri('Topics'),
    ask_at_door: true,
    options: [option('cardio', 'Cardiology'), option('onco', 'Oncology')],
  },
  { key: 'arrival', type: 'date', label: tri('Arrival date'), ask_at_door: true },
  { key: 'card', type: 'file', label: tri('Membership card'), ask_at_door: true },
];

interface DoorCopy {
  guests: { id: number; door_keys?: string[] }[];
}

/** The keys still open for a guest, as the door copies learn them from the server. */
async function openKeys(api: Api, meetingId: number, guestId: number) {
  const copy = await api.call<DoorCopy>('GET', `/attendance/offline-data?meeting_id=${meetingId}`);
  return copy.guests.find((g) => g.id === guestId)?.door_keys ?? [];
}

/** The answers the server holds: sending them again writes nothing (polled: an upload may be under way). */
async function expectStored(api: Api, meetingId: number, guestId: number, answers: object) {
  await expect
    .poll(
      async () =>
        (
          await api.call<{ saved: string[] }>('POST', '/attendance/door-answers', {
            meeting_id: meetingId,
            guest_id: guestId,
            answers,
          })
        ).saved,
      { timeout: 15_000 },
    )
    .toEqual([]);
}

/** The number a guest types at a kiosk: the national part of the stored E.164 number. */
const national = (phone: string) => phone.replace(/\D/g, '').replace(/^853/, '');

const questions = (page: Page) => page.getByTestId('door-questions');

test('a station asks the door questions at check-in, online and offline, and saves the answers', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(180_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `入口問題 ${suffix}` });
  await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: FIELDS, version: 0 });
  const guests = await importGuests(api, meeting.id, 3, `Asked ${suffix}`);
  const [first, second, third] = guests as [(typeof guests)[0], (typeof guests)[0], (typeof guests)[0]];

  await login(page, 'en');
  await openStation(page, `入口問題 ${suffix} (EN)`, 'Main door');
  await expectReadyOffline(page, 3);

  // Online: the check-in asks the guest's open questions; the file is shown, not asked.
  await scanWithGun(page, first.code);
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-tone', 'success');
  await expect(questions(page)).toBeVisible();
  await expect(questions(page)).toContainText(`${first.name} has not answered these yet.`);
  await expect(page.getByTestId('door-question-card')).toContainText('not at the door');
  await expect(page.getByTestId('door-question-plate')).toHaveCount(0);
  // The first question has the focus: the operator answers from the keyboard.
  await expect(page.getByRole('radio', { name: 'No needs' })).toBeFocused();
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'door questions (en)');

  await page.getByRole('radio', { name: 'Vegetarian' }).check();
  await page.getByTestId('door-question-parking').getByRole('radio', { name: 'Yes' }).check();
  // Parking opens the plate, which is required.
  await page.getByTestId('door-questions-save').click();
  await expect(questions(page)).toContainText('Car plate is required');
  await page.getByTestId('door-question-plate').fill('MX-12-34');
  await page.getByTestId('door-question-companions').fill('2');
  await page.getByRole('checkbox', { name: 'Oncology' }).check();
  await snap(page, info, 'door-questions-en');
  await page.getByTestId('door-question-plate').press('Enter');
  await expect(questions(page)).toHaveCount(0);
  await expect(page.getByTestId('scan-door-answers')).toHaveAttribute('data-status', 'saved');
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await expectStored(api, meeting.id, first.id, {
    diet: 'veg',
    parking: true,
    plate: 'MX-12-34',
    companions: 2,
    topics: ['onco'],
  });
  expect(await openKeys(api, meeting.id, first.id)).toEqual(['arrival', 'card']);

  // Skipped with Esc: nothing written, the scan field takes the next guest.
  await scanWithGun(page, second.code);
  await expect(questions(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(questions(page)).toHaveCount(0);
  await expect(page.getByTestId('scan-input')).toBeFocused();
  expect(await openKeys(api, meeting.id, second.id)).toContain('diet');

  // Offline: the questions come from the station's copy, and the answers wait with the scan.
  await context.setOffline(true);
  await expect(page.getByTestId('station-offline')).toBeVisible();
  await scanWithGun(page, third.code);
  await expect(page.getByTestId('scan-result-offline')).toBeVisible();
  await expect(questions(page)).toBeVisible();
  await page.getByRole('radio', { name: 'No needs' }).check();
  await page.getByTestId('door-question-parking').getByRole('radio', { name: 'No' }).check();
  await page.getByTestId('door-question-arrival').fill('2027-01-15');
  await page.getByTestId('door-questions-save').click();
  await expect(page.getByTestId('scan-door-answers')).toHaveAttribute('data-status', 'queued');
  await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '1');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'door answers kept offline (en)');

  // Back online: the scan goes up with its answers.
  await context.setOffline(false);
  await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await expect(page.getByTestId('station-conflicts')).toHaveCount(0);
  await expectStored(api, meeting.id, third.id, { diet: 'none', parking: false, arrival: '2027-01-15' });
  expect(await openKeys(api, meeting.id, third.id)).toEqual(['companions', 'topics', 'card']);
});

test.describe('self check-in', () => {
  test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true });

  test('a kiosk guest answers the door questions themselves, in their language', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const api = await Api.login(request);
    const suffix = String(Date.now()).slice(-6);
    const meeting = await createPublicMeeting(api, { type: 'general', name: `自助問題 ${suffix}` });
    await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: FIELDS.slice(0, 3), version: 0 });
    const [guest] = await importGuests(api, meeting.id, 1, `Kiosk asked ${suffix}`);

    await login(page, 'zh-tw');
    await openStation(page, `自助問題 ${suffix}（繁）`, 'Lobby kiosk');
    await expectReadyOffline(page, 1);
    await page.getByTestId('kiosk-open').click();
    await page.getByTestId('kiosk-pin').fill('2468');
    await page.getByTestId('kiosk-pin-repeat').fill('2468');
    await page.getByTestId('kiosk-setup-start').click();
    await page.getByTestId('kiosk-lang-en').click();

    await page.getByTestId('kiosk-phone-open').click();
    await page.getByTestId('kiosk-phone-input').fill(national(guest!.phone));
    await page.getByTestId('kiosk-phone-submit').click();
    await expect(page.getByTestId('kiosk-result')).toHaveAttribute('data-tone', 'success');
    // The guest's own questions, in their language; the kiosk waits for them.
    await expect(questions(page)).toContainText('A few questions before you go in');
    await expect(page.getByTestId('kiosk-done')).toHaveCount(0);
    await snap(page, info, 'kiosk-door-questions-en');
    await expectAccessible(page, 'kiosk door questions (en)');
    await page.getByRole('radio', { name: 'Vegetarian' }).check();
    await page.getByTestId('door-question-parking').getByRole('radio', { name: 'No' }).check();
    await page.getByTestId('door-questions-save').click();
    await expect(page.getByTestId('kiosk-thanks')).toHaveText('Thank you!');
    await expect(page.getByTestId('kiosk-done')).toBeVisible();
    await expectStored(api, meeting.id, guest!.id, { diet: 'veg', parking: false });
  });
});
