import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../../support/axe.ts';
import { Api } from '../../support/api.ts';
import { pngImage } from '../../support/files.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { login, snap } from '../../support/session.ts';

/** Meetings with the long names and addresses colleges give them, in all three languages. */
async function createLongMeetings(api: Api, tag = '') {
  const org = await api.call<{ id: number }>('POST', '/organizations', {
    name: `Macao Medical College ${String(Date.now()).slice(-6)}`,
  });
  const banner = await api.upload(
    '/files',
    { kind: 'banner' },
    { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(360, 120) },
  );
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const meeting = await api.call<{ id: number }>('POST', '/meetings', {
      organization_id: org.id,
      name: `第${n}屆澳門內科醫學年會暨臨床研究研討會${tag}`,
      name_cn: `第${n}届澳门内科医学年会暨临床研究研讨会${tag}`,
      name_en: `The ${n}th Annual Meeting of Macao Internal Medicine Physicians and Clinical Research Symposium${tag}`,
      location: '澳門氹仔路氹連貫公路澳門威尼斯人金光會展中心 A 廳',
      location_cn: '澳门氹仔路氹连贯公路澳门威尼斯人金光会展中心 A 厅',
      location_en:
        'Cotai Expo Hall A, The Venetian Macao Resort Hotel, Estrada da Baía de N. Senhora da Esperança, Taipa',
      start_at: Date.parse(`2030-0${n}-10T09:00:00+08:00`),
      end_at: Date.parse(`2030-0${n}-12T18:00:00+08:00`),
      registration_limit: 100,
      multi_language: true,
      signup_enabled: true,
      meeting_type: 'date_schedule',
      banner_file_id: banner.id,
    });
    ids.push(meeting.id);
  }
  return ids;
}

/**
 * Words the browser broke across lines: every Latin word (hyphenated ones whole) in the table's
 * headers and cells, and every header whole (a Chinese header split after three of its four
 * characters is broken too), nor running out of its cell. A range over a word that wraps has boxes on
 * more than one line.
 */
function brokenWords(table: Locator) {
  return table.evaluate((root) => {
    const lineCount = (range: Range) =>
      new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    const broken: string[] = [];
    for (const cell of root.querySelectorAll('th, td')) {
      if (cell.tagName === 'TH' && cell.scrollWidth > cell.clientWidth)
        broken.push(`${cell.textContent} (overflows)`);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const words =
          cell.tagName === 'TH'
            ? [{ index: 0, word: text }]
            : [...text.matchAll(/[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}'’.&-]*/gu)].map((m) => ({
                index: m.index,
                word: m[0],
              }));
        for (const { index, word } of words) {
          if (!word.trim()) continue;
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + word.length);
          if (lineCount(range) > 1) broken.push(word);
        }
      }
    }
    return broken;
  });
}

/** Sidebar labels cut short (with an ellipsis) in the sidebar, every group open. */
async function truncatedMenuLabels(page: Page) {
  const sidebar = page.getByTestId('sidebar');
  for (const group of await sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open)').all()) {
    await group.locator('.ant-menu-submenu-title').click();
  }
  await expect(sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open)')).toHaveCount(0);
  return sidebar
    .locator('.ant-menu-title-content')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent),
    );
}

const LANGUAGES = [
  { lang: 'en', waiting: 'Waiting', actions: 'Actions', more: 'More' },
  { lang: 'zh-tw', waiting: '候補人數', actions: '操作', more: '更多' },
] as const;

test('the meeting list fits a 1366 px screen: whole words, three actions and More, waiting count in view', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const tag = ` ${String(Date.now()).slice(-6)}`;
  await createLongMeetings(await Api.login(request), tag);
  for (const { lang, waiting, actions: actionsTitle, more } of LANGUAGES) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await login(page, lang);
    // These meetings alone, whatever other tests left in the list.
    await page.goto(`/#/meeting_management/meeting?keyword=${encodeURIComponent(tag.trim())}`);
    const table = page.getByTestId('meeting-table');
    const rows = table.locator('tbody tr.mf-table-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText(lang === 'en' ? 'Symposium' : '研討會');
    await snap(page, info, `meeting-list-${lang}-1366`);

    expect(await brokenWords(table), `${lang}: words broken across lines`).toEqual([]);

    // At most three actions on each row, then More.
    for (const row of await rows.all()) {
      const actions = row.getByTestId('meeting-row-actions');
      await expect(actions.getByTestId('meeting-more-button')).toHaveText(more);
      expect(await actions.getByRole('button').count()).toBeLessThanOrEqual(4);
      const box = (await actions.boundingBox())!;
      expect(box.height, `${lang}: the actions of a row stay on one line`).toBeLessThan(40);
    }

    // The waiting count is on screen, clear of the action column pinned at the right edge.
    const waitingHeader = table.locator('th', { hasText: waiting });
    const actionsHeader = table.locator('th', { hasText: actionsTitle });
    await expect(waitingHeader).toBeInViewport({ ratio: 1 });
    const waitingBox = (await waitingHeader.boundingBox())!;
    const actionsBox = (await actionsHeader.boundingBox())!;
    expect(waitingBox.x + waitingBox.width).toBeLessThanOrEqual(actionsBox.x + 0.5);
    const column = await waitingHeader.evaluate((th) => (th as HTMLTableCellElement).cellIndex);
    const firstCount = rows.first().locator('td').nth(column);
    await expect(firstCount).toBeInViewport({ ratio: 1 });
    const countBox = (await firstCount.boundingBox())!;
    expect(countBox.x + countBox.width).toBeLessThanOrEqual(actionsBox.x + 0.5);

    await expectAccessible(page, `meeting list (${lang}, 1366 px)`);

    // More opens from the keyboard, its first entry focused; Escape closes it and focus comes back.
    const moreButton = rows.first().getByTestId('meeting-more-button');
    await moreButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByTestId('meeting-more-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await expectAccessible(page, `meeting list, More open (${lang})`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    expect(await truncatedMenuLabels(page), `${lang}: sidebar labels cut short`).toEqual([]);
    await context.close();
  }
});

test('the schedule editor keeps each session’s delete action on a 1366 px screen without scrolling', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const tag = ` ${String(Date.now()).slice(-6)}`;
  const id = (await createLongMeetings(api, tag))[2]!;
  const meeting = {
    id,
    name_en: `The 3th Annual Meeting of Macao Internal Medicine Physicians and Clinical Research Symposium${tag}`,
  };
  const session = await api.call<{ id: number }>('POST', `/meetings/${meeting.id}/schedules`, {
    name: '第一場 臨床個案分享與專題研討：心血管疾病的最新治療進展',
    name_cn: '第一场 临床个案分享与专题研讨：心血管疾病的最新治疗进展',
    name_en: 'Session 1: Clinical case studies and research seminar on cardiovascular treatment',
    signup_limit: 100,
    date: '2030-03-10',
  });

  await login(page, 'en');
  const row = page.getByTestId('meeting-table').locator('tr', { hasText: meeting.name_en });
  await (await meetingAction(page, row, 'meeting-schedule-button')).click();
  const editor = page.getByTestId('schedule-editor');
  await expect(editor.getByTestId('schedule-table')).toContainText('Session 1');
  const remove = editor.getByTestId(`schedule-delete-${session.id}`);
  await expect(remove).toBeInViewport({ ratio: 1 });
  // The drawer does not scroll sideways (a long table scrolls in its own box, the action pinned).
  const box = (await remove.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  const drawerBody = editor.locator('xpath=ancestor::div[contains(@class, "ant-drawer-body")]');
  expect(await drawerBody.evaluate((body) => body.scrollWidth - body.clientWidth)).toBeLessThanOrEqual(0);
  await snap(page, info, 'schedule-editor-1366');
  await expectAccessible(page, 'schedule editor (en, 1366 px)');

  // Its confirmation opens on screen too, and deletes the session.
  await remove.click();
  const confirm = page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await confirm.click();
  await expect(editor.getByTestId('schedule-table')).not.toContainText('Session 1');
});
