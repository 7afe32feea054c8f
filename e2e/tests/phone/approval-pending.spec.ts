import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import {
  createPublicMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';

/*
 * Issue 45 on the applicant's phone (360 px): a sign-up that waits for approval shows "awaiting
 * approval" instead of the guest code, and that the application was received instead of a
 * confirmation to send again; an application holding no seat that was rejected shows the
 * organiser's reason. In zh-tw, then English.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../screenshots');

interface SignedUp {
  guest_token: string;
  guest: { guest_code: string | null; approval?: string } | null;
  application?: { status: string; reason: string } | null;
}

async function admission(api: Api, meetingId: number, holdsSeat: boolean) {
  await api.call('PUT', `/meetings/${meetingId}/admission`, {
    approval: 'all',
    approval_holds_seat: holdsSeat,
    approval_user_type_ids: [],
    reject_erase_days: 7,
    group_max: 0,
  });
}

async function apply(request: APIRequestContext, publicId: string, name: string): Promise<SignedUp> {
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
    },
  });
  const body = (await response.json()) as { code: number; message: string; data: SignedUp };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/** This phone holds the applicant's token (as after the sign-up on it). */
async function openAs(page: Page, publicId: string, token: string) {
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: `mf_guest_${publicId}`,
    value: JSON.stringify(token),
  });
  await page.goto(`/#/enroll-info/${publicId}`);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('a pending applicant sees that the organiser decides, not a code', async ({ page, request }) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `待審核 ${Date.now()}` });
  await admission(api, meeting.id, true);
  const signedUp = await apply(request, meeting.public_id, 'Dora Lam');
  expect(signedUp.guest?.approval).toBe('pending');
  expect(signedUp.guest?.guest_code).toBeNull();

  await openAs(page, meeting.public_id, signedUp.guest_token);
  const waiting = page.getByTestId('guest-awaiting-approval');
  await expect(waiting).toContainText('等待主辦單位審核');
  await expect(page.getByTestId('guest-qr')).toHaveCount(0);
  // The mail sent was "application received": no confirmation to send again before the decision.
  const received = page.getByTestId('mail-application-received');
  await expect(received).toContainText('已收到您的報名申請');
  await expect(received).toContainText('d***@example.com');
  await expect(page.getByTestId('mail-resend')).toHaveCount(0);
  await expect(page.getByTestId('mail-sent-to')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'pending applicant (zh-tw)');
  await shoot(page, 'approval-pending-guest-360-zh-tw');

  await pickLanguage(page, 'en');
  await expect(waiting).toContainText("Awaiting the organiser's approval");
  await expect(received).toContainText('Your application was received');
  await expect(page.getByTestId('mail-resend')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'pending applicant (en)');
  await shoot(page, 'approval-pending-guest-360-en');
});

test('a rejected applicant holding no seat reads the reason', async ({ page, request }) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `不保留名額 ${Date.now()}` });
  await admission(api, meeting.id, false);
  const signedUp = await apply(request, meeting.public_id, 'Eddie Ho');
  expect(signedUp.guest).toBeNull();
  expect(signedUp.application?.status).toBe('pending');

  await openAs(page, meeting.public_id, signedUp.guest_token);
  const card = page.getByTestId('application-card');
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card).toContainText('等待主辦單位審核');
  await expectAccessible(page, 'pending application (zh-tw)');

  const queue = await api.call<{ items: { id: number; display_name: string }[] }>(
    'GET',
    `/meetings/${meeting.id}/applications`,
  );
  const id = queue.items.find((item) => item.display_name === 'Eddie Ho')!.id;
  await api.call('POST', `/meetings/${meeting.id}/applications/decide`, {
    ids: [id],
    decision: 'reject',
    reason: '名額只限會員',
  });
  await page.reload();
  await expect(card).toHaveAttribute('data-status', 'rejected');
  await expect(page.getByTestId('application-reason')).toContainText('名額只限會員');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'rejected application (zh-tw)');
  await pickLanguage(page, 'en');
  await expect(card).toContainText('Your application was not accepted');
  await shoot(page, 'approval-rejected-application-360-en');
});
