import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { mailsTo, rawHeader, waitForMail } from '../../support/mail.ts';
import { createPublicMeeting, macaoPhone, publicSignUp } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap, switchLanguage } from '../../support/session.ts';

/*
 * Broadcasts from the guest list (issue 15): the organiser filters the list, writes a message in two
 * languages with a placeholder and a live preview, sends a test to their own address (after adding
 * it in personal settings), confirms the number of recipients — asked again when the list changed in
 * between — and follows the progress until every message is sent. The run's SMTP server shows that
 * exactly the filtered guests got it, each with their own name.
 */

const PREVIEW_FRAME = '[data-testid="mail-preview-frame"]';

function guest(name: string, email: string, institution: string) {
  return {
    meeting_type: 'general',
    name,
    gender: 'female',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email,
    institution,
    job_title: 'Doctor',
    contact_name: 'Front desk',
    contact_number: '28000000',
    contact_phone: '66999999',
  };
}

/** Types a broadcast's texts: zh-tw with the {name} placeholder inserted by its button, and English. */
async function writeMessage(page: Page) {
  const drawer = page.getByTestId('broadcast-drawer');
  await drawer.getByRole('tab', { name: '繁體中文' }).click();
  await drawer.getByTestId('broadcast-subject-zh-tw').fill('停車安排');
  const body = drawer.getByTestId('broadcast-body-zh-tw');
  await body.fill('請留意：會場停車場今日免費。');
  await body.press('Home');
  await body.press('ArrowRight');
  await drawer.getByTestId('broadcast-placeholder-name').click();
  await expect(body).toHaveValue('請{name}留意：會場停車場今日免費。');
  await expect(body).toBeFocused();
  await expect(drawer.getByTestId('broadcast-written-zh-tw')).toBeVisible();
  await drawer.getByRole('tab', { name: 'English' }).click();
  await drawer.getByTestId('broadcast-subject-en').fill('Parking');
  await drawer.getByTestId('broadcast-body-en').fill('Parking is free today, {name}.');
  await drawer.getByRole('tab', { name: '繁體中文' }).click();
}

/** The drawer's own scroll back at its top (its tabs in view) for a review screenshot. */
async function scrollDrawerToTop(page: Page) {
  await page.locator('.ant-drawer-open .ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
}

test('the organiser sends a message to the filtered guests, confirms the number and follows it out', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const meetingName = `群發 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name: meetingName });
  const kiangWu = [`chan.${suffix}@example.com`, `wong.${suffix}@example.com`];
  const other = `lee.${suffix}@example.com`;
  await publicSignUp(request, meeting.public_id, guest('Chan Tai Man', kiangWu[0]!, 'Kiang Wu Hospital'));
  await publicSignUp(request, meeting.public_id, guest('Wong Siu Ming', kiangWu[1]!, 'Kiang Wu Hospital'));
  await publicSignUp(request, meeting.public_id, guest('Lee Ka Yan', other, 'Conde S. Januário'));

  // The administrator has no address of their own yet.
  const me = await api.call<{ name: string; language: string | null }>('GET', '/me');
  await api.call('PUT', '/me/profile', { name: me.name, email: null, language: me.language });
  const ownEmail = `admin.${suffix}@example.com`;

  await login(page);
  await page.goto('/#/meeting_management/guest');
  await chooseOption(page, 'guest-meeting', `${meetingName}（繁）`);
  await page.getByTestId('guest-search').locator('input').fill('kiang wu');
  await page.getByTestId('guest-search').locator('input').press('Enter');
  const rows = page.getByTestId('guest-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);

  // The drawer: recipients are the filtered guests, the filter said in words.
  await page.getByTestId('guest-broadcast').click();
  const drawer = page.getByTestId('broadcast-drawer');
  await expect(page.getByText(`群發郵件 · ${meetingName}（繁）`)).toBeVisible();
  await expect(drawer.getByRole('radio', { name: '符合嘉賓列表目前篩選條件的嘉賓' })).toBeChecked();
  await expect(drawer.getByTestId('broadcast-filters')).toContainText('關鍵字：“kiang wu”');
  await expect(drawer.getByTestId('broadcast-form')).toContainText('每位嘉賓會收到其報名語言的版本');

  // Nothing written: the drawer says so instead of sending.
  await page.getByTestId('broadcast-send').click();
  await expect(drawer.getByTestId('broadcast-no-text')).toHaveText('請至少以一種語言填寫主旨和內容。');
  // A subject alone is not enough for its language.
  await drawer.getByTestId('broadcast-subject-zh-tw').fill('停車安排');
  await page.getByTestId('broadcast-send').click();
  await expect(drawer.getByTestId('broadcast-form')).toContainText('已填寫另一欄，此欄亦須填寫');
  await expect(page.getByTestId('broadcast-confirm')).toHaveCount(0);

  await writeMessage(page);
  await expect(drawer.getByTestId('broadcast-fallback')).toHaveText('未撰寫語言的嘉賓將收到：繁體中文');
  // The live preview renders the message for the meeting's first guest.
  const preview = drawer.getByTestId('mail-preview');
  await expect(preview.getByTestId('mail-preview-subject')).toHaveText('停車安排');
  await expect(page.frameLocator(PREVIEW_FRAME).locator('body')).toContainText('會場停車場今日免費。');
  await expectAccessible(page, 'broadcast drawer (zh-tw)', { exclude: PREVIEW_FRAME });
  await scrollDrawerToTop(page);
  await snap(page, info, 'broadcast-zh-tw');

  // A test to oneself needs one's own address: the drawer says where to add it.
  await page.getByTestId('broadcast-test').click();
  await expect(drawer.getByTestId('broadcast-no-own-email')).toContainText(
    '請先在個人設定中填寫您的電郵地址，才能發送測試郵件。',
  );
  // Colours are checked at rest, not under the pointer's hover.
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'broadcast drawer, no own address (zh-tw)', { exclude: PREVIEW_FRAME });
  await drawer.getByTestId('broadcast-open-personal').click();
  await expect(page).toHaveURL(/#\/personal\/setting/);
  await page.getByTestId('profile-email').fill(ownEmail);
  await page.getByTestId('profile-submit').click();
  await expect(page.getByText('個人設定已儲存')).toBeVisible();

  // Back to the guest list: it kept its filter.
  await page.getByTestId('tab-guest').click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId('guest-broadcast').click();
  await writeMessage(page);
  await page.getByTestId('broadcast-test').click();
  await expect(page.getByText(`測試郵件已排入寄件箱，將寄到 ${ownEmail}`)).toBeVisible();
  const test1 = await waitForMail(ownEmail, (mail) => mail.subject === '[TEST] 停車安排');
  // The test is written as the meeting's first guest would read it.
  expect(test1.text).toContain('請Chan Tai Man留意：會場停車場今日免費。');

  // Send: the dialog counts the recipients first.
  await page.getByTestId('broadcast-send').click();
  const confirm = page.getByTestId('broadcast-confirm');
  await expect(confirm.getByTestId('broadcast-count')).toHaveText('將發送給 2 位嘉賓。');
  await expectAccessible(page, 'broadcast confirmation (zh-tw)', { exclude: PREVIEW_FRAME });
  // Meanwhile a third guest from the same hospital signs up: the send is refused and asked again.
  const late = `ho.${suffix}@example.com`;
  await publicSignUp(request, meeting.public_id, guest('Ho Mei Ling', late, 'Kiang Wu Hospital'));
  await page.getByTestId('broadcast-confirm-ok').click();
  await expect(confirm.getByTestId('broadcast-count-changed')).toHaveText(
    '收件人數目已改變，現為 3 位。請再次確認。',
  );
  await expect(confirm.getByTestId('broadcast-count')).toHaveText('將發送給 3 位嘉賓。');
  await page.getByTestId('broadcast-confirm-ok').click();
  await expect(page.getByText('郵件已排入寄件箱，將發送給 3 位嘉賓')).toBeVisible();
  await expect(confirm).toBeHidden();

  // The sent messages: progress until all three are sent.
  const history = drawer.getByTestId('broadcast-history');
  await expect(history).toBeVisible();
  const item = history.getByTestId('broadcast-item').first();
  await expect(item.getByTestId('broadcast-subject')).toHaveText('停車安排');
  await expect(item.getByTestId('broadcast-counts')).toContainText('（共 3 位）');
  await expect(item.getByTestId('broadcast-state')).toHaveText('已完成', { timeout: 30_000 });
  await expect(item.getByTestId('broadcast-counts')).toHaveText(
    '已發送 3 · 失敗 0 · 已略過 0 · 等候 0（共 3 位）',
  );
  await expect(item.getByTestId('broadcast-progress')).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page, 'broadcast progress (zh-tw)');
  await snap(page, info, 'broadcast-progress-zh-tw');

  // Exactly the filtered guests got it, each with their own name and a way to unsubscribe.
  for (const [email, name] of [
    [kiangWu[0]!, 'Chan Tai Man'],
    [kiangWu[1]!, 'Wong Siu Ming'],
    [late, 'Ho Mei Ling'],
  ] as const) {
    const mail = await waitForMail(email, (m) => m.subject === '停車安排');
    expect(mail.text).toContain(`請${name}留意：會場停車場今日免費。`);
    expect(rawHeader(mail, 'List-Unsubscribe')).toContain('/api/public/unsubscribe?token=');
    expect(mail.text).toContain('/#/unsubscribe/');
  }
  expect(await mailsTo(other, (m) => m.subject === '停車安排')).toHaveLength(0);

  // The same drawer in English: the history and a confirmation for everybody (four guests).
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(drawer).toBeHidden();
  await switchLanguage(page, 'en');
  await page.getByTestId('guest-broadcast').click();
  await expect(page.getByText(`Send message · ${meetingName} (EN)`)).toBeVisible();
  await expect(drawer.getByTestId('broadcast-filters')).toContainText('Keyword: “kiang wu”');
  await drawer.getByRole('radio', { name: 'All guests of this meeting' }).check();
  await drawer.getByRole('tab', { name: 'English' }).click();
  await drawer.getByTestId('broadcast-subject-en').fill('Lunch');
  await drawer.getByTestId('broadcast-body-en').fill('Lunch is served at noon, {name}.');
  await expect(drawer.getByTestId('broadcast-fallback')).toHaveText(
    'Guests whose language is not written get: English',
  );
  await expect(drawer.getByTestId('mail-preview-subject')).toHaveText('Lunch');
  await expectAccessible(page, 'broadcast drawer (en)', { exclude: PREVIEW_FRAME });
  await scrollDrawerToTop(page);
  await snap(page, info, 'broadcast-en');
  await page.getByTestId('broadcast-send').click();
  await expect(page.getByTestId('broadcast-count')).toHaveText('This will e-mail 4 guests.');
  await snap(page, info, 'broadcast-confirm-en');
  await page.getByTestId('broadcast-confirm-cancel').click();
  await expect(page.getByTestId('broadcast-confirm')).toBeHidden();
  await drawer.getByRole('tab', { name: 'Sent messages' }).click();
  await expect(item.getByTestId('broadcast-state')).toHaveText('Finished');
  await expect(item.getByTestId('broadcast-counts')).toHaveText(
    'Sent 3 · failed 0 · skipped 0 · queued 0 (of 3)',
  );
  await expectAccessible(page, 'broadcast progress (en)');
  await snap(page, info, 'broadcast-progress-en');
});
