import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../../support/axe.ts';
import { SOURCE_URL } from '../../support/constants.ts';
import { login, snap, switchLanguage } from '../../support/session.ts';

/** The release the repository says it is: the server must report this one, not a number of its own. */
const rootVersion = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const LANGUAGES = [
  {
    language: 'zh-tw',
    title: '關於 MeetFlow',
    version: '版本',
    close: '關閉',
  },
  {
    language: 'en',
    title: 'About MeetFlow',
    version: 'Version',
    close: 'Close',
  },
] as const;

test('the About box shows the running version, the licence and the database, in two languages', async ({
  page,
}, info) => {
  await login(page);
  for (const { language, title, version, close } of LANGUAGES) {
    if (language !== 'zh-tw') await switchLanguage(page, language);
    // Asked of the server when the box opens, every time: the version is the running instance's.
    const healthAnswer = page.waitForResponse((response) => response.url().endsWith('/api/health'));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('about-open').click();
    expect((await healthAnswer).ok()).toBe(true);

    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('about-version')).toHaveText(rootVersion);
    await expect(dialog).toContainText(version);
    await expect(dialog.getByTestId('about-licence')).toHaveText('AGPL-3.0-or-later');
    await expect(dialog.getByTestId('about-licence')).toHaveAttribute(
      'href',
      /gnu\.org\/licenses\/agpl-3\.0/,
    );
    await expect(dialog.getByTestId('about-database')).toHaveText('SQLite');
    // The server's SOURCE_URL, linked (the API test covers an unset one).
    await expect(dialog.getByTestId('about-source').getByRole('link')).toHaveAttribute('href', SOURCE_URL);
    await expectAccessible(page, `About box (${language})`);
    await snap(page, info, `about-${language}`);

    await expect(dialog.getByTestId('about-close')).toHaveAccessibleName(close);
    await dialog.getByTestId('about-close').click();
    await expect(dialog).toBeHidden();
  }
});
