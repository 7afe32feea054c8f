import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { pngImage } from '../../support/files.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { login, pageTitle, snap } from '../../support/session.ts';

test('the meeting list works at 360 px in English', async ({ page, request }, info) => {
  const api = await Api.login(request);
  const org = await api.call<{ id: number }>('POST', '/organizations', { name: `Phone org ${Date.now()}` });
  const banner = await api.upload(
    '/files',
    { kind: 'banner' },
    {
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: pngImage(),
    },
  );
  const doomed = await api.call<{ id: number }>('POST', '/meetings', {
    organization_id: org.id,
    name: '手機刪除會議',
    name_cn: '手机删除会议',
    name_en: 'Phone meeting to delete',
    start_at: Date.UTC(2026, 11, 2, 1),
    end_at: Date.UTC(2026, 11, 2, 9),
    registration_limit: 0,
    multi_language: true,
    signup_enabled: true,
    meeting_type: 'general',
    banner_file_id: banner.id,
  });
  await api.call('POST', '/meetings', {
    organization_id: org.id,
    name: '手機測試會議',
    name_cn: '手机测试会议',
    name_en: 'Phone test meeting',
    start_at: Date.UTC(2026, 11, 1, 1),
    end_at: Date.UTC(2026, 11, 1, 9),
    registration_limit: 0,
    multi_language: true,
    signup_enabled: true,
    meeting_type: 'general',
    banner_file_id: banner.id,
  });

  await login(page, 'en');
  await expect(pageTitle(page)).toHaveText('Meeting list');
  // Other specs add meetings that sort before this one: find it as an organiser would.
  await page.getByTestId('meeting-search-input').fill('Phone test meeting');
  await page.getByTestId('meeting-search-input').press('Enter');
  await expect(page.getByTestId('meeting-table')).toContainText('Phone test meeting');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, info, 'meetings-en');

  await page.getByTestId('meeting-add').click();
  await expect(page.getByTestId('meeting-form')).toBeVisible();
  await page.getByTestId('meeting-form-submit').click();
  await expect(page.getByTestId('meeting-form')).toContainText('Please select an organisation');
  await snap(page, info, 'meeting-form-en');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('meeting-form')).toBeHidden();

  // The delete confirmation is loaded when first asked for; it fits the phone and deletes.
  await page.getByTestId('meeting-search-input').fill('Phone meeting to delete');
  await page.getByTestId('meeting-search-input').press('Enter');
  const row = page.getByTestId('meeting-table').locator('tr', { hasText: 'Phone meeting to delete' });
  await expect(row).toBeVisible();
  await (await meetingAction(page, row, 'meeting-delete-button')).click();
  const confirm = page.getByTestId('meeting-delete-confirm');
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'meeting delete confirmation');
  await snap(page, info, 'meeting-delete-confirm-en');
  await confirm.click();
  await expect(row).toHaveCount(0);
  await expect(confirm).toBeHidden();
  // Gone on the server, not only from the table.
  const list = await api.call<{ items: { id: number }[] }>(
    'GET',
    '/meetings?keyword=Phone%20meeting%20to%20delete',
  );
  expect(list.items.map((m) => m.id)).not.toContain(doomed.id);
});

test('an empty meeting list shows its "no data" in view at 360 px', async ({ page }, info) => {
  await login(page, 'en');
  await page.getByTestId('meeting-search-input').fill(`No such meeting ${Date.now()}`);
  await page.getByTestId('meeting-search-input').press('Enter');
  const table = page.getByTestId('meeting-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  // The table is 1042 px wide and scrolls sideways in its box: the empty state stays in the box's view.
  await expect(table.locator('.ant-empty-image')).toBeInViewport({ ratio: 1 });
  await expect(table.locator('.ant-empty-description')).toHaveText('No data');
  await expect(table.locator('.ant-empty-description')).toBeInViewport({ ratio: 1 });
  await snap(page, info, 'meetings-empty-en');
});
