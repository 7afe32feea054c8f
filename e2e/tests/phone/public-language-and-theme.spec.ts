import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { PORT } from '../../support/constants.ts';
import { linkIn, waitForMail } from '../../support/mail.ts';
import {
  createPublicMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';

/*
 * Issue 39 on a 360 px phone: a guest's mail link opened in a fresh browser shows the guest's
 * language; the sign-up form of a Macao meeting starts at +853; a meeting without a display set-up
 * has readable buttons (white text on the default theme) and passes axe.
 */

const SHOTS = '/work/shots';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The meeting's organisation, given a region through the organisation API. */
async function setRegion(api: Api, meetingId: number, region: 'MO' | 'HK' | 'CN' | 'TW' | null) {
  const meeting = await api.call<{ organization_id: number }>('GET', `/meetings/${meetingId}`);
  const tree = await api.call<{ id: number; name: string; children: unknown[] }[]>('GET', '/organizations');
  const org = tree.find((o) => o.id === meeting.organization_id)!;
  await api.call('PUT', `/organizations/${org.id}`, { name: org.name, region });
}

async function paint(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
}

test("a guest's mail link opens in the guest's language in a fresh browser", async ({ browser, request }) => {
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `語言連結 ${suffix}` });
  const email = `lang.${suffix}@example.com`;
  const signUp = await request.post(`/api/public/meetings/${meeting.public_id}/sign-ups`, {
    headers: { 'Accept-Language': 'zh-cn' },
    data: {
      meeting_type: 'general',
      name: '李小明',
      gender: 'male',
      local_guest: true,
      area_code: '853',
      phone: macaoPhone(),
      email,
      institution: '澳门医院',
      contact_number: '28000000',
      contact_phone: '66000000',
    },
  });
  expect(signUp.status()).toBe(200);

  const mail = await waitForMail(email, (m) => m.subject?.startsWith('报名成功') ?? false);
  const link = linkIn(mail, `http://127.0.0.1:${PORT}/#/`);
  expect(link).toBe(`http://127.0.0.1:${PORT}/#/enroll-info/${meeting.public_id}?lang=zh-cn`);

  // Another phone: nothing stored, the meeting's first language is zh-tw.
  const other = await browser.newContext(PHONE);
  const page = await other.newPage();
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`#/check-in/${meeting.public_id}\\?lang=zh-cn$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('check-in-submit')).toHaveText('获取嘉宾码');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'check-in from a zh-cn mail link');
  await page.screenshot({ path: `${SHOTS}/39-5-after-zh-cn-360.png`, fullPage: true });
  await other.close();
});

test('the sign-up and check-in forms of a Macao meeting start at +853', async ({ page, request }) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `澳門區號 ${Date.now()}` });
  await setRegion(api, meeting.id, 'MO');

  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await pickLanguage(page, 'en');
  await expect(page.getByTestId('field-area_code')).toHaveValue('853');
  await expect(page.getByTestId('field-area_code').locator('option:checked')).toHaveText('+853 Macao');
  await expectAccessible(page, 'sign-up with the area code preselected (en)');
  await page.getByTestId('field-area_code').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/39-5-after-en-360.png` });

  await page.goto(`/#/check-in/${meeting.public_id}`);
  await expect(page.getByTestId('field-area_code')).toHaveValue('853');

  // The meeting's own setting wins over the organisation's region.
  await api.call('PUT', `/meetings/${meeting.id}/display-config`, { default_area_code: '852' });
  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await page.reload();
  await expect(page.getByTestId('field-area_code')).toHaveValue('852');
});

for (const lang of ['en', 'zh-tw'] as const) {
  test(`a meeting without a display set-up has readable buttons (${lang})`, async ({ page, request }) => {
    const api = await Api.login(request);
    const meeting = await createPublicMeeting(api, { type: 'general', name: `預設主題 ${Date.now()}` });

    await page.goto(`/#/sign-up/${meeting.public_id}`);
    await expect(page.getByTestId('sign-up-form')).toBeVisible();
    if (lang === 'en') await pickLanguage(page, 'en');
    // White on the default blue (#0958d9, 6.2:1), as on the demo's configured meetings.
    expect(await paint(page, 'sign-up-submit')).toEqual({
      color: 'rgb(255, 255, 255)',
      background: 'rgb(9, 88, 217)',
    });
    await expectAccessible(page, `sign-up without a display set-up (${lang})`);
    if (lang === 'en') await page.screenshot({ path: `${SHOTS}/39-8-after-en-360.png`, fullPage: true });
    await page.getByTestId('sign-up-submit').click();
    await expect(page.getByTestId('error-summary')).toBeVisible();
    await expectAccessible(page, `sign-up with errors without a display set-up (${lang})`);

    await page.goto(`/#/check-in/${meeting.public_id}`);
    expect(await paint(page, 'check-in-submit')).toEqual({
      color: 'rgb(255, 255, 255)',
      background: 'rgb(9, 88, 217)',
    });
    await expectAccessible(page, `check-in without a display set-up (${lang})`);
  });
}
