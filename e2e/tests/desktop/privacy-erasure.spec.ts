import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { expectAccessible } from '../../support/axe.ts';
import { endedMeeting, generalGuest, meetingRow, screenshotDrawer } from '../../support/privacy.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap } from '../../support/session.ts';

/*
 * Personal data in the back office (issue 20), erased: "erase now" on an ended meeting behind the
 * typed name, and a guest's own data downloaded and their withdrawal on request. The privacy drawer's
 * settings are in privacy.spec.ts. Screenshots for review go to /tmp as well as e2e/screenshots.
 */

test('an ended meeting: "erase now" waits for the name to be typed exactly, then erases', async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `已結束會議 ${suffix}`;
  const meeting = await endedMeeting(api, name, `chan.${suffix}@example.com`);

  // In English this time: the name to type is still the Traditional Chinese one, as in the list.
  await login(page, 'en');
  const row = await meetingRow(page, `${name} (EN)`);
  const action = await meetingAction(page, row, 'meeting-privacy-button');
  await expect(action).toHaveText('Privacy');
  await action.click();
  const drawer = page.getByTestId('privacy-drawer');
  await expect(page.locator('.ant-drawer-title')).toHaveText(`Privacy settings · ${name} (EN)`);
  await expect(drawer.getByTestId('privacy-guests-held')).toHaveText('1 guest');
  await expect(drawer.getByTestId('privacy-purge-not-ended')).toHaveCount(0);
  await screenshotDrawer(page, '/tmp/privacy-drawer-en');
  await drawer.getByTestId('privacy-purge').click();

  const dialog = page.getByTestId('privacy-purge-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('of 1 guest will be erased for good');
  await expect(dialog.getByTestId('privacy-purge-name')).toHaveText(`${name}（繁）`);
  const ok = page.getByTestId('privacy-purge-ok');
  const input = dialog.getByTestId('privacy-purge-input');
  // Not before the name is typed, not with the English or Simplified name, nor with a part of it.
  await expect(ok).toBeDisabled();
  for (const wrong of [`${name} (EN)`, `${name}（简）`, name]) {
    await input.fill(wrong);
    await expect(ok).toBeDisabled();
  }
  await input.press('Enter');
  await expect(dialog).toBeVisible();
  await input.fill(`${name}（繁）`);
  await expect(ok).toBeEnabled();
  await expectAccessible(page, 'erase now confirmation (en)');
  await page
    .getByRole('dialog')
    .filter({ has: dialog })
    .screenshot({ path: '/tmp/privacy-purge-confirm-en.png' });
  await snap(page, info, 'privacy-purge-confirm-en');

  await ok.click();
  await expect(page.getByText('The personal data of 1 guest was erased')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(drawer.getByTestId('privacy-purged')).toBeVisible();
  await expect(drawer.getByTestId('privacy-purge-state')).toContainText('Erased on');
  await expect(drawer.getByTestId('privacy-guests-held')).toHaveText('0 guests');
  await expect(drawer.getByTestId('privacy-notified')).toHaveText(
    'None sent (the data was erased before it was due)',
  );
  await expect(drawer.getByTestId('privacy-purge')).toHaveCount(0);
  await expect(drawer.getByTestId('privacy-erase-date')).toHaveCount(0);
  await expectAccessible(page, 'privacy drawer after the erasure (en)');
  await screenshotDrawer(page, '/tmp/privacy-drawer-erased-en');

  const state = await api.call<{ purged_at: number | null; guests_held: number }>(
    'GET',
    `/meetings/${meeting.id}/privacy`,
  );
  expect(state.purged_at).not.toBeNull();
  expect(state.guests_held).toBe(0);
});

test("a guest's own data is downloaded, and the guest withdrawn on request", async ({ page, request }) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `撤回報名 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  const email = `wong.${suffix}@example.com`;
  await api.call('POST', `/meetings/${meeting.id}/guests`, generalGuest('Wong Siu Ming', email));
  await api.call(
    'POST',
    `/meetings/${meeting.id}/guests`,
    generalGuest('Lei Ka Io', `lei.${suffix}@example.com`),
  );

  await login(page);
  await page.goto('/#/meeting_management/guest');
  await chooseOption(page, 'guest-meeting', `${name}（繁）`);
  const table = page.getByTestId('guest-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await table.locator('tr.ant-table-row', { hasText: 'Wong Siu Ming' }).getByTestId('guest-view').click();
  const drawer = page.getByTestId('guest-detail');

  const downloading = page.waitForEvent('download');
  await drawer.getByTestId('guest-personal-data').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-data-guest-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    guest: { name: string; email: string };
    meeting: { name: string };
  };
  expect(data.guest).toMatchObject({ name: 'Wong Siu Ming', email });
  expect(data.meeting.name).toBe(`${name}（繁）`);
  await expect(page.getByText('個人資料已下載')).toBeVisible();

  await drawer.getByTestId('guest-withdraw').click();
  await expect(page.getByText('應嘉賓要求撤回報名並刪除其個人資料？')).toBeVisible();
  await expect(page.locator('.ant-popover')).toContainText('名額會釋出');
  await expect(page.locator('.ant-popover')).toContainText('永久刪除，無法復原');
  await page.locator('.ant-popover').screenshot({ path: '/tmp/privacy-withdraw-confirm-zh-tw.png' });
  await page.getByTestId('guest-withdraw-confirm').click();
  await expect(page.getByText('已撤回報名並刪除該嘉賓的個人資料')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).not.toContainText('Wong Siu Ming');
});
