import { expect, test } from '@playwright/test';
import { isPhone, login, pageTitle, snap, switchLanguage } from '../support/session.ts';

test('switches the whole interface between the three languages', async ({ page }, info) => {
  await login(page);
  const menuOrTitle = isPhone(info) ? pageTitle(page) : page.getByTestId('sidebar');
  const expectations = [
    ['zh-cn', isPhone(info) ? '会议列表' : '会议管理'],
    ['en', isPhone(info) ? 'Meeting list' : 'Meeting management'],
    ['zh-tw', isPhone(info) ? '會議列表' : '會議管理'],
  ] as const;
  for (const [language, label] of expectations) {
    await switchLanguage(page, language);
    await expect(menuOrTitle).toContainText(label);
    await snap(page, info, `meeting-${language}`);
  }
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await login(page);
  await page.goto('/#/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
