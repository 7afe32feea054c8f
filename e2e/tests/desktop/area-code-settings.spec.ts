import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { login, snap } from '../../support/session.ts';

/*
 * Issue 39: the back office sets the area code the visitor forms start at, on the organisation
 * (its region) and per meeting (the display settings' default area code).
 */

async function pickInSelect(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByTestId(testId)).toContainText(label);
}

test("an administrator sets an organisation's region and a meeting's own area code", async ({
  page,
  request,
}, info) => {
  // Login, two pages and two axe runs: over a minute on a busy machine.
  test.setTimeout(120_000);
  const api = await Api.login(request);
  const name = `區號設定 ${Date.now()}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  const { organization_id: orgId } = await api.call<{ organization_id: number }>(
    'GET',
    `/meetings/${meeting.id}`,
  );
  const regionOf = async () =>
    (await api.call<{ id: number; region: string | null }[]>('GET', '/organizations')).find(
      (o) => o.id === orgId,
    )?.region;
  const areaCodeServed = async () =>
    (
      (await (await request.get(`/api/public/meetings/${meeting.public_id}`)).json()) as {
        data: { default_area_code: string | null };
      }
    ).data.default_area_code;

  await login(page, 'en');
  await page.goto('/#/system_setting/organization');
  const node = page.locator(`[data-testid="org-node"][data-id="${orgId}"]`);
  await node.scrollIntoViewIfNeeded();
  await node.getByTestId('org-edit').click();
  await pickInSelect(page, 'org-form-region', 'Macao +853');
  await expectAccessible(page, 'organisation dialog with its region');
  await snap(page, info, 'organisation-region');
  await page.getByTestId('org-form-submit').click();
  await expect(page.getByTestId('org-form-name')).toBeHidden();
  await expect.poll(regionOf).toBe('MO');
  expect(await areaCodeServed()).toBe('853');

  // The meeting's own default area code, in its display settings.
  await page.goto('/#/meeting_management/meeting');
  const row = page.getByTestId('meeting-table').locator('tr', { hasText: `${name} (EN)` });
  await (await meetingAction(page, row, 'meeting-display-button')).click();
  await expect(page.getByTestId('display-default-area-code')).toContainText("As the organisation's region");
  await pickInSelect(page, 'display-default-area-code', 'Hong Kong +852');
  await expectAccessible(page, 'display settings with a default area code');
  await page.getByTestId('display-save').click();
  await expect.poll(areaCodeServed).toBe('852');
});
