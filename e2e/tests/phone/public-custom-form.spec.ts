import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { pdfDocument } from '../../support/files.ts';
import {
  createDateScheduleMeeting,
  createPublicMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * A meeting's own fields on the phone (issue 42): set up through the builder's API, filled in by a
 * visitor at 360 px — a field appearing after a choice, a required error naming its field, a reload
 * that keeps what was typed, a file upload that survives a dropped connection — then the sign-up.
 * Also the date-schedule form in zh-tw (a field for one registration type) and the organiser's
 * preview in the builder's frame.
 */

const tri = (zhTw: string, zhCn: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhCn, en });
const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, zhTw, en) });

const SURGEON_FORM = [
  { key: 'intro', type: 'heading', label: tri('專業資料', '专业资料', 'Professional details') },
  {
    key: 'note',
    type: 'note',
    label: tri('請如實填寫。', '请如实填写。', 'Please answer truthfully.'),
  },
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', '专科', 'Specialty'),
    required: true,
    options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
  },
  {
    key: 'subspecialty',
    type: 'multi_choice',
    label: tri('次專科', '次专科', 'Sub-specialty'),
    required: true,
    min: 1,
    max: 2,
    options: [
      option('robotic', '機械人', 'Robotic'),
      option('open', '開放式', 'Open'),
      option('lap', '腹腔鏡', 'Laparoscopic'),
    ],
    show_if: { key: 'specialty', values: ['surgery'] },
  },
  {
    key: 'robotic_years',
    type: 'number',
    label: tri('機械人手術年資', '机器人手术年资', 'Years of robotic surgery'),
    required: true,
    min: 0,
    max: 60,
    show_if: { key: 'subspecialty', values: ['robotic'] },
  },
  {
    key: 'hospital',
    type: 'short_text',
    label: tri('醫院', '医院', 'Hospital'),
    help: tri('全名', '全名', 'Full name, as on your badge'),
    required: true,
  },
  { key: 'remarks', type: 'long_text', label: tri('備註', '备注', 'Remarks') },
  { key: 'accompanied', type: 'yes_no', label: tri('有同行者', '有同行者', 'Accompanied') },
  { key: 'birthday', type: 'date', label: tri('出生日期', '出生日期', 'Date of birth') },
  { key: 'work_email', type: 'email', label: tri('工作電郵', '工作电邮', 'Work e-mail') },
  { key: 'office_phone', type: 'phone', label: tri('辦公室電話', '办公室电话', 'Office phone') },
  {
    key: 'membership',
    type: 'file',
    label: tri('會員證明', '会员证明', 'Proof of membership'),
    required: true,
  },
  {
    key: 'photo_ok',
    type: 'consent',
    label: tri('同意拍照', '同意拍照', 'I agree to be photographed'),
    required: true,
  },
];

async function fillGeneral(page: Page, phone: string) {
  await page.getByTestId('field-name').fill('Chan Tai Man');
  await page.getByTestId('field-gender-male').check();
  await page.getByTestId('field-local_guest-yes').check();
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('field-email').fill('tai.man@example.com');
  await page.getByTestId('field-contact_number').fill('28000000');
  await page.getByTestId('field-contact_phone').fill('66000000');
}

test('a visitor fills in a custom form in en: conditions, errors, a reload, an upload retried', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `Custom form ${Date.now()}`,
    privacyNotice: { en: 'We keep your data for the meeting only.' },
  });
  await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: SURGEON_FORM, version: 0 });
  const phone = macaoPhone();

  // The link names the language (as mails write it): the page opens in English.
  await page.goto(`/#/sign-up/${meeting.public_id}?lang=en`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const custom = page.getByTestId('custom-fields');
  await expect(custom).toContainText('Professional details');
  await expect(custom).toContainText('Please answer truthfully.');
  // Before the privacy consent, after the built-in fields.
  const order = await page.evaluate(() => {
    const at = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    const fields = at('custom-fields');
    return {
      afterBuiltIn: !!(
        at('field-contact_phone')!.compareDocumentPosition(fields!) & Node.DOCUMENT_POSITION_FOLLOWING
      ),
      beforeConsent: !!(
        fields!.compareDocumentPosition(at('privacy-consent')!) & Node.DOCUMENT_POSITION_FOLLOWING
      ),
    };
  });
  expect(order).toEqual({ afterBuiltIn: true, beforeConsent: true });
  await expect(page.getByTestId('field-answers.subspecialty')).toHaveCount(0);

  // A required error names the field, beside it and in the summary.
  await fillGeneral(page, phone);
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-summary')).toBeFocused();
  await expect(page.getByTestId('error-summary')).toContainText('Specialty is required');
  await expect(page.getByTestId('error-answers.specialty')).toHaveText('Specialty is required');
  await expect(page.getByTestId('error-answers.membership')).toHaveText('Proof of membership is required');
  await expect(page.getByTestId('field-answers.hospital')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'custom form with errors (en)');
  await snap(page, info, 'public-custom-form-errors-en');
  // The language switch says the fields and their errors again, in zh-tw.
  await pickLanguage(page, 'zh-tw');
  await expect(page.getByTestId('error-answers.specialty')).toHaveText('「專科」：此欄位必填');
  await expect(page.getByTestId('error-summary')).toContainText('「會員證明」：此欄位必填');
  await expect(custom).toContainText('專業資料');
  await expect(page.getByTestId('field-answers.membership-box')).toContainText('選擇檔案');
  await expectAccessible(page, 'custom form with errors (zh-tw)');
  await snap(page, info, 'public-custom-form-errors-zh-tw');
  await pickLanguage(page, 'en');

  // A choice brings the field that depends on it, and that one the next.
  await page.getByTestId('field-answers.specialty-surgery').check();
  await expect(page.getByTestId('error-answers.specialty')).toHaveCount(0);
  await expect(page.getByTestId('field-answers.subspecialty')).toBeVisible();
  await expect(page.getByTestId('field-answers.subspecialty')).toContainText('Choose 1 to 2');
  await expect(page.getByTestId('field-answers.robotic_years')).toHaveCount(0);
  await page.getByTestId('field-answers.subspecialty-robotic').check();
  await page.getByTestId('field-answers.robotic_years').fill('7');
  await page.getByTestId('field-answers.hospital').fill('Kiang Wu Hospital');
  await page.getByTestId('field-answers.remarks').fill('Arrives late');
  await page.getByTestId('field-answers.accompanied-no').check();
  await page.getByTestId('field-answers.birthday').fill('1980-02-29');
  await page.getByTestId('field-answers.office_phone-area').selectOption('852');
  await page.getByTestId('field-answers.office_phone').fill('2345 6789');

  // A reload keeps every typed value, built-in and custom.
  await page.reload();
  await expect(page.getByTestId('field-name')).toHaveValue('Chan Tai Man');
  await expect(page.getByTestId('field-phone')).toHaveValue(phone);
  await expect(page.getByTestId('field-answers.specialty-surgery')).toBeChecked();
  await expect(page.getByTestId('field-answers.subspecialty-robotic')).toBeChecked();
  await expect(page.getByTestId('field-answers.robotic_years')).toHaveValue('7');
  await expect(page.getByTestId('field-answers.hospital')).toHaveValue('Kiang Wu Hospital');
  await expect(page.getByTestId('field-answers.accompanied-no')).toBeChecked();
  await expect(page.getByTestId('field-answers.birthday')).toHaveValue('1980-02-29');
  await expect(page.getByTestId('field-answers.office_phone-area')).toHaveValue('852');
  await expect(page.getByTestId('field-answers.office_phone')).toHaveValue('2345 6789');

  // The connection drops during the upload: tried again, then a retry button; nothing else is lost.
  const uploads = `**/api/public/meetings/${meeting.public_id}/uploads`;
  let dropped = 0;
  await page.route(uploads, async (route) => {
    dropped += 1;
    await route.abort('internetdisconnected');
  });
  const file = { name: 'membership card.pdf', mimeType: 'application/pdf', buffer: pdfDocument() };
  await page.getByTestId('field-answers.membership').setInputFiles(file);
  await expect(page.getByTestId('retry-answers.membership')).toBeVisible({ timeout: 15_000 });
  expect(dropped).toBe(3);
  await expect(page.getByTestId('status-answers.membership')).toContainText('The upload failed');
  await expect(page.getByTestId('field-answers.hospital')).toHaveValue('Kiang Wu Hospital');
  await page.unroute(uploads);
  await page.getByTestId('retry-answers.membership').click();
  await expect(page.getByTestId('status-answers.membership')).toHaveText(
    /Uploaded: membership card\.pdf \(\d+ KB\)/,
  );
  await expect(page.getByTestId('remove-answers.membership')).toBeVisible();

  await page.getByTestId('field-answers.photo_ok').check();
  await page.getByTestId('field-consent').check();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'custom form filled in (en)');
  await snap(page, info, 'public-custom-form-en');

  // The file stays named across a reload too.
  await page.reload();
  await expect(page.getByTestId('status-answers.membership')).toContainText('membership card.pdf');
  await page.getByTestId('field-consent').check();
  await page.getByTestId('sign-up-submit').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}`));
  await expect(page.getByTestId('guest-name')).toHaveText('Chan Tai Man');
  // Signed up: the draft is gone.
  const kept = await page.evaluate((id) => sessionStorage.getItem(`mf_signup_${id}`), meeting.public_id);
  expect(kept).toBeNull();
  const guests = await api.call<{ items: { id: number }[] }>('GET', `/meetings/${meeting.id}/guests`);
  expect(guests.items).toHaveLength(1);
});

test('the date-schedule form in zh-tw shows a field to one registration type and names it when empty', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const { meeting, doctor, sessions } = await createDateScheduleMeeting(api, `自訂表格 ${Date.now()}`);
  await api.call('PUT', `/meetings/${meeting.id}/form`, {
    version: 0,
    fields: [
      {
        key: 'college',
        type: 'short_text',
        label: tri('所屬醫學會', '所属医学会', 'College'),
        required: true,
        user_type_ids: [doctor],
      },
      {
        key: 'diet',
        type: 'choice',
        label: tri('膳食', '膳食', 'Diet'),
        options: [option('none', '沒有要求', 'No needs'), option('veg', '素食', 'Vegetarian')],
      },
    ],
  });

  await page.goto(`/#/sign-up/${meeting.public_id}?lang=zh-tw`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByTestId('field-answers.diet')).toBeVisible();
  await expect(page.getByTestId('field-answers.college')).toHaveCount(0);
  await page.getByTestId('field-name_zh').fill('陳大文');
  await page.getByTestId('field-name_en').fill('Chan Tai Man');
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(macaoPhone());
  await page.getByTestId('field-email').fill('ds.custom@example.com');
  await page.getByTestId('field-user_type_id').selectOption(String(doctor));
  await page.getByTestId('field-license_number').fill('NA');
  await expect(page.getByTestId('field-answers.college')).toBeVisible();
  await page.getByTestId('field-answers.diet-veg').check();
  await page.getByTestId('sign-up-next').click();
  await expect(page.getByTestId('error-summary')).toContainText('「所屬醫學會」：此欄位必填');
  await expect(page.getByTestId('error-answers.college')).toHaveText('「所屬醫學會」：此欄位必填');
  await expectAccessible(page, 'date-schedule custom form with an error (zh-tw)');
  await snap(page, info, 'public-custom-form-zh-tw');

  await page.getByTestId('field-answers.college').fill('澳門內科醫學會');
  await page.getByTestId('sign-up-next').click();
  await page.getByTestId(`session-option-${sessions.a}`).check();
  await page.getByTestId('sign-up-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}`));
});

test("the organiser's preview shows the builder's draft in its frame, even for a closed meeting", async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `Preview ${Date.now()}`,
    signupEnabled: false,
  });
  // The builder's page: any page of the app's origin, with the sign-up page in a frame.
  await page.goto('/#/login');
  const storedLanguage = () => page.evaluate(() => localStorage.getItem('mf_lang'));
  const before = await storedLanguage();
  await page.evaluate((publicId) => {
    window.addEventListener('message', (event) => {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { type?: string }).type !== 'meetflow:form-preview-ready') return;
      (event.source as Window).postMessage(
        {
          type: 'meetflow:form-preview',
          fields: [
            { key: 'draft_q', type: 'short_text', label: { 'zh-tw': '草稿問題', en: 'Draft question' } },
          ],
        },
        window.location.origin,
      );
    });
    const frame = document.createElement('iframe');
    frame.id = 'builder-preview';
    frame.title = 'Preview';
    frame.style.width = '360px';
    frame.style.height = '700px';
    frame.src = `/#/sign-up/${publicId}?preview=1&lang=en`;
    document.body.append(frame);
  }, meeting.public_id);
  const preview = page.frameLocator('#builder-preview');
  await expect(preview.getByTestId('form-preview-banner')).toContainText('Preview');
  await expect(preview.getByTestId('field-answers.draft_q')).toBeVisible();
  await expect(preview.getByTestId('sign-up-submit')).toBeDisabled();
  await expect(preview.getByTestId('sign-up-closed')).toHaveCount(0);
  // The frame shows English without recording it as the organiser's language.
  await expect(preview.locator('html')).toHaveAttribute('lang', 'en');
  expect(await storedLanguage()).toBe(before);
  await page.locator('#builder-preview').scrollIntoViewIfNeeded();
  await snap(page, info, 'public-form-preview-en');
});
