import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { expectReadyOffline, importGuests, openStation } from '../../support/door.ts';
import { createPublicMeeting, expectNoHorizontalScroll, macaoPhone } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/**
 * A walk-in at a full meeting, on a 360 px phone station (issue 45): refused as full, staff admit
 * the visitor anyway, and the guest is seated past the limit, flagged over capacity.
 */
test('a phone station admits a walk-in over capacity once staff confirm', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `滿額現場 ${suffix}`,
    registrationLimit: 1,
  });
  await importGuests(api, meeting.id, 1, `Seated ${suffix}`);

  await login(page, 'zh-tw');
  await openStation(page, `滿額現場 ${suffix}（繁）`, '正門');
  await expectReadyOffline(page, 1);

  await page.getByTestId('walk-in-open').click();
  await expect(page.getByTestId('walk-in-form')).toBeVisible();
  const name = `陳大文 ${suffix}`;
  await page.getByTestId('walk-in-name').fill(name);
  await page.getByTestId('walk-in-phone').fill(macaoPhone());
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'walk-in-dialog-zh-tw');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'walk-in dialog (zh-tw, phone)');

  await page.getByTestId('walk-in-submit').click();
  const admitAnyway = page.getByTestId('walk-in-admit-anyway');
  await expect(admitAnyway).toBeVisible();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('會議名額已滿');
  await snap(page, info, 'walk-in-full-zh-tw');
  await expectAccessible(page, 'walk-in full meeting (zh-tw, phone)');
  await admitAnyway.click();
  await expect(page.getByText(`${name} 已超出名額入場`)).toBeVisible();
  await expect(page.getByTestId('walk-in-form')).toHaveCount(0);

  const list = await api.call<{
    items: { name: string; status: string; walk_in: boolean; over_capacity: boolean }[];
  }>('GET', `/meetings/${meeting.id}/guests?page=1&page_size=100`);
  expect(list.items.find((g) => g.name === name)).toMatchObject({
    status: 'checked_in',
    walk_in: true,
    over_capacity: true,
  });
});
