import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { login } from '../../support/session.ts';

/*
 * Ant Design's own labels in the page's language (its locale has none for the table's select-all
 * box or the number box's steppers), and the certificate rule of a meeting without sessions legible.
 */
const LANGUAGES = [
  {
    lang: 'zh-tw',
    ruleTab: '規則與學分',
    certificatesTab: '證書',
    noSessions: '此會議沒有日程',
    selectAll: '全選',
    increase: '增加數值',
    decrease: '減少數值',
  },
  {
    lang: 'en',
    ruleTab: 'Rule & credits',
    certificatesTab: 'Certificates',
    noSessions: 'This meeting has no sessions',
    selectAll: 'Select all',
    increase: 'Increase value',
    decrease: 'Decrease value',
  },
] as const;

test('the certificate pages speak the page’s language and pass axe, sessions or none', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `No sessions ${Date.now()}` });
  for (const labels of LANGUAGES) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await login(page, labels.lang);
    await page.goto(`/#/meeting_management/certificates?meeting=${meeting.id}`);

    await page.getByRole('tab', { name: labels.ruleTab }).click();
    const form = page.getByTestId('certificate-rule-form');
    await expect(form).toContainText(labels.noSessions);
    await expect(form.getByRole('button', { name: labels.increase })).not.toHaveCount(0);
    await expect(form.getByRole('button', { name: labels.decrease })).not.toHaveCount(0);
    // Not Ant Design's English (capital V), whatever the language.
    await expect(form.getByRole('button', { name: /Increase Value|Decrease Value/ })).toHaveCount(0);
    await expectAccessible(page, `certificate rule, no sessions (${labels.lang})`);

    await page.getByRole('tab', { name: labels.certificatesTab, exact: true }).click();
    const table = page.locator('.ant-table:visible').first();
    await expect(table.getByRole('checkbox', { name: labels.selectAll, exact: true })).toHaveCount(1);
    await expectAccessible(page, `certificates tab (${labels.lang})`);
    await context.close();
  }
});
