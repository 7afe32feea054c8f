import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A meeting row's action by its test id: the button in the row, or else the entry of the row's
 * More menu, which this opens first.
 */
export async function meetingAction(page: Page, row: Locator, testId: string): Promise<Locator> {
  const inRow = row.getByTestId(testId);
  if ((await inRow.count()) > 0) return inRow;
  await row.getByTestId('meeting-more-button').click();
  const entry = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(testId);
  await expect(entry).toBeVisible();
  return entry;
}
