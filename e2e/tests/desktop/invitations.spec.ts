import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { Invitation } from '@meetflow/shared/schemas/invitations';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPublicMeeting, signUpGuestCode } from '../../support/public-meetings.ts';
import { mailsTo, waitForMail } from '../../support/mail.ts';
import { login, pageTitle, snap, switchLanguage } from '../../support/session.ts';

/*
 * A meeting's invitations (issue 45), as its organiser handles them: seats reserved for invitees
 * (and a reservation refused with the figures), a generated code and a typed one, a switch, a delete
 * confirmed first, a list of invitees pasted and mailed their personal links, one sent again. axe runs
 * on the page and the drawers; screenshots at 1366 and 360 px in zh-tw and en.
 */

async function accessible(page: Page, state: string) {
  await page.mouse.move(0, 0);
  await expectAccessible(page, state);
}

async function shots(page: Page, info: TestInfo, name: string) {
  const size = page.viewportSize()!;
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 1400 });
    await page.mouse.move(0, 0);
    await snap(page, info, `${name}-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(size);
}

const toast = (page: Page, text: string) => expect(page.locator('.ant-message')).toContainText(text);

test('an organiser reserves invitee seats and manages invitation codes, in two languages', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const admin = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(admin, {
    type: 'general',
    name: `邀請年會 ${suffix}`,
    registrationLimit: 10,
  });
  const { organization_id: orgId } = await admin.call<{ organization_id: number }>(
    'GET',
    `/meetings/${meeting.id}`,
  );
  const roles = await admin.call<{ id: number; code: string | null }[]>('GET', '/roles');
  const organiser = { account: `invite_${suffix}`, password: 'E2e-invite-pass-1' };
  await admin.call('POST', '/users', {
    ...organiser,
    name: organiser.account,
    role_id: roles.find((r) => r.code === 'organiser')!.id,
    organization_id: orgId,
  });
  // Seven public guests: three seats are left.
  for (let i = 0; i < 7; i++) await signUpGuestCode(request, meeting.public_id, `Guest ${i}`);

  await login(page, 'zh-tw', organiser);
  await page.goto(`/#/meeting_management/invitations?meeting=${meeting.id}`);
  await expect(pageTitle(page)).toHaveText('邀請');
  await expect(page.getByTestId('invitation-table')).toContainText('尚未建立邀請碼');
  await expect(page.getByTestId('seats-public')).toHaveText('3');
  await accessible(page, 'invitations, none yet');

  // Four do not fit: the refusal says how many would.
  await page.getByTestId('invitee-reserved').fill('4');
  await page.getByTestId('invitee-reserved-save').click();
  await expect(page.getByTestId('seats-refused')).toContainText('最多只能保留 3 個名額');
  await page.getByTestId('invitee-reserved').fill('3');
  await page.getByTestId('invitee-reserved-save').click();
  await toast(page, '已更新保留名額');
  await expect(page.getByTestId('seats-reserved')).toHaveText('3');
  await expect(page.getByTestId('seats-public')).toHaveText('0');

  // A generated code for three invitees.
  await page.getByTestId('invitation-add').click();
  await expect(page.getByTestId('invitation-drawer')).toBeVisible();
  await page.getByTestId('invitation-uses').fill('3');
  await accessible(page, 'invitation drawer');
  await page.getByTestId('invitation-save').click();
  await toast(page, '已儲存邀請碼');
  await expect(page.getByTestId('invitation-usage')).toHaveText('0 / 3');
  const [generated] = await admin.call<Invitation[]>('GET', `/meetings/${meeting.id}/invitations`);
  expect(generated!.code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{10}$/);
  await expect(page.getByTestId('invitation-code')).toHaveText(generated!.code);

  // A typed one that passes the limit, then deleted after confirming.
  await page.getByTestId('invitation-add').click();
  await page.getByTestId('invitation-code-input').fill('vip-guests');
  await page.getByTestId('invitation-seats').getByText('不受人數上限').click();
  await page.getByTestId('invitation-save').click();
  await toast(page, '已儲存邀請碼');
  const vipRow = page.getByTestId('invitation-table').locator('tr.ant-table-row', { hasText: 'VIP-GUESTS' });
  await expect(vipRow).toContainText('不受人數上限');
  await accessible(page, 'invitations, two codes');
  await shots(page, info, 'invitations-zh-tw');
  await vipRow.getByTestId('invitation-delete').click();
  await page.getByTestId('invitation-delete-confirm').click();
  await toast(page, '已刪除邀請碼');
  await expect(page.getByTestId('invitation-table')).not.toContainText('VIP-GUESTS');

  // The public check the sign-up page makes answers for the generated code.
  const check = await request.post(`/api/public/meetings/${meeting.public_id}/invitations/check`, {
    data: { code: generated!.code },
  });
  expect((await check.json()).data).toEqual({
    valid: true,
    reason: null,
    user_type_id: null,
    personal: false,
    user_type: null,
    seat_past_public: true,
  });

  // A list of invitees pasted from a sheet: a line without an address is named before anything is
  // sent; then each invitee gets a personal link by mail, and one is sent again.
  const invitees = [`chan.${suffix}@example.com`, `lee.${suffix}@example.com`];
  await page.getByTestId('invitee-open').click();
  await expect(page.getByTestId('invitee-drawer')).toBeVisible();
  await page.getByTestId('invitee-list').fill(`陳大文, ${invitees[0]}, zh-tw\n李小明\n`);
  await expect(page.getByTestId('invitee-bad-lines')).toContainText('2');
  await expect(page.getByTestId('invitee-send')).toBeDisabled();
  await accessible(page, 'invitee list drawer with a bad line');
  await page
    .getByTestId('invitee-list')
    .fill(`陳大文, ${invitees[0]}, zh-tw\nMary Lee, ${invitees[1]}, en\n`);
  await expect(page.getByTestId('invitee-bad-lines')).toHaveCount(0);
  await page.getByTestId('invitee-send').click();
  await toast(page, '已寄出 2 封個人邀請');
  expect((await waitForMail(invitees[0]!)).subject).toContain('誠邀您參加');
  expect((await waitForMail(invitees[1]!)).text).toContain('?invitation=');
  const chanRow = page.getByTestId('invitation-table').locator('tr.ant-table-row', { hasText: invitees[0]! });
  await expect(chanRow.getByTestId('invitee')).toContainText('陳大文');
  await expect(chanRow.getByTestId('invitee')).toContainText('已寄出');
  const before = (await mailsTo(invitees[0]!)).length;
  await chanRow.getByTestId('invitation-resend').click();
  await toast(page, '已重寄邀請');
  await expect.poll(async () => (await mailsTo(invitees[0]!)).length, { timeout: 30_000 }).toBe(before + 1);
  await accessible(page, 'invitations with personal ones');

  // In English.
  await switchLanguage(page, 'en');
  await expect(pageTitle(page)).toHaveText('Invitations');
  await expect(page.getByTestId('invitation-table')).toContainText('A reserved seat');
  await accessible(page, 'invitations in English');
  await shots(page, info, 'invitations-en');
});
