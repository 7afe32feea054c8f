import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPaidMeeting } from '../../support/payments.ts';
import { macaoPhone } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap } from '../../support/session.ts';
import { flowLanguages } from '../../support/languages.ts';

/*
 * Issue 44 in the back office: an organiser lists a paid meeting's orders, filters them by status
 * and name, marks one paid by hand (the receipt appears in the order), and reconciles the others
 * with a bank statement: the preview says what each line would do, and only the confirmation pays.
 * In zh-tw (and English with E2E_EVERY_LANGUAGE=1); screenshots of the list and the preview at 1366 and 360 px.
 */

interface OrderSeen {
  id: number;
  reference: string;
  guest_name: string;
  status: string;
}

const TEXT = {
  'zh-tw': {
    unpaid: '未付款',
    paid: '已付款',
    matched: '將入帳',
    already: '早前已入帳',
    differs: '金額不符',
    unmatched: '找不到訂單',
    applied: '已入帳 1 筆，略過 3 筆',
    cancelled: '已取消',
  },
  en: {
    unpaid: 'Unpaid',
    paid: 'Paid',
    matched: 'To record',
    already: 'Recorded before',
    differs: 'Amount differs',
    unmatched: 'No order',
    applied: '1 recorded, 3 skipped',
    cancelled: 'Cancelled',
  },
} as const;

async function signUpPaid(request: APIRequestContext, publicId: string, name: string, priceId: number) {
  const response = await request.post(`/api/public/meetings/${publicId}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name,
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone: macaoPhone(),
      email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
      institution: 'Kiang Wu Hospital',
      job_title: 'Nurse',
      contact_name: 'Desk',
      contact_number: '28000000',
      contact_phone: '66999999',
      payment: { price_item_id: priceId },
    },
  });
  const body = (await response.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(0);
}

/** Snaps the page on a 360 px screen too, and goes back to the desktop width. */
async function snapBoth(page: Page, info: TestInfo, name: string) {
  await snap(page, info, `${name}-1366`);
  await page.setViewportSize({ width: 360, height: 740 });
  await snap(page, info, `${name}-360`);
  await page.setViewportSize({ width: 1366, height: 820 });
}

for (const lang of flowLanguages('zh-tw', 'en')) {
  test(`an organiser filters orders, marks one paid and pays others by bank statement (${lang})`, async ({
    page,
    request,
  }, info) => {
    const text = TEXT[lang];
    const api = await Api.login(request);
    const meeting = await createPaidMeeting(api, {
      name: `收費會議 ${lang} ${Date.now()}`,
      tickets: [
        { name: '會員', name_cn: '会员', name_en: 'Member', amount: 80000 },
        { name: '非會員', name_cn: '非会员', name_en: 'Non-member', amount: 120050 },
      ],
    });
    const [member, nonMember] = meeting.priceIds as [number, number];
    await signUpPaid(request, meeting.public_id, 'Alice Chan', member);
    await signUpPaid(request, meeting.public_id, 'Bob Wong', nonMember);
    await signUpPaid(request, meeting.public_id, 'Carol Ho', nonMember);
    const listed = await api.call<{ items: OrderSeen[] }>('GET', `/meetings/${meeting.id}/orders`);
    const order = (name: string) => listed.items.find((o) => o.guest_name === name)!;
    const [alice, bob, carol] = [order('Alice Chan'), order('Bob Wong'), order('Carol Ho')];

    await login(page, lang);
    await page.goto(`/#/meeting_management/orders?meeting=${meeting.id}`);
    const table = page.getByTestId('orders-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
    await expect(page.getByTestId(`order-status-${alice.id}`)).toHaveText(text.unpaid);
    await expect(table).toContainText('HKD 1,200.50');
    await expectAccessible(page, `orders (${lang})`);
    await snapBoth(page, info, `orders-${lang}`);

    // Filters: none paid yet; a name finds its order.
    await page.getByTestId('orders-filter-paid').click();
    await expect(table).not.toContainText(alice.reference);
    await page.getByTestId('orders-filter-pending').click();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
    await page.getByTestId('orders-search').locator('input').fill('bob');
    await page.getByTestId('orders-search').locator('input').press('Enter');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table).toContainText(bob.reference);
    await page.getByTestId('orders-search').locator('input').fill('');
    await page.getByTestId('orders-search').locator('input').press('Enter');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);

    // Alice paid by transfer: marked by hand, the amount prefilled; her receipt follows.
    await page.getByTestId(`order-open-${alice.reference}`).click();
    const drawer = page.getByTestId('order-detail');
    await expect(drawer).toContainText(alice.reference);
    await expectAccessible(page, `order drawer (${lang})`);
    await page.getByTestId('order-mark-paid').click();
    await expect(page.getByTestId('mark-paid-amount')).toHaveValue('800.00');
    await page.getByTestId('mark-paid-note').fill('HSBC 30/11');
    await expectAccessible(page, `mark paid dialog (${lang})`);
    await page.getByTestId('mark-paid-submit').click();
    await expect(drawer.getByTestId(`order-status-${alice.id}`)).toHaveText(text.paid);
    await expect(drawer).toContainText(/R-\d{4}-\d{6}/);
    await expect(drawer.getByTestId('order-payment')).toContainText('HSBC 30/11');
    await snap(page, info, `order-drawer-${lang}`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The bank statement: Bob's transfer matches, Alice's is paid already, Carol's amount differs,
    // and a cheque names no order. Nothing is paid before the confirmation.
    const csv = [
      '交易日期,摘要,存入金額,結餘',
      `2026-11-30,FPS ${alice.reference} ALICE,800.00,"10,800.00"`,
      `2026-11-30,TRANSFER ${bob.reference.toLowerCase()} BOB WONG,"1,200.50","12,000.50"`,
      `2026-12-01,FPS ${carol.reference},"1,000.00","13,000.50"`,
      '2026-12-01,CHEQUE 000123,"2,500.00","15,500.50"',
    ].join('\r\n');
    await page.getByTestId('orders-import-statement').click();
    await expectAccessible(page, `statement upload (${lang})`);
    await page
      .getByTestId('statement-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const lines = page.getByTestId('statement-lines');
    await expect(lines.getByTestId('statement-outcome-2')).toHaveText(text.already);
    await expect(lines.getByTestId('statement-outcome-3')).toHaveText(text.matched);
    await expect(lines.getByTestId('statement-outcome-4')).toHaveText(text.differs);
    await expect(lines.getByTestId('statement-outcome-5')).toHaveText(text.unmatched);
    await expect(lines).toContainText('Bob Wong');
    await expectAccessible(page, `statement preview (${lang})`);
    await snapBoth(page, info, `statement-preview-${lang}`);
    const before = await api.call<{ items: OrderSeen[] }>(
      'GET',
      `/meetings/${meeting.id}/orders?status=paid`,
    );
    expect(before.items.map((o) => o.guest_name)).toEqual(['Alice Chan']);

    await page.getByTestId('statement-apply').click();
    await expect(page.getByTestId('statement-result')).toContainText(text.applied);
    await page.getByTestId('statement-close').click();

    // Carol's transfer was short: the organiser cancels her order after a confirmation.
    await page.getByTestId(`order-open-${carol.reference}`).click();
    await page.getByTestId('order-cancel').click();
    await expectAccessible(page, `cancel confirmation (${lang})`);
    await page.getByTestId('order-cancel-confirm').click();
    await expect(drawer.getByTestId(`order-status-${carol.id}`)).toHaveText(text.cancelled);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByTestId('orders-filter-paid').click();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(table).toContainText(bob.reference);
    await expect(table).not.toContainText(carol.reference);
    await expectAccessible(page, `paid orders (${lang})`);

    // The accountant's file downloads.
    const download = page.waitForEvent('download');
    await page.getByTestId('orders-export').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    // The dashboard's revenue: Alice's 800.00 and Bob's 1,200.50 received, nothing awaited.
    const meetingLabel = (await page.getByTestId('orders-meeting').innerText()).trim();
    await page.goto('/#/dashboard');
    await chooseOption(page, 'dashboard-meeting', meetingLabel);
    const revenue = page.getByTestId('revenue-HKD');
    await expect(revenue).toContainText('HKD 2,000.50');
    await expect(revenue).toContainText('HKD 0.00');
    await expectAccessible(page, `dashboard with revenue (${lang})`);
    await snap(page, info, `dashboard-revenue-${lang}`);
  });
}
