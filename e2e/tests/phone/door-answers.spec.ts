import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { expectReadyOffline, importGuests, openStation, scanWithGun } from '../../support/door.ts';
import { createPublicMeeting, expectNoHorizontalScroll } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/** The door's questions (issue 42) on a 360 px phone station, offline: whole, readable, queued. */
const tri = (zhTw: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhTw, en });

test('a phone station asks the door questions offline and uploads the answers', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(120_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `手機問題 ${suffix}` });
  await api.call('PUT', `/meetings/${meeting.id}/form`, {
    fields: [
      {
        key: 'lunch',
        type: 'yes_no',
        label: tri('是否需要午餐（會場供應，請於入場時告知工作人員）', 'Lunch'),
        ask_at_door: true,
      },
      { key: 'hotel', type: 'short_text', label: tri('住宿酒店', 'Hotel'), ask_at_door: true },
    ],
    version: 0,
  });
  const [guest] = await importGuests(api, meeting.id, 1, `Phone asked ${suffix}`);

  await login(page, 'zh-tw');
  await openStation(page, `手機問題 ${suffix}（繁）`, '側門');
  await expectReadyOffline(page, 1);
  await context.setOffline(true);
  await expect(page.getByTestId('station-offline')).toBeVisible();
  await scanWithGun(page, guest!.code);
  await expect(page.getByTestId('door-questions')).toContainText('入場問題');
  await page.getByRole('radio', { name: '是' }).check();
  await page.getByTestId('door-question-hotel').fill('Grand Lisboa');
  await expectNoHorizontalScroll(page);
  const screen = page.getByTestId('scan-screen');
  expect(await screen.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await snap(page, info, 'door-questions-zh-tw');
  await expectAccessible(page, 'door questions, offline (zh-tw, phone)');
  await page.getByTestId('door-questions-save').click();
  await expect(page.getByTestId('scan-door-answers')).toContainText('回答已保存在本機');

  await context.setOffline(false);
  await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await expect
    .poll(
      async () =>
        (
          await api.call<{ saved: string[] }>('POST', '/attendance/door-answers', {
            meeting_id: meeting.id,
            guest_id: guest!.id,
            answers: { lunch: true, hotel: 'Grand Lisboa' },
          })
        ).saved,
    )
    .toEqual([]);
});
