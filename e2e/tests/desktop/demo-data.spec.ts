import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { login, snap } from '../../support/session.ts';

const root = path.resolve(import.meta.dirname, '../../..');

test('the demo data loads into the running database and the meeting list shows it', async ({
  page,
}, info) => {
  // Other tests have created meetings in this database already, hence --force.
  const output = execFileSync(
    process.execPath,
    [path.join(root, 'apps/server/src/cli/seed-demo.ts'), '--force'],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  expect(output).toContain('demo.organiser');

  await login(page);
  await page.goto('/#/meeting_management/meeting');
  const table = page.getByTestId('meeting-table');
  await page.getByPlaceholder('搜尋會議名稱').fill('澳門醫學會周年學術大會');
  await page.keyboard.press('Enter');
  const row = table.locator('tr.mf-table-row', { hasText: '2026 澳門醫學會周年學術大會' }).first();
  await expect(row).toBeVisible();
  // The filter has applied: the other demo meeting is gone from the list.
  await expect(table.locator('tr.mf-table-row', { hasText: '香港內科醫學院' })).toHaveCount(0);
  // Sign-ups and check-ins of the demo crowd, not an empty meeting.
  const counts = await row.locator('td').allInnerTexts();
  expect(counts.some((text) => /^[1-9]\d{2}$/.test(text.trim()))).toBe(true);
  await snap(page, info, 'demo-meeting-list');
});
