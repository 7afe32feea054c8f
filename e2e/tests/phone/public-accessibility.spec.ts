import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import {
  createDateScheduleMeeting,
  createPublicMeeting,
  macaoPhone,
  publicSignUp,
} from '../../support/public-meetings.ts';

/*
 * axe-core over every visitor page on the phone viewport (issue 4): no serious or critical
 * violations, in the states a visitor meets (empty form, form with errors, guest code, sessions,
 * closed, missing meeting, PDF pages).
 */

async function expectAccessible(page: Page, state: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target).join(', ')}`,
    );
  expect(blocking, `${state}: ${blocking.join('; ')}`).toEqual([]);
}

test('sign-up, check-in and guest pages have no serious accessibility violations', async ({
  page,
  request,
}) => {
  const api = await Api.login(request);
  const general = await createPublicMeeting(api, { type: 'general', name: `無障礙 ${Date.now()}` });

  await page.goto(`/#/sign-up/${general.public_id}`);
  await expect(page.getByTestId('sign-up-form')).toBeVisible();
  await expectAccessible(page, 'general sign-up');
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-summary')).toBeVisible();
  await expectAccessible(page, 'general sign-up with errors');

  await page.goto(`/#/check-in/${general.public_id}`);
  await expect(page.getByTestId('check-in-submit')).toBeVisible();
  await expectAccessible(page, 'check-in');

  const phone = macaoPhone();
  await publicSignUp(request, general.public_id, {
    meeting_type: 'general',
    name: 'Axe Guest',
    gender: 'female',
    local_guest: false,
    area_code: '853',
    phone,
    email: 'axe@example.com',
    contact_number: '28000000',
    contact_phone: '66000000',
  });
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('check-in-submit').click();
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
  await expectAccessible(page, 'guest code');

  const { meeting } = await createDateScheduleMeeting(api, `Axe dated ${Date.now()}`);
  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.getByTestId('sign-up-form')).toBeVisible();
  await expectAccessible(page, 'date-schedule sign-up (en)');
});

test('closed, missing and PDF pages have no serious accessibility violations', async ({ page, request }) => {
  const api = await Api.login(request);
  const closed = await createPublicMeeting(api, {
    type: 'general',
    name: `已關閉 ${Date.now()}`,
    signupEnabled: false,
    schedulePdf: true,
    guidePdf: true,
  });

  await page.goto(`/#/sign-up/${closed.public_id}`);
  await expect(page.getByTestId('sign-up-closed')).toBeVisible();
  await expectAccessible(page, 'closed sign-up');

  await page.goto('/#/sign-up/no-such-meeting-id');
  await expect(page.getByTestId('public-no-meeting')).toBeVisible();
  await expectAccessible(page, 'missing meeting');

  for (const kind of ['schedule', 'guide'] as const) {
    await page.goto(`/#/${kind}/${closed.public_id}`);
    await expect(page.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true');
    await expectAccessible(page, `${kind} PDF`);
  }
});
