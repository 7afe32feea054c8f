import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { openStation, scanWithGun } from '../../support/door.ts';
import { createPublicMeeting, macaoPhone } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/**
 * Paid registration at the door (issue 44): a guest who signed up for a paid meeting and has not
 * paid is refused as "unpaid" with the amount due; door staff take the amount in cash at the desk,
 * and the same code then admits the guest.
 */
const PASSWORD = 'Door-pay-pass-1';

test('door staff see an unpaid guest, take cash at the desk, and the scan admits them', async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `現場收款 ${suffix}` });
  const { organization_id: org } = await api.call<{ organization_id: number }>(
    'GET',
    `/meetings/${meeting.id}`,
  );

  // The organiser's setup: an HKD meeting paid by FPS, transfer or at the desk, one ticket.
  await api.call('PUT', `/organizations/${org}/payment-account`, {
    fps_proxy_type: 'fps_id',
    fps_proxy: '1234567',
    merchant_name: 'Macao Medical Assoc',
    merchant_city: 'Hong Kong',
    bank_name: 'Bank of East Asia',
    bank_account_name: 'Macao Medical Association',
    bank_account_number: '015-123-45678-9',
    receipt_issuer: { 'zh-tw': '澳門醫學會', 'zh-cn': '澳门医学会', en: 'Macao Medical Association' },
  });
  await api.call('PUT', `/meetings/${meeting.id}/payment-settings`, {
    currency: 'HKD',
    hold_minutes: 120,
    methods: ['fps', 'transfer', 'desk'],
    transfer_note: { 'zh-tw': '', 'zh-cn': '', en: '' },
  });
  const ticket = await api.call<{ id: number }>('POST', `/meetings/${meeting.id}/prices`, {
    item_type: 'registration',
    user_type_id: null,
    schedule_id: null,
    name: '會員',
    name_cn: '会员',
    name_en: 'Member',
    amount: 1_500_00,
    early_amount: null,
    early_until: null,
    sort: 0,
  });

  // Door staff of the meeting's organisation: they scan and may take payments (payment:desk).
  const roles = await api.call<{ id: number; code: string }[]>('GET', '/roles');
  const account = `desk${suffix}`;
  await api.call('POST', '/users', {
    account,
    name: '登記處職員',
    role_id: roles.find((r) => r.code === 'door_staff')!.id,
    organization_id: org,
    password: PASSWORD,
  });

  // A guest signs up and holds a seat unpaid: their page shows no code until paid.
  const signUp = await request.post(`/api/public/meetings/${meeting.public_id}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name: 'Carmen Lei',
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone: macaoPhone(),
      email: `carmen${suffix}@example.com`,
      institution: 'Kiang Wu Hospital',
      job_title: 'Nurse',
      contact_name: 'Desk',
      contact_number: '28000000',
      contact_phone: '66999999',
      payment: { price_item_id: ticket.id },
    },
  });
  const signed = (await signUp.json()) as {
    code: number;
    message: string;
    data: { guest_token: string; guest: { guest_code: string | null; unpaid: boolean } };
  };
  expect(signed.code, signed.message).toBe(0);
  expect(signed.data.guest).toMatchObject({ guest_code: null, unpaid: true });
  const list = await api.call<{ items: { id: number; guest_code: string }[] }>(
    'GET',
    `/meetings/${meeting.id}/guests?page=1&page_size=10`,
  );
  expect(list.items).toHaveLength(1);
  const { id: guestId, guest_code: code } = list.items[0]!;

  await login(page, 'zh-tw', { account, password: PASSWORD });
  await openStation(page, `現場收款 ${suffix}（繁）`, '登記處');
  await expect(page.getByTestId('station-copy')).toHaveAttribute('data-count', '1', { timeout: 20_000 });

  // The scan refuses the guest, plainly as unpaid, with what is due.
  await scanWithGun(page, code);
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-tone', 'refused');
  await expect(page.getByTestId('scan-result-headline')).toHaveText('未付款');
  await expect(page.getByTestId('scan-result-name')).toHaveText('Carmen Lei');
  await expect(page.getByTestId('scan-result-reason')).toHaveText('此嘉賓尚未付款');
  await expect(page.getByTestId('scan-result-due')).toHaveText('應付金額：HKD 1,500.00');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'unpaid guest at the door (zh-tw)');
  await snap(page, info, 'door-unpaid-zh-tw');

  // The desk takes the whole amount in cash.
  await page.getByTestId('scan-take-payment').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('desk-amount')).toHaveText('HKD 1,500.00');
  await expect(dialog.getByRole('radio', { name: '現金' })).toBeChecked();
  await expectAccessible(page, 'desk payment dialog (zh-tw)');
  await snap(page, info, 'door-desk-payment-zh-tw');
  await page.getByTestId('desk-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('已收款 HKD 1,500.00')).toBeVisible();

  // Paid: the same code is scanned again and admits the guest.
  await expect(result).toHaveAttribute('data-tone', 'success');
  await expect(page.getByTestId('scan-result-name')).toHaveText('Carmen Lei');
  await expect(page.getByTestId('scan-result-unpaid')).toHaveCount(0);
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await snap(page, info, 'door-paid-admitted-zh-tw');

  // The server has the payment, the entry and the guest's code released.
  const records = await api.call<{ items: { guest_id: number; type: string; station: string }[] }>(
    'GET',
    `/attendance/records?meeting_id=${meeting.id}`,
  );
  expect(records.items).toEqual([
    expect.objectContaining({ guest_id: guestId, type: 'in', station: '登記處' }),
  ]);
  const own = await request.get('/api/public/guest', {
    headers: { 'X-Guest-Token': signed.data.guest_token },
  });
  const mine = (await own.json()) as { data: { guest_code: string | null; unpaid: boolean } };
  expect(mine.data).toMatchObject({ guest_code: code, unpaid: false });
  const logs = await api.call<{ items: { content: string }[] }>(
    'GET',
    `/system-logs?page=1&page_size=20&username=${account}`,
  );
  expect(logs.items.map((l) => l.content).join('\n')).toMatch(/HKD 1,500\.00.*cash/);
});
