import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import {
  createPublicMeeting as createMeeting,
  macaoPhone,
  pickLanguage,
  publicSignUp,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * The visitor pages after sign-up on a 360×740 phone (issue 4): code retrieval, closed and missing
 * meetings, the schedule PDF. Meetings are set up through the admin API.
 */

test('code retrieval: unknown phone is "Invalid info", the right one opens the guest code', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createMeeting(api, { type: 'general', name: `取碼 ${Date.now()}` });
  const phone = macaoPhone();
  await publicSignUp(request, meeting.public_id, {
    meeting_type: 'general',
    name: 'Lookup Guest',
    gender: 'female',
    local_guest: true,
    area_code: '853',
    phone,
    email: 'lookup@example.com',
    contact_number: '28000000',
    contact_phone: '66000000',
  });

  // Without a stored token the guest page sends the visitor to check-in.
  await page.goto(`/#/enroll-info/${meeting.public_id}`);
  await expect(page).toHaveURL(new RegExp(`#/check-in/${meeting.public_id}$`));
  await expect(page.getByTestId('link-sign-up')).toBeVisible();

  await page.getByTestId('check-in-submit').click();
  await expect(page.getByTestId('error-summary')).toContainText('請選擇區號');

  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill('62000001');
  await page.getByTestId('check-in-submit').click();
  await expect(page.getByTestId('form-notice')).toHaveText('資料無效');

  const invalidInfo = { en: 'Invalid info', 'zh-cn': '资料无效' } as const;
  for (const lang of ['en', 'zh-cn'] as const) {
    await pickLanguage(page, lang);
    await expect(page.getByTestId('form-notice')).toHaveText(invalidInfo[lang]);
    await snap(page, info, `public-check-in-${lang}`);
  }
  await pickLanguage(page, 'zh-tw');
  await snap(page, info, 'public-check-in-zh-tw');

  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('check-in-submit').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-name')).toHaveText('Lookup Guest');
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
  await pickLanguage(page, 'zh-cn');
  await snap(page, info, 'public-guest-code-zh-cn');
});

test('closed and missing meetings show their own pages', async ({ page, request }) => {
  const api = await Api.login(request);
  const meeting = await createMeeting(api, {
    type: 'general',
    name: `關閉 ${Date.now()}`,
    signupEnabled: false,
  });
  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.getByTestId('sign-up-closed')).toContainText('報名已截止！');
  await expect(page.getByTestId('sign-up-form')).toHaveCount(0);

  await page.goto('/#/sign-up/no-such-meeting-id');
  await expect(page.getByTestId('public-no-meeting')).toContainText('查無會議資訊');

  // An unknown address never sends a visitor to the admin login.
  await page.goto('/#/no/such/page');
  await expect(page.getByTestId('not-found')).toContainText('請打開主辦單位提供的連結');
  await expect(page.getByTestId('not-found').locator('a')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/no\/such\/page$/);
});

test('the schedule PDF renders and is zoomable; other public pages are not', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createMeeting(api, {
    type: 'general',
    name: `日程 ${Date.now()}`,
    schedulePdf: true,
  });

  await page.goto(`/#/schedule/${meeting.public_id}`);
  const firstPage = page.getByTestId('pdf-page-1');
  await expect(firstPage).toHaveAttribute('data-rendered', 'true');
  const box = await firstPage.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
    'content',
    /maximum-scale=10, user-scalable=yes/,
  );
  // Text over the canvas (selectable, read aloud) and the file itself.
  await expect(page.getByTestId('pdf-pages').locator('.textLayer span').first()).toContainText('MeetFlow');
  const selected = await page.evaluate(() => {
    const layer = document.querySelector('.textLayer')!;
    window.getSelection()!.selectAllChildren(layer);
    return window.getSelection()!.toString();
  });
  expect(selected).toContain('MeetFlow schedule');
  const download = page.getByTestId('pdf-download');
  await expect(download).toHaveAttribute('href', /^\/api\/files\/[^/]+$/);
  await expect(download).toHaveAttribute('download', /\.pdf$/);
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.headers()['content-type']).toContain('application/pdf');
  await snap(page, info, 'public-schedule-zh-tw');

  await page.goto(`/#/guide/${meeting.public_id}`);
  await expect(page.getByTestId('pdf-empty')).toContainText('尚未上傳會議指南');

  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.getByTestId('sign-up-form')).toBeVisible();
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /user-scalable=no/);
});
