import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { pngImage } from '../../support/files.ts';
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
});
