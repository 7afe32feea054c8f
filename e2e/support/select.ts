import { expect, type Page } from '@playwright/test';

/**
 * Picks `label` in the antd Select or TreeSelect with test id `testId`, searching for it (other
 * tests add meetings and organisations, so the wanted one may be out of view). The option list
 * re-renders while the search filters it, so the option is looked up afresh in the open dropdown,
 * by its exact title, and clicked once it is visible; the choice then shows in the select.
 */
export async function chooseOption(page: Page, testId: string, label: string) {
  const select = page.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(label);
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true });
  await expect(option).toBeVisible();
  await option.click();
  await expect(select).toContainText(label);
}
