import { expect, test, type Page } from '@playwright/test';
import { adminRoutes, notFoundRoute } from '../../../apps/web/src/app/routes/route-config.ts';
import { flattenRoutes } from '../../../apps/web/src/app/routes/route-filter.ts';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPublicMeeting, macaoPhone, publicSignUp } from '../../support/public-meetings.ts';
import { login, pageTitle, switchLanguage } from '../../support/session.ts';

/*
 * axe-core over every back-office page as administrator (issue 13): each route of the web app's own
 * route table, so a new page is checked without touching this file, plus the login page, scan mode
 * and the settings drawer; the routes alternately in zh-tw and in English. No serious or critical
 * violation may remain.
 */

/** Every route a user can open: the table's leaves and the in-layout 404. */
const pages = [...flattenRoutes(adminRoutes).filter((route) => !route.children), notFoundRoute];

/** Waits until the route shows its content: a dialog route its dialog, the others their title. */
async function waitForPage(page: Page, route: (typeof pages)[number]) {
  if (route.path.includes('/component/')) {
    await expect(page.getByRole('dialog').first()).toBeVisible();
  } else if (route.meta.iframeSrc) {
    await expect(page.getByTestId('iframe-page')).toBeVisible();
  } else if (route === notFoundRoute) {
    await expect(page.locator('h1:visible')).toBeVisible();
  } else {
    await expect(pageTitle(page)).toBeVisible();
  }
  // Tables and charts settle before axe reads their colours.
  await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0);
}

for (const [turn, language] of (['zh-tw', 'en'] as const).entries()) {
  test(`every back-office page is accessible (${language})`, async ({ page, request }) => {
    test.setTimeout(360_000);
    // Rows in the lists, so their cells, tags and actions are checked as well.
    const api = await Api.login(request);
    const meeting = await createPublicMeeting(api, {
      type: 'general',
      name: `Axe ${language} ${Date.now()}`,
    });
    await publicSignUp(request, meeting.public_id, {
      meeting_type: 'general',
      name: 'Axe Guest',
      gender: 'female',
      local_guest: false,
      area_code: '853',
      phone: macaoPhone(),
      email: 'axe-admin@example.com',
      contact_number: '28000000',
      contact_phone: '66000000',
    });

    await page.goto('/#/login');
    await switchLanguage(page, language);
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    await expectAccessible(page, 'login');
    await login(page, language);

    // Each route in one of the two languages, alternately (the whole sweep took 3 min per language on
    // two cores): every page is checked, and both languages' texts are, across the pages.
    for (const [index, route] of pages.entries()) {
      if (index % 2 !== turn) continue;
      await page.goto(`/#${route.path}?meeting=${meeting.id}`);
      await waitForPage(page, route);
      // The API docs page frames Swagger UI, a third-party document: the frame is ours, its content not.
      await expectAccessible(page, route.name, { exclude: route.meta.iframeSrc ? 'iframe' : undefined });
      await page.keyboard.press('Escape');
    }

    await page.goto('/#/meeting_management/meeting');
    await page.getByTestId('settings-button').click();
    await expect(page.getByTestId('settings-drawer')).toBeVisible();
    await expectAccessible(page, 'settings drawer');
    await page.keyboard.press('Escape');

    await page.goto('/#/meeting_management/records');
    await page.getByTestId('scan-mode-open').click();
    await expect(page.getByTestId('scan-setup-station')).toBeVisible();
    await expectAccessible(page, 'scan setup');
    await page.getByTestId('scan-setup-meeting').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByTestId('scan-setup-station').fill('Door 1');
    await page.getByTestId('scan-setup-start').click();
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await expectAccessible(page, 'scan mode');
  });
}
