import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import {
  addDiscountCode,
  addPrice,
  createPaidMeeting,
  emvField,
  guestOrders,
  readQrCode,
  setUpPayments,
  statementCsv,
} from '../../support/payments.ts';
import { pngImage } from '../../support/files.ts';
import { pdfPages } from '../../support/pdf.ts';
import {
  createDateScheduleMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/*
 * Issue 44 on a 360 px phone: a visitor signs up for a paid meeting in zh-tw, sees the FPS QR code
 * and the amount; the organiser imports a bank statement that pays the order; the visitor's page
 * then shows the guest code and the receipt, whose PDF names its number. The QR code is read from a
 * screenshot (zbarimg), as a banking app would read it, and must say what the API's payload says.
 * `E2E_DOCS_IMAGES=1` also writes docs/images/order-page.png.
 */

const DAY = 24 * 3_600_000;
const DESKTOP = { width: 1366, height: 820 };

async function fillGeneralForm(page: Page, phone: string) {
  await page.getByTestId('field-name').fill('陳付款');
  await page.getByTestId('field-gender-female').check();
  await page.getByTestId('field-local_guest-no').check();
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('field-email').fill('pay.chan@example.com');
  await page.getByTestId('field-institution').fill('鏡湖醫院');
  await page.getByTestId('field-contact_number').fill('28000000');
  await page.getByTestId('field-contact_phone').fill('66000000');
}

const guestToken = (page: Page, publicId: string) =>
  page.evaluate((id) => JSON.parse(localStorage.getItem(`mf_guest_${id}`) ?? 'null') as string, publicId);

test('a visitor pays by FPS: QR and amount, a bank statement pays it, the code and receipt come', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const api = await Api.login(request);
  const meeting = await createPaidMeeting(api, {
    name: '澳門醫學年會 2027',
    tickets: [
      { name: '會員', name_cn: '会员', name_en: 'Member', amount: 80000 },
      {
        name: '非會員',
        name_cn: '非会员',
        name_en: 'Non-member',
        amount: 120000,
        early_amount: 100000,
        early_until: Date.now() + 30 * DAY,
      },
    ],
  });
  const [member, nonMember] = meeting.priceIds as [number, number];
  const phone = macaoPhone();

  // The form: each ticket kind with its price, the early bird with its last day; no total until one is chosen.
  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  const tickets = page.getByTestId('ticket-choice');
  await expect(tickets).toContainText('會員');
  await expect(page.getByTestId(`price-${member}`)).toHaveText('HKD 800.00');
  await expect(page.getByTestId(`price-${nonMember}`)).toHaveText('HKD 1,000.00');
  await expect(page.getByTestId(`early-bird-${nonMember}`)).toContainText('早鳥價 HKD 1,000.00');
  await expect(page.getByTestId(`early-bird-${nonMember}`)).toContainText('其後 HKD 1,200.00');
  await expect(page.getByTestId('quote')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('hold-note')).toContainText('30 分鐘');
  await expect(page.getByTestId('pricing')).toContainText('付款方式：轉數快（FPS）、銀行轉賬');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'paid sign-up form (zh-tw)');

  // A ticket is required, and said so with the other fields.
  await fillGeneralForm(page, phone);
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-summary')).toContainText('票種: 請選擇票種');
  await expect(page.getByTestId('error-payment.price_item_id')).toHaveText('請選擇票種');

  // The total is the server's quote for the ticket chosen.
  await page.getByTestId(`ticket-${nonMember}`).check();
  await expect(page.getByTestId('quote')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('quote-lines-total')).toHaveText('HKD 1,000.00');
  await expect(page.getByTestId('quote-lines')).toContainText('早鳥');
  await snap(page, info, 'paid-sign-up-zh-tw');
  await page.getByTestId('sign-up-submit').click();

  // The guest page: no guest code yet, the order with its FPS code and amount instead.
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-status')).toHaveText('待付款');
  await expect(panel.getByTestId('order-total')).toHaveText('HKD 1,000.00');
  await expect(page.getByTestId('guest-qr')).toHaveCount(0);
  await expect(page.getByTestId('guest-name')).toHaveText('陳付款');
  await expect(page.getByTestId('hold-left')).toHaveText(/^(30:00|29:[0-5]\d)$/);
  const fps = page.getByTestId('pay-fps');
  await expect(fps.getByTestId('pay-amount')).toHaveText('1,000.00');
  const qr = fps.getByTestId('fps-qr');
  await expect(qr.locator('svg')).toBeVisible();

  const token = await guestToken(page, meeting.public_id);
  const [order] = await guestOrders(request, token);
  expect(order).toMatchObject({ status: 'pending', total: 100000 });
  const payload = order!.methods.find((m) => m.method === 'fps')?.fps_payload ?? '';
  // EMVCo tags 53 and 54: Hong Kong dollars (ISO 4217 344) and the amount; 62.05 the reference.
  expect(emvField(payload, '53')).toBe('344');
  expect(Number(emvField(payload, '54'))).toBe(1000);
  expect(emvField(emvField(payload, '62') ?? '', '05')).toBe(order!.reference);
  expect(await readQrCode(qr)).toBe(payload);
  await expect(fps.getByTestId('pay-reference')).toHaveText(order!.reference);
  await expect(page.getByTestId('pay-transfer').getByTestId('pay-account-number')).toHaveText(
    '015-123-45678-9',
  );
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'paid-order-zh-tw');
  if (process.env.E2E_DOCS_IMAGES) {
    // The page from its top to the FPS section's reference, at the phone's 360 px.
    const bottom = await fps
      .getByTestId('pay-reference')
      .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    await page.screenshot({
      path: path.resolve(import.meta.dirname, '../../../docs/images/order-page.png'),
      fullPage: true,
      scale: 'css',
      clip: { x: 0, y: 0, width: 360, height: Math.ceil(bottom) + 16 },
    });
  }
  await expectAccessible(page, 'order page (zh-tw)');
  for (const lang of ['zh-cn', 'en'] as const) {
    await pickLanguage(page, lang);
    await expectAccessible(page, `order page (${lang})`);
    await snap(page, info, `paid-order-${lang}`);
  }
  await expect(panel.getByTestId('order-status')).toHaveText('Awaiting payment');
  await pickLanguage(page, 'zh-tw');

  // The organiser, at their desk, imports the bank's statement on the orders page: the line is
  // matched by reference and amount, previewed, then applied.
  const office = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: DESKTOP });
  const back = await office.newPage();
  await login(back, 'zh-tw');
  await back.goto(`/#/meeting_management/orders?meeting=${meeting.id}`);
  await expect(back.getByTestId('orders-table')).toContainText(order!.reference);
  await expectAccessible(back, 'orders page (zh-tw)');
  await back.getByTestId('orders-import-statement').click();
  const today = new Date().toISOString().slice(0, 10);
  await back
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles(
      statementCsv([{ bookedOn: today, amount: '1,000.00', text: `FPS ${order!.reference} CHAN` }]),
    );
  await expect(back.getByTestId('statement-lines')).toContainText(order!.reference);
  await expectAccessible(back, 'statement preview (zh-tw)');
  await back.getByTestId('statement-apply').click();
  await expect(back.getByTestId('statement-result')).toBeVisible();
  await office.close();

  // Back on the page (as from the banking app): the guest code comes, and the receipt.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
  await expect(panel.getByTestId('order-status')).toHaveText('已付款');
  await expect(page.getByTestId('pay-fps')).toHaveCount(0);
  const [paid] = await guestOrders(request, token);
  expect(paid).toMatchObject({ status: 'paid' });
  const receipt = paid!.receipts.find((r) => r.kind === 'receipt')!;
  expect(receipt.number).toMatch(/^R-\d{4}-\d{6}$/);
  await expect(page.getByTestId(`receipt-${receipt.id}`)).toContainText(receipt.number);
  await expect(page.getByTestId(`receipt-${receipt.id}`)).toContainText('HKD 1,000.00');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'paid-guest-zh-tw');
  await expectAccessible(page, 'paid guest page (zh-tw)');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`receipt-download-${receipt.id}`).click(),
  ]);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await pdfPages(bytes)).join('\n');
  expect(text).toContain(receipt.number);
  expect(text).toContain('1,000.00');
});

test('keyboard only: a ticket by arrow keys, a discount code by Enter, the receipt for an institution', async ({
  page,
  request,
}) => {
  const api = await Api.login(request);
  const meeting = await createPaidMeeting(api, {
    name: `鍵盤收費 ${Date.now()}`,
    tickets: [
      { name: '會員', name_cn: '会员', name_en: 'Member', amount: 80000 },
      { name: '學生', name_cn: '学生', name_en: 'Student', amount: 30000 },
    ],
  });
  await addDiscountCode(api, meeting.id, { code: 'SPONSOR50', kind: 'percent', value: 50 });
  const [member, student] = meeting.priceIds as [number, number];

  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await pickLanguage(page, 'en');
  await fillGeneralForm(page, macaoPhone());

  // The ticket group is one tab stop; the arrow keys move between its kinds.
  await page.getByTestId('field-contact_phone').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId(`ticket-${member}`)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('quote-lines-total')).toHaveText('HKD 800.00');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId(`ticket-${student}`)).toBeChecked();
  await expect(page.getByTestId('quote-lines-total')).toHaveText('HKD 300.00');

  // A wrong code is said under the field; Enter checks it without sending the form.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('field-discount-code')).toBeFocused();
  await page.keyboard.type('nope-10');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('discount-status')).toHaveAttribute('data-state', 'refused');
  await expect(page.getByTestId('discount-status')).toContainText('not valid');
  await expect(page).toHaveURL(/#\/sign-up\//);
  await expect(page.getByTestId('quote-lines-total')).toHaveText('HKD 300.00');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('sponsor50');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('discount-status')).toHaveText('Code SPONSOR50 applied: HKD 150.00 off');
  await expect(page.getByTestId('quote-lines-total')).toHaveText('HKD 150.00');
  await expect(page.getByTestId('quote-lines-discount')).toHaveText('−HKD 150.00');

  // The receipt for the institution: its name comes from the form, and can be changed.
  await page.getByTestId('field-payment.payer_kind-institution').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('field-payment.payer_institution')).toHaveValue('鏡湖醫院');
  await page.getByTestId('field-payment.payer_institution').fill('');
  await page.getByTestId('sign-up-submit').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('error-summary')).toContainText(
    'Institution name: Please enter the institution the receipt is for',
  );
  await page.getByTestId('field-payment.payer_institution').fill('Kiang Wu Hospital');
  await expectAccessible(page, 'paid sign-up form with a code (en)');
  await page.getByTestId('sign-up-submit').focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-total')).toHaveText('HKD 150.00');
  await expect(panel.getByTestId('order-payer')).toHaveText('Receipt made out to: Kiang Wu Hospital');
  const [order] = await guestOrders(request, await guestToken(page, meeting.public_id));
  expect(order).toMatchObject({ total: 15000, status: 'pending', payer_kind: 'institution' });

  // Before paying, the receipt can be made out to the guest instead: the form opens on its first
  // choice, and Save is reached by Tab.
  await panel.getByTestId('order-payer-change').focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('field-order_payer_kind-guest')).toBeFocused();
  await expectAccessible(page, 'changing who the receipt is for (en)');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(panel.getByTestId('order-payer-save')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('order-payer')).toHaveText('Receipt made out to: Myself');
  await expect(panel.getByTestId('order-payer-change')).toBeFocused();
  const [changed] = await guestOrders(request, await guestToken(page, meeting.public_id));
  expect(changed).toMatchObject({ payer_kind: 'guest', payer_institution: '' });

  // The reference's copy button is reached and pressed from the keyboard.
  const copy = page.getByTestId('pay-transfer').getByTestId('pay-reference-copy');
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pay-transfer').locator('.mf-pay-copy-status').last()).not.toBeEmpty();

  // A proof of the transfer: an image, sent with its progress; the order then says it has one.
  await page.getByTestId('proof-file').setInputFiles({
    name: 'transfer.png',
    mimeType: 'image/png',
    buffer: pngImage(320, 200),
  });
  await expect(page.getByTestId('proof-done')).toHaveText(/Proof received/);
  const [proved] = await guestOrders(request, await guestToken(page, meeting.public_id));
  expect(proved).toMatchObject({ proof_uploaded: true, status: 'pending' });
  await expectAccessible(page, 'order page with a discount (en)');
});

test('a date-schedule meeting in English: fees per registration type and priced session, quoted as ticked', async ({
  page,
  request,
}) => {
  const api = await Api.login(request);
  const { meeting, sessions, doctor } = await createDateScheduleMeeting(api, `Paid dated ${Date.now()}`);
  await setUpPayments(api, meeting.id, { methods: ['transfer'] });
  await addPrice(api, meeting.id, { user_type_id: doctor, amount: 80000 });
  await addPrice(api, meeting.id, { item_type: 'session', schedule_id: sessions.b, amount: 30000 });

  // Step 1: every type's fee and every priced session's, before the visitor picks.
  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('fees-registration')).toContainText(/Doctor\s*HKD 800\.00/);
  await expect(page.getByTestId('fees-sessions')).toContainText(/Workshop on imaging\s*HKD 300\.00/);
  await expect(page.getByTestId('fee-list')).toContainText('Ways to pay: Bank transfer');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'paid date-schedule form, step 1 (en)');
  await page.getByTestId('field-name_zh').fill('na');
  await page.getByTestId('field-name_en').fill('Alex Wong');
  await page.getByTestId('field-area_code').selectOption('852');
  await page.getByTestId('field-phone').fill(`94${String(Date.now()).slice(-6)}`);
  await page.getByTestId('field-email').fill('alex@example.com');
  await page.getByTestId('field-user_type_id').selectOption({ label: 'Doctor · HKD 800.00' });
  await page.getByTestId('field-license_number').fill('NA');
  await page.getByTestId('sign-up-next').click();

  // Step 2: the workshop's fee on its row; the total follows the sessions ticked.
  await expect(page.getByTestId(`session-price-${sessions.b}`)).toHaveText('HKD 300.00');
  await expect(page.getByTestId(`session-price-${sessions.a}`)).toHaveCount(0);
  await page.getByTestId(`session-option-${sessions.a}`).check();
  await expect(page.getByTestId('quote-lines-total')).toHaveText('HKD 800.00');
  await page.getByTestId(`session-option-${sessions.b}`).check();
  await expect(page.getByTestId('quote-lines-total')).toHaveText('HKD 1,100.00');
  await expect(page.getByTestId('quote-lines')).toContainText('Workshop on imaging');
  await expectAccessible(page, 'paid date-schedule form, step 2 (en)');
  await page.getByTestId('sign-up-submit').click();
  await page.getByTestId('confirm-ok').click();

  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-total')).toHaveText('HKD 1,100.00');
  await expect(panel.getByTestId('pay-fps')).toHaveCount(0);
  await expect(panel.getByTestId('pay-transfer')).toBeVisible();
  await expect(page.getByTestId('guest-qr')).toHaveCount(0);
  await expectAccessible(page, 'order page of a date-schedule meeting (en)');
});
