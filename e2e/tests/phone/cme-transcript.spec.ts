import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { cmeCodeIn, seedCmeRecord } from '../../support/cme.ts';
import { waitForMail } from '../../support/mail.ts';
import { pdfPages } from '../../support/pdf.ts';
import { expectNoHorizontalScroll, pickLanguage } from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * Issue 43 on a 360 px phone, in simplified Chinese: a doctor asks for their CME record with their
 * e-mail, gets the code by mail, mistypes it once, then sees both meetings and downloads the PDF.
 */

test('a doctor gets a code by mail, reads their CME record and downloads it as PDF', async ({
  page,
  request,
}, info) => {
  // Two meetings seeded and a mail waited for, on a shared machine.
  test.setTimeout(120_000);
  const api = await Api.login(request);
  const seed = await seedCmeRecord(api, request, 'phone');
  await api.call('POST', `/organizations/${seed.organizationId}/cme/link`, {});

  // Reached from the certificate verification page.
  await page.goto('/#/verify');
  await page.getByTestId('verify-cme-link').click();
  await expect(page).toHaveURL(/#\/cme$/);
  await pickLanguage(page, 'zh-cn');
  await expect(page.getByTestId('page-title')).toHaveText('我的 CME 学分记录');

  // Nothing typed: said at the field, in the page language.
  await page.getByTestId('cme-send-code').click();
  await expect(page.getByTestId('error-email')).toHaveText('请输入电邮地址');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'cme-email-zh-cn');
  await expectAccessible(page, 'CME page, e-mail step');

  await page.getByTestId('field-email').fill(seed.doctor.email);
  await page.getByTestId('cme-send-code').click();
  await expect(page.getByTestId('cme-code-sent')).toContainText(seed.doctor.email);
  await expect(page.getByTestId('field-code')).toBeFocused();
  // The code mail (the sign-ups' confirmations go to the same address), in the page's language.
  const mail = await waitForMail(seed.doctor.email, (m) => /学分记录验证码/.test(m.subject ?? ''));
  const code = cmeCodeIn(mail.subject ?? '');

  // A wrong code first: refused at the field.
  await page.getByTestId('field-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('cme-verify').click();
  await expect(page.getByTestId('error-code')).toContainText('验证码');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'cme-code-wrong-zh-cn');
  await expectAccessible(page, 'CME page, wrong code');

  // The right one: both meetings, their credits and the total.
  await page.getByTestId('field-code').fill(code);
  await page.getByTestId('cme-verify').click();
  const card = page.locator(`[data-testid="cme-transcript"][data-organization="${seed.organizationId}"]`);
  await expect(card.getByTestId('cme-entries').locator('tbody tr')).toHaveCount(2);
  await expect(card.getByTestId('cme-total')).toHaveText(String(seed.doctorCredits));
  await expect(card).toContainText(`${seed.meetings[0]!.name}（简）`);
  // The token stays out of the address.
  await expect(page).toHaveURL(/#\/cme$/);
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'cme-records-zh-cn');
  await expectAccessible(page, 'CME page, records');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByTestId('cme-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await pdfPages(bytes)).join('\n')).toContain(seed.doctor.name);
  await expect(card.getByTestId('cme-downloaded')).toHaveText('已下载学分记录');

  // The other two languages, for the record.
  await pickLanguage(page, 'en');
  await expect(card.getByTestId('cme-download')).toHaveText('Download PDF');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'cme-records-en');
  await pickLanguage(page, 'zh-tw');
  await expect(card.getByTestId('cme-download')).toHaveText('下載 PDF');
  await snap(page, info, 'cme-records-zh-tw');
  await expectAccessible(page, 'CME page, records (zh-tw)');

  // Done: the page forgets the record and the token.
  await page.getByTestId('cme-done').click();
  await expect(page.getByTestId('cme-records')).toHaveCount(0);
  await expect(page.getByTestId('field-email')).toHaveValue(seed.doctor.email);
});
