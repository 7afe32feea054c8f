import { expect, test } from '@playwright/test';
import { expectAccessible } from '../../support/axe.ts';
import { SOURCE_URL } from '../../support/constants.ts';
import { login, snap } from '../../support/session.ts';

/**
 * At 360 px the source URL is one unbreakable word: it must wrap inside its column, not widen the box
 * past the screen nor squeeze the labels until Chinese breaks them one character a line.
 */
test('the About box fits a 360 px phone, its labels whole and the source URL wrapped', async ({
  page,
}, info) => {
  await login(page, 'zh-cn');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('about-open').click();
  const dialog = page.getByRole('dialog', { name: '关于 MeetFlow' });
  await expect(dialog.getByTestId('about-source').getByRole('link')).toHaveAttribute('href', SOURCE_URL);

  const layout = await dialog.evaluate((box) => ({
    overflow: box.scrollWidth - box.clientWidth,
    right: box.getBoundingClientRect().right,
    labels: [...box.querySelectorAll('dt')].map((label) => ({
      text: label.textContent,
      height: label.getBoundingClientRect().height,
      // One line is under twice the font size whatever `line-height: normal` makes it; two are over.
      font: parseFloat(getComputedStyle(label).fontSize),
    })),
  }));
  expect(layout.overflow).toBeLessThanOrEqual(0);
  expect(layout.right).toBeLessThanOrEqual(360);
  for (const label of layout.labels) {
    expect(label.height, `label ${label.text} on one line`).toBeLessThan(label.font * 2);
  }
  await expectAccessible(page, 'About box (phone, zh-cn)');
  await snap(page, info, 'about-zh-cn');
});
