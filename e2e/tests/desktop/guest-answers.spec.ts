import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPublicMeeting, macaoPhone, publicSignUp } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, pageTitle, snap, switchLanguage } from '../../support/session.ts';

const tri = (zhTw: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhTw, en });
const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, en) });

/** The meeting's own fields: a choice, a multiple choice, yes/no, and hotel (retired once answered). */
function ownFields(hotelRetired: boolean) {
  return [
    {
      key: 'specialty',
      type: 'choice',
      label: tri('專科', 'Specialty'),
      required: true,
      options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
    },
    { key: 'hotel', type: 'yes_no', label: tri('需要酒店', 'Hotel'), retired: hotelRetired },
    {
      key: 'topics',
      type: 'multi_choice',
      label: tri('主題', 'Topics'),
      options: [option('ai', '人工智能', 'AI'), option('ethics', '倫理', 'Ethics')],
    },
    { key: 'member', type: 'yes_no', label: tri('學會會員', 'Member') },
  ];
}

function guest(name: string, answers: Record<string, unknown>) {
  return {
    meeting_type: 'general',
    name,
    gender: 'female',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    institution: 'Kiang Wu Hospital',
    job_title: 'Doctor',
    contact_name: 'Front desk',
    contact_number: '28000000',
    contact_phone: '66999999',
    answers,
  };
}

/** The exported file as rows of cell values (row 1: the headers). */
async function exported(page: Page): Promise<unknown[][]> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('guest-export').click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test("the organiser sees, filters, opens and exports the guests' answers to the meeting's own fields", async ({
  page,
  request,
}, info) => {
  // Two languages, each with the list, the detail and the file, and an axe run on each screen.
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `自訂欄位 ${suffix}` });
  await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: ownFields(false), version: 0 });
  const people: [string, Record<string, unknown>][] = [
    ['Lam Ka Wai', { specialty: 'surgery', hotel: true, topics: ['ai', 'ethics'], member: true }],
    ['Chan Tai Man', { specialty: 'medicine', topics: ['ethics'], member: false }],
    ['Wong Siu Ming', { specialty: 'surgery', member: false }],
  ];
  for (const [name, answers] of people) await publicSignUp(request, meeting.public_id, guest(name, answers));
  await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: ownFields(true), version: 1 });

  await login(page);
  await page.goto('/#/meeting_management/guest');
  await expect(pageTitle(page)).toHaveText('嘉賓列表');
  await chooseOption(page, 'guest-meeting', `自訂欄位 ${suffix}（繁）`);
  const table = page.getByTestId('guest-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  // A column per own field, the retired one marked, answers in words.
  const header = table.locator('thead');
  for (const title of ['專科', '主題', '學會會員', '需要酒店']) await expect(header).toContainText(title);
  await expect(header).toContainText('已停用');
  await expect(rows.filter({ hasText: 'Lam Ka Wai' })).toContainText('人工智能; 倫理');
  await expectAccessible(page, 'guest list with answer columns (zh-tw)');
  // The own fields' columns come after the built-in ones: scrolled to for the record.
  await header.getByText('專科').scrollIntoViewIfNeeded();
  await snap(page, info, 'guest-answers-list-zh-tw');

  // A choice filter: two surgeons of three.
  await chooseOption(page, 'guest-filter-answer-specialty', '外科');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('list-toolbar-total').filter({ visible: true })).toContainText('2');
  await expect(table).not.toContainText('Chan Tai Man');
  await expect(page).toHaveURL(/answer=specialty%3Asurgery/);

  // The detail lists the answers, the retired field marked.
  await rows.filter({ hasText: 'Lam Ka Wai' }).getByTestId('guest-view').click();
  const answers = page.getByTestId('guest-answers');
  await expect(answers).toContainText('外科');
  await expect(answers).toContainText('人工智能; 倫理');
  await expect(answers.getByTestId('guest-answer-retired')).toHaveText('已停用');
  await expectAccessible(page, 'guest detail with answers (zh-tw)');
  await answers.scrollIntoViewIfNeeded();
  await snap(page, info, 'guest-answers-detail-zh-tw');
  await page.getByTestId('guest-detail').locator('.ant-drawer-close').click();
  await expect(page.getByTestId('guest-detail')).toBeHidden();

  // The export follows the filter: the answer columns, multiple choices joined, the retired one last.
  const [zhHeader, ...zhRows] = await exported(page);
  expect(zhHeader!.slice(zhHeader!.indexOf('專科'), zhHeader!.indexOf('專科') + 4)).toEqual([
    '專科',
    '主題',
    '學會會員',
    '需要酒店',
  ]);
  expect(zhRows).toHaveLength(2);
  expect(new Set(zhRows.map((r) => r[zhHeader!.indexOf('主題')] ?? null))).toEqual(
    new Set(['人工智能; 倫理', null]),
  );

  // An edit changes an answer through the form's own inputs.
  await rows.filter({ hasText: 'Wong Siu Ming' }).getByTestId('guest-edit').click();
  const form = page.getByTestId('guest-form');
  await expect(form.getByTestId('guest-answer-fields')).toBeVisible();
  await form.getByTestId('guest-answer-member').getByText('是').click();
  await form.getByTestId('guest-answer-topics').getByText('人工智能').click();
  await expectAccessible(page, 'guest form with own fields (zh-tw)');
  await form.getByTestId('guest-answer-fields').scrollIntoViewIfNeeded();
  await snap(page, info, 'guest-answers-form-zh-tw');
  await form.getByTestId('guest-form-submit').click();
  await expect(form).toBeHidden();
  await expect(rows.filter({ hasText: 'Wong Siu Ming' })).toContainText('人工智能');

  // The same in English: headers, answers and the file in the page's language.
  await switchLanguage(page, 'en');
  await expect(header).toContainText('Specialty');
  await expect(header).toContainText('Retired');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Lam Ka Wai' })).toContainText('AI; Ethics');
  await expectAccessible(page, 'guest list with answer columns (en)');
  await header.getByText('Specialty').scrollIntoViewIfNeeded();
  await snap(page, info, 'guest-answers-list-en');
  await rows.filter({ hasText: 'Lam Ka Wai' }).getByTestId('guest-view').click();
  await expect(answers).toContainText('Surgery');
  await expect(answers.getByTestId('guest-answer-retired')).toHaveText('Retired');
  await expectAccessible(page, 'guest detail with answers (en)');
  await answers.scrollIntoViewIfNeeded();
  await snap(page, info, 'guest-answers-detail-en');
  await page.getByTestId('guest-detail').locator('.ant-drawer-close').click();
  const [enHeader, ...enRows] = await exported(page);
  expect(enHeader).toEqual(expect.arrayContaining(['Specialty', 'Topics', 'Member', 'Hotel']));
  expect(enRows.map((r) => r[enHeader!.indexOf('Member')]).sort()).toEqual(['Yes', 'Yes']);
});
