import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { expectReadyOffline, importGuests, openStation, scanWithGun } from '../../support/door.ts';
import { createPublicMeeting, expectNoHorizontalScroll } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/** The door station on a 360 px phone (issue 17): set up online, judging offline, readable and whole. */
test('a phone works as an offline door station', async ({ page, context, request }, info) => {
  test.setTimeout(120_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `手機入口 ${suffix}` });
  const [guest] = await importGuests(api, meeting.id, 2, `Phone ${suffix}`);

  await login(page, 'zh-cn');
  await openStation(page, `手機入口 ${suffix}（简）`, '侧门');
  await expectReadyOffline(page, 2);
  await context.setOffline(true);
  await expect(page.getByTestId('station-offline')).toContainText('离线');
  await scanWithGun(page, guest!.code);
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-tone', 'success');
  await expect(page.getByTestId('scan-result-offline')).toContainText('离线判断');
  await expect(page.getByTestId('station-queue')).toContainText('1 条待上传');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'door-station-zh-cn');
  await expectAccessible(page, 'door station, offline (zh-cn, phone)');
  await context.setOffline(false);
  await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
});
