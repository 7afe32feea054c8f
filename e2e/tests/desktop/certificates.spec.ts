import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { pdfPages } from '../../support/pdf.ts';
import { createPublicMeeting, signUpGuestCode } from '../../support/public-meetings.ts';
import { login, snap, switchLanguage } from '../../support/session.ts';

/*
 * Issue 18 in the back office: an organiser sets the credits, edits the certificate's template and
 * looks at its preview (a rendered PDF page), issues the certificates of those who came, and prints
 * name badges on an A4 sheet of 2×4 labels.
 */

test('an organiser edits the template, previews it, issues certificates and prints a badge sheet', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `CME ${Date.now()}`,
    runningNow: true,
  });
  const names = Array.from({ length: 10 }, (_, n) => `Badge Guest ${String.fromCharCode(65 + n)}`);
  const codes: string[] = [];
  for (const name of names) codes.push(await signUpGuestCode(request, meeting.public_id, name));
  // Nine came through the door; the last did not.
  for (const code of codes.slice(0, 9)) {
    await api.call('POST', '/attendance/scans', {
      meeting_id: meeting.id,
      schedule_id: null,
      guest_code: code,
      direction: 'in',
      station: 'Gate A',
      nonce: randomUUID(),
    });
  }

  await login(page);
  await page.goto(`/#/meeting_management/certificates?meeting=${meeting.id}`);
  await expect(page.getByTestId('certificate-count-guests')).toContainText('10');
  await expect(page.getByTestId('certificate-count-earned')).toContainText('9');

  // The rule: 3 credits for the meeting.
  await page.getByRole('tab', { name: '規則與學分' }).click();
  await page.getByTestId('certificate-meeting-credits').fill('3');
  await page.getByTestId('certificate-rule-save').click();
  await expect(page.locator('.ant-message')).toContainText('已儲存');

  // The template: a new title, previewed as a rendered PDF page, then saved.
  await page.getByRole('tab', { name: '證書模板' }).click();
  await page.getByTestId('certificate-block-0-text').fill('出席證明書（醫學進修）');
  await page.getByTestId('certificate-preview-run').click();
  await expect(page.getByTestId('certificate-preview').locator('canvas')).toBeVisible();
  await snap(page, info, 'certificate-template-preview-zh-tw');
  await page.getByTestId('certificate-template-save').click();
  await expect(page.locator('.ant-message')).toContainText('已儲存');

  // Issue to everyone who earned one.
  await page.getByRole('tab', { name: '證書', exact: true }).click();
  await page.getByTestId('certificate-issue-all').click();
  await page.getByTestId('certificate-issue-all-confirm').click();
  await expect(page.getByTestId('certificate-count-issued')).toContainText('9');
  await page.mouse.move(0, 0);
  await snap(page, info, 'certificate-list-zh-tw');
  await expectAccessible(page, 'certificate list');

  // The certificate carries the edited title and the credits.
  const list = await api.call<{ items: { guest_id: number; state: string }[] }>(
    'GET',
    `/meetings/${meeting.id}/certificates?state=issued`,
  );
  expect(list.items).toHaveLength(9);
  const [text] = await pdfPages(
    await api.bytes(`/meetings/${meeting.id}/certificates/${list.items[0]!.guest_id}/pdf`),
  );
  expect(text).toContain('出席證明書（醫學進修）');
  expect(text).toContain('Credits: 3');

  // Badges: ten guests on 2×4 sheets are two pages, eight and two.
  await switchLanguage(page, 'en');
  await page.getByRole('tab', { name: 'Badges' }).click();
  await page.getByTestId('badge-layout-a4_2x4').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('badge-download').click(),
  ]);
  const pages = await pdfPages(fs.readFileSync((await download.path())!));
  expect(pages).toHaveLength(2);
  const count = (text: string) => names.filter((name) => text.includes(name)).length;
  expect(pages.map(count)).toEqual([8, 2]);
  // The button is back from "Exporting", and not under the pointer (loading and hover colours are
  // lighter, passing states), before the page is checked.
  await expect(page.getByTestId('badge-download')).not.toHaveClass(/ant-btn-loading/);
  await page.mouse.move(0, 0);
  await snap(page, info, 'certificate-badges-en');
  await expectAccessible(page, 'badges tab');
});
